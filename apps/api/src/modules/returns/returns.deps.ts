import type { Database } from '@kapaas/db';
import type { CatalogueNotifier } from '../../lib/deps';

/** What the customer calls of returns need: the database, and the catalogue to tell of held stock. */
export interface ReturnDeps {
  db: Database;
  catalogue: CatalogueNotifier;
}
