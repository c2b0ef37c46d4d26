import { z } from 'zod';
import { PIN_CODE_MESSAGE, PIN_CODE_PATTERN } from './address-formats';
import { Id } from './common';

/** The shipping zones: within the shop's state, metro cities, the rest of India, and the remote regions. */
export const SHIPPING_ZONE_VALUES = ['local', 'metro', 'rest', 'remote'] as const;
export const ShippingZone = z.enum(SHIPPING_ZONE_VALUES);

/** "Check delivery" on a product page: a PIN code, and the product when there is one. */
export const DeliveryCheckRequest = z.strictObject({
  pin_code: z.string({ error: 'Pin code is required.' }).trim().regex(PIN_CODE_PATTERN, PIN_CODE_MESSAGE),
  product_id: Id.optional(),
});

export const DeliveryCheckAnswer = z.object({
  success: z.literal(true),
  pin_code: z.string(),
  /** The PIN code's state, district and towns, from India Post's directory. */
  state_name: z.string(),
  district: z.string(),
  serviceable: z.boolean(),
  /** Whether cash on delivery is offered there (the order's value is judged again at checkout). */
  cod_available: z.boolean(),
  /** The latest day the parcel should arrive if ordered now (YYYY-MM-DD, India), or null when not serviceable. */
  delivery_by: z.string().nullable(),
  zone: ShippingZone,
  /** "Delivery by Thu, 28 Nov", or why not. */
  message: z.string(),
});
export type DeliveryCheckAnswer = z.infer<typeof DeliveryCheckAnswer>;
