import { z } from 'zod';
import { ProductCard } from './catalogue';
import { Id } from './common';

/** The wishlist is for registered users only; `user_id` may be left out (the session decides). */
export const WishlistRequest = z.strictObject({ user_id: Id.optional() });
export type WishlistRequest = z.input<typeof WishlistRequest>;

/** The saved products, newest saved first, as the same cards the listings show. */
export const WishlistAnswer = z.object({ success: z.literal(true), product: z.array(ProductCard) });
export type WishlistAnswer = z.infer<typeof WishlistAnswer>;

export const AddWishlistRequest = z.strictObject({ user_id: Id.optional(), product_id: Id });
export type AddWishlistRequest = z.input<typeof AddWishlistRequest>;

export const RemoveWishlistRequest = z.strictObject({ user_id: Id.optional(), product_id: Id });
export type RemoveWishlistRequest = z.input<typeof RemoveWishlistRequest>;
