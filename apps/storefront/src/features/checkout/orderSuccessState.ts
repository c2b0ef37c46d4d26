import type { OrderSummary, PaymentMethod } from '@kapaas/contract';

type OrderStatus = OrderSummary['status'];

/** What the checkout passes to /Order-success in the navigation state. */
export interface OrderSuccessState {
  orderId: number;
  paymentMethod: PaymentMethod;
  /** The delivery date promised (YYYY-MM-DD), when the server gave one. */
  deliveryBy: string | null;
  /** Cash on delivery: what the courier collects at the door; 0 for an order paid online. */
  amountDue: number;
  /** Cash on delivery: cod_confirmed, or cod_pending_confirmation when the shop calls to confirm first. */
  status: OrderStatus | null;
  /** The number the shop asked on WhatsApp to confirm the order (`+91 98470 12345`), or null: it calls instead. */
  whatsappNumber?: string | null;
}

/** The order as /Order-success shows it: its id as text ("N/A" when the page was opened directly). */
export type ShownOrder = Omit<OrderSuccessState, 'orderId'> & { orderId: string };

/** The statuses a cash-on-delivery order is placed in; the page reads no other (the contract's lists would bring zod in). */
const PLACED_COD_STATUSES: readonly OrderStatus[] = ['cod_confirmed', 'cod_pending_confirmation'];
const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (PLACED_COD_STATUSES as readonly string[]).includes(value);

/**
 * The order the page was sent with, read defensively (the state survives reloads and may come from an older version
 * of the shop): what is missing or malformed falls back to an online order without details.
 */
export function shownOrderOf(state: unknown): ShownOrder {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const { orderId, paymentMethod, deliveryBy, amountDue, status, whatsappNumber } = record;
  return {
    orderId: typeof orderId === 'string' || typeof orderId === 'number' ? String(orderId) : 'N/A',
    paymentMethod: paymentMethod === 'cod' ? 'cod' : 'online',
    deliveryBy: typeof deliveryBy === 'string' ? deliveryBy : null,
    amountDue: typeof amountDue === 'number' && Number.isFinite(amountDue) ? amountDue : 0,
    status: isStatus(status) ? status : null,
    whatsappNumber: typeof whatsappNumber === 'string' ? whatsappNumber : null,
  };
}
