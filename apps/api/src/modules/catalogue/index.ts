// The catalogue module's public surface: what app.ts and other modules may use.
export type { CatalogueProduct, CatalogueView } from './catalogue.read-model';
export { catalogueRoutes } from './catalogue.routes';
export { CATALOGUE_CHANNEL, CatalogueService, cataloguePlugin } from './catalogue.service';
