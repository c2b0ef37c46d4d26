import {
  AddCartRequest,
  CartListAnswer,
  CartListRequest,
  CartQuantityUpdateRequest,
  ErrorAnswer,
  MessageAnswer,
  RemoveCartRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import { addToCart, listCart, removeFromCart, updateQuantity } from './cart.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** The cart calls of product.md §7, for users and guests alike, keyed by the session's identity. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const cap = () => app.catalogue.view.perOrderQuantityCap;

  app.post(
    '/cart_list',
    {
      schema: {
        tags: ['cart'],
        summary: "The shopper's cart, priced now",
        body: CartListRequest,
        response: { 200: CartListAnswer, ...failures },
      },
    },
    async (request) =>
      listCart(db, await resolveOwner(request, request.body), { cap: cap(), addressId: request.body.address_id }),
  );

  app.post(
    '/add_cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add pieces of a product in a size',
        body: AddCartRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      const { product_id, size, quantity, advice_id } = request.body;
      const item = { productId: product_id, sizeId: size, quantity, adviceId: advice_id };
      await db.transaction((tx) => addToCart(tx, owner, item, cap()));
      // An add-to-cart in the funnel (ADR 053), once the line is saved; counting waits for nothing.
      app.deps.funnel?.count('add_to_carts', [product_id]);
      return { success: true as const, message: 'Product added to cart successfully.' };
    },
  );

  app.post(
    '/cart_quantity_update',
    {
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (1..max_quantity)",
        body: CartQuantityUpdateRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      const { product_id, size, quantity } = request.body;
      await updateQuantity(
        db,
        owner,
        { productId: product_id, ...(size === undefined ? {} : { sizeId: size }), quantity },
        cap(),
      );
      return { success: true as const, message: 'Cart updated.' };
    },
  );

  app.post(
    '/remove_cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a product from the cart',
        body: RemoveCartRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      await removeFromCart(db, owner, request.body.product_id, request.body.size);
      // Product.md §8 words a guest's removal apart.
      const message = owner.kind === 'guest' ? 'Item removed from guest cart.' : 'Item removed from cart.';
      return { success: true as const, message };
    },
  );
};
