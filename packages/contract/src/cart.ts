import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';

/** A cart line, priced from the catalogue at the moment of the call. */
export const CartItem = z.object({
  product_id: z.number().int(),
  size_id: z.number().int(),
  name: z.string(),
  product_image: z.string(),
  selected_size_name: z.string(),
  selected_quantity: z.number().int(),
  /** The most this line may hold now: the smaller of the size's stock and the per-order cap. */
  max_quantity: z.number().int(),
  price: Rupees,
  /** The unit price paid when discounted, else 0. */
  discount_price: Rupees,
  /** Unit price paid × quantity. */
  total: Rupees,
  /** False when the product left the shop or the size ran out (or has fewer than the quantity). */
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartListRequest = z.strictObject({ ...Owner });
export const CartListAnswer = z.object({
  success: z.literal(true),
  product: z.array(CartItem),
  /** Number of pieces across the available lines. */
  total_items: z.number().int(),
  /** Sum of the available lines, in rupees. */
  total_amount: Rupees,
  /** The shop's shipping charge, added once to an order's total (product.md §12); 0 shows as Free. */
  shipping_charge: Rupees,
});
export type CartListAnswer = z.infer<typeof CartListAnswer>;

const Quantity = z
  .number()
  .int('The quantity must be a whole number.')
  .min(1, 'The quantity must be at least 1.')
  .max(1000);

export const AddCartRequest = z.strictObject({
  ...Owner,
  product_id: Id,
  /** The size_id. */
  size: Id,
  quantity: Quantity,
});
export type AddCartRequest = z.input<typeof AddCartRequest>;

export const CartQuantityUpdateRequest = z.strictObject({
  ...Owner,
  product_id: Id,
  /** The size_id; needed only when the cart holds the product in more than one size. */
  size: Id.optional(),
  quantity: Quantity,
});
export type CartQuantityUpdateRequest = z.input<typeof CartQuantityUpdateRequest>;

export const RemoveCartRequest = z.strictObject({
  ...Owner,
  product_id: Id,
  /** The size_id; without it every size of the product leaves the cart. */
  size: Id.optional(),
});
export type RemoveCartRequest = z.input<typeof RemoveCartRequest>;
