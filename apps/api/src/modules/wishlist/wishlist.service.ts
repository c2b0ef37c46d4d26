import type { ProductCard } from '@kapaas/contract';
import type { Database } from '@kapaas/db';
import { notFound } from '../../lib/errors';
import type { CatalogueView } from '../catalogue';
import { lockActiveProduct, savedProductIds, saveProduct, unsaveProduct } from './wishlist.repository';

/** The notice of product.md §5/§8 for anyone but a logged-in user. */
export const WISHLIST_LOGIN_MESSAGE = 'Please log in to use the wishlist feature.';

/**
 * A user's saved products as the catalogue shows them now, newest saved first. Products that
 * left the shop (archived, or in a hidden category) stay saved but are not listed, so they come
 * back if the shop brings them back.
 */
export async function listWishlist(db: Database, view: CatalogueView, userId: number): Promise<ProductCard[]> {
  return (await savedProductIds(db, userId)).flatMap((id) => {
    const product = view.product(id);
    return product ? [product.card] : [];
  });
}

/** Saves a product the shop shows (else 404); saving it twice leaves one row. */
export async function addToWishlist(db: Database, view: CatalogueView, userId: number, productId: number) {
  if (!view.product(productId)) throw notFound('Product');
  await db.transaction(async (tx) => {
    if (!(await lockActiveProduct(tx, productId))) throw notFound('Product');
    await saveProduct(tx, userId, productId);
  });
}

/** Takes a product off the wishlist; one that is not there is already off it. */
export async function removeFromWishlist(db: Database, userId: number, productId: number) {
  await unsaveProduct(db, userId, productId);
}
