import type { Database } from '@kapaas/db';
import type { CatalogueNotifier } from '../../lib/deps';

/** What the customer calls of returns need: the database, the catalogue to tell of held stock, and the media folder. */
export interface ReturnDeps {
  db: Database;
  catalogue: CatalogueNotifier;
  /** Where photo_upload writes shoppers' photos (under uploads/). */
  mediaDir: string;
}
