import type { OrderSummary, PaymentMethod } from '@kapaas/contract';

/** How an order is paid, in the shopper's words. */
export const ORDER_PAYMENT_LABELS: Record<PaymentMethod, string> = {
  online: 'Online',
  cod: 'Cash on delivery',
};

/** The statuses of an order still on its way to the shopper: its promised delivery date is worth showing. */
const ON_ITS_WAY: ReadonlySet<OrderSummary['status']> = new Set([
  'paid',
  'packed',
  'shipped',
  'cod_pending_confirmation',
  'cod_confirmed',
]);

/** Whether the order is still to be delivered (not delivered, cancelled, returned, refunded, expired or unpaid). */
export const isOnItsWay = (status: OrderSummary['status']) => ON_ITS_WAY.has(status);
