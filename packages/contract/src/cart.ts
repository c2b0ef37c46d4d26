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
  /**
   * For a signed-in shopper who keeps children under the child_profile consent (ADR 059): the size is outside the
   * age range, in the product's size chart, of every child kept ("6-12M is for 6–12 months; Aarav is 20 months").
   * Null otherwise, and for guests.
   */
  fit_warning: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartListRequest = z.strictObject({
  ...Owner,
  /** The address the order would go to; without it, the shopper's active address, if any. */
  address_id: Id.optional(),
});
export const CartListAnswer = z.object({
  success: z.literal(true),
  product: z.array(CartItem),
  /** Number of pieces across the available lines. */
  total_items: z.number().int(),
  /** Sum of the available lines, in rupees. */
  total_amount: Rupees,
  /**
   * The shipping charge of the address's zone for these items before any coupon (0 shows as Free). Without an address
   * it is the rest-of-India charge, as an estimate. Shipping is free when the items after the coupon reach
   * `free_shipping_above`; order_place decides.
   */
  shipping_charge: Rupees,
  /** The zone's charge when shipping is not free: what applies when a coupon brings the items below the threshold. */
  zone_charge: Rupees,
  /** The zone's free-shipping threshold (items after the coupon, in rupees), or null when shipping is never free. */
  free_shipping_above: Rupees.nullable(),
  /** The zone of the address's PIN code; null without an address. */
  shipping_zone: z.enum(['local', 'metro', 'rest', 'remote']).nullable(),
  /** The latest delivery date if ordered now (YYYY-MM-DD, India's calendar); null without an address. */
  delivery_by: z.string().nullable(),
  /**
   * Whether cash on delivery may be chosen for this address, and the terms: the order value (items after the coupon)
   * must lie within min_order..max_order. `reason` says why not when it is not offered.
   */
  cod: z.object({
    offered: z.boolean(),
    reason: z.string().nullable(),
    fee: Rupees,
    min_order: Rupees,
    max_order: Rupees,
    /** The advance this shopper pays online at placement when choosing cash on delivery (issue 34); 0: none. */
    advance: Rupees,
  }),
  /**
   * The prepaid discount (ADR 047) the shop gives for paying online: its percent (0: off), its cap per order (null:
   * none), and what it takes off these items without a coupon. With a coupon, Coupon_discount_details answers it.
   */
  prepaid_discount: z.object({ percent: z.number().int(), max: Rupees.nullable(), amount: Rupees }),
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
  /**
   * The size_advice answer's `advice_id` when the shopper adds the size it named (ADR 060): kept on the cart line and
   * carried to the order line for the owner's fit insight. One for another product or size is ignored, never refused.
   */
  advice_id: Id.optional(),
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
