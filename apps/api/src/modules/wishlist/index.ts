// The wishlist module's public surface: what app.ts may use.

export { deleteWishlistOf } from './erasure';
export { wishlistRoutes } from './wishlist.routes';
