import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';

export const ORDER_STATUS_VALUES = [
  'pending_payment',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'payment_failed',
  'expired',
  'cancelled',
  'refunded',
] as const;
export const OrderStatus = z.enum(ORDER_STATUS_VALUES);

/** A line of an order, as it was bought. */
export const OrderLine = z.object({
  product_id: z.number().int(),
  product_image: z.string(),
  product_name: z.string(),
  product_size: z.string(),
  product_quantity: z.number().int(),
  /** What one piece cost. */
  product_amount: Rupees,
  product_total: Rupees,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const ShippingAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  pin_code: z.string(),
  email_id: z.string(),
  phone_number: z.string(),
});

export const OrderSummary = z.object({
  order_id: z.number().int(),
  /** ISO 8601. */
  created_date: z.string(),
  status: OrderStatus,
  total_items: z.number().int(),
  total: Rupees,
  description: z.array(OrderLine),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const MyOrdersRequest = z.strictObject({
  ...Owner,
  /** Only orders of the past 1, 2 or 3 months; all when absent. */
  months: z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3']).transform(Number)]).optional(),
});
export const MyOrdersAnswer = z.object({ success: z.literal(true), data: z.array(OrderSummary) });
export type MyOrdersAnswer = z.infer<typeof MyOrdersAnswer>;

export const OrderDetailsRequest = z.strictObject({ ...Owner, order_id: Id });
export const OrderDetail = OrderSummary.extend({
  shipping_address: ShippingAddress,
  /** Rupees; 0 shows as Free. */
  shipping_charge: Rupees,
  items_total: Rupees,
  coupon_code: z.string().nullable(),
  coupon_discount: Rupees,
  /** The provider's payment id once paid. */
  payment_id: z.string().nullable(),
  history: z.array(z.object({ status: OrderStatus, note: z.string().nullable(), at: z.string() })),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
export const OrderDetailsAnswer = z.object({ success: z.literal(true), data: OrderDetail });
export type OrderDetailsAnswer = z.infer<typeof OrderDetailsAnswer>;
