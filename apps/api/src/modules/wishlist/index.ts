// The wishlist module's public surface: what app.ts may use.
export { wishlistRoutes } from './wishlist.routes';
