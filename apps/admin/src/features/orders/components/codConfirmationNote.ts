import type { AdminOrder } from '@kapaas/contract';

type WhatsAppStatus = NonNullable<AdminOrder['cod_confirmation_whatsapp']>['status'];

/** The confirmation message's status in the owner's words. */
const STATUS_WORDS: Record<WhatsAppStatus, string> = {
  queued: 'not sent yet',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/**
 * The order's history with the placement's note told as it stands (issue 36): a COD order whose confirmation the
 * server says it asked on WhatsApp gets, in place of "call the shopper", where it was asked and how far the message
 * got, live; the owner still calls when no tap comes. Any other order's history is the server's.
 */
export function historyWithCodConfirmation(order: AdminOrder): AdminOrder['history'] {
  const asked = order.cod_confirmation_whatsapp;
  if (!asked) return order.history;
  const placed = order.history.findIndex((entry) => entry.status === 'cod_pending_confirmation');
  return order.history.map((entry, index) =>
    index === placed
      ? {
          ...entry,
          note: `Order placed, cash on delivery. Confirmation asked on WhatsApp (${STATUS_WORDS[asked.status]}); call if there is no answer.`,
        }
      : entry,
  );
}
