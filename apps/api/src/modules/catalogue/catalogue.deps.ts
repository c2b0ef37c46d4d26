import type { CatalogueNotifier } from '../../lib/deps';
import type { CatalogueView } from './catalogue.read-model';
import type { CatalogueChange } from './catalogue.service';

/**
 * The catalogue read model as services reach it (`deps.catalogue`): a component that lives as long
 * as the app (it listens for changes and rebuilds, ADR 006), not a service. Its current view, and
 * the calls that tell it what a committed write changed.
 */
export interface Catalogue extends CatalogueNotifier {
  /** The catalogue as it is now (the admin can change its settings, such as the per-order cap). */
  readonly view: CatalogueView;
  /** Applies a committed write the catalogue shows (some products, or the small tables), and tells the other processes. */
  changed(change?: CatalogueChange): Promise<void>;
}

// The catalogue's part of what the app gives its services: lib/deps.ts knows no module, so the module adds it.
declare module '../../lib/deps' {
  interface ServiceDeps {
    catalogue: Catalogue;
  }
}
