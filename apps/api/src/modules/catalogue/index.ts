// The catalogue module's public surface: what app.ts and other modules may use.
export type { Catalogue } from './catalogue.deps';
export {
  type CatalogueProduct,
  type CatalogueView,
  type ListingOrder,
  type ListingScope,
  ratingAverage,
} from './catalogue.read-model';
export { catalogueRoutes } from './catalogue.routes';
export {
  CATALOGUE_CHANNEL,
  type CatalogueChange,
  type CatalogueListener,
  CatalogueService,
  cataloguePlugin,
} from './catalogue.service';
