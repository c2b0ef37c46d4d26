import {
  AddWishlistRequest,
  ErrorAnswer,
  MessageAnswer,
  RemoveWishlistRequest,
  WishlistAnswer,
  WishlistRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Owner, resolveOwner } from '../../lib/owner';
import { addToWishlist, listWishlist, removeFromWishlist, WISHLIST_LOGIN_MESSAGE } from './wishlist.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/** The user the session speaks for; guests and visitors are refused with the documented notice. */
function userIdOf(owner: Owner): number {
  if (owner.kind !== 'user') throw new Error('resolveOwner let a guest through a users-only call');
  return owner.userId;
}

/** The wishlist calls of product.md §7, for registered users, keyed by the session's user. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const usersOnly = { usersOnly: WISHLIST_LOGIN_MESSAGE };

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: "The user's saved products, newest saved first",
        body: WishlistRequest,
        response: { 200: WishlistAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, request.body, usersOnly));
      return { success: true as const, product: await listWishlist(db, app.catalogue.view, userId) };
    },
  );

  app.post(
    '/add_wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product; saving it twice is harmless',
        body: AddWishlistRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, request.body, usersOnly));
      await addToWishlist(db, app.catalogue.view, userId, request.body.product_id);
      return { success: true as const, message: 'Wishlist added successfully.' };
    },
  );

  app.post(
    '/remove_wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Take a product off the wishlist; one not saved is harmless',
        body: RemoveWishlistRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, request.body, usersOnly));
      await removeFromWishlist(db, userId, request.body.product_id);
      return { success: true as const, message: 'Product removed successfully from Wishlist.' };
    },
  );
};
