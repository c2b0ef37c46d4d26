import { formatPaise } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import { type PaymentRow, paymentsOfOrder, REFUNDABLE_PAYMENT_STATUSES, refund } from '../../checkout';
import { COD_OPEN_STATUSES, hasCodAdvance, lockOrder, type OrderDeps } from '../../orders';
import type { Payments } from '../../razorpay';
import { recordAudit } from '../audit';

/** What cancelling with the advance's refund needs: the orders' transactions and the provider that refunds. */
export type AdvanceRefundDeps = OrderDeps & { payments: Pick<Payments, 'client'> };

/** The owner or staff member who cancels. */
interface Canceller {
  id: number;
  email: string;
}

/** The order's own payment still held (accepted, not refunded in full): a COD order's advance. */
const heldPayment = (payments: readonly PaymentRow[]) =>
  payments.find(
    (p) =>
      p.refusalReason === null && REFUNDABLE_PAYMENT_STATUSES.includes(p.status) && p.refundedPaise < p.amountPaise,
  );

/**
 * The advance a cancellation must give back (issue 34): that of a cash-on-delivery order with an advance, not yet
 * shipped (cod_confirmed, or waiting for the owner's confirmation), whose advance the shop holds; else undefined.
 */
async function advanceToRefund(db: Queryable, orderId: number): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !hasCodAdvance(order) || !COD_OPEN_STATUSES.includes(order.status)) return undefined;
    return heldPayment(await paymentsOfOrder(tx, orderId));
  });
}

/**
 * Cancels a cash-on-delivery order whose advance was paid, by refunding the advance in full through the one refund
 * workflow (ADR 042): the claim, the provider's refund under a key of the advance's payment (so two cancellations at
 * once, in one process or two, make one refund), then under the order's lock the `cancel` move (its pieces back on
 * sale, its coupon use given back) and the `refund` move, the shopper told. When the provider refuses or cannot be
 * reached, nothing changed and the caller's error says so. Answers false, doing nothing, for any other order: its
 * cancellation moves no money and is the order process's `cancel` alone.
 */
export async function cancelWithAdvanceRefund(
  deps: AdvanceRefundDeps,
  admin: Canceller,
  orderId: number,
  options: { note?: string | undefined; describe: (db: Queryable, orderId: number) => Promise<unknown> },
): Promise<boolean> {
  const advance = await advanceToRefund(deps.db, orderId);
  if (!advance) return false;
  const before = await options.describe(deps.db, orderId);
  const key = `kapaas_advance_refund_${advance.providerPaymentId}`;
  await refund(deps, {
    orderId,
    key,
    adminId: admin.id,
    adminEmail: admin.email,
    plan: (order, payments) => {
      if (!COD_OPEN_STATUSES.includes(order.status)) {
        throw new AppError('CONFLICT', 'The order changed meanwhile. Please reload it.', {
          code: 'ILLEGAL_TRANSITION',
        });
      }
      const payment = payments.find((p) => p.id === advance.id);
      if (!payment || payment.refundedPaise >= payment.amountPaise) return null;
      return { payment, amount: payment.amountPaise - payment.refundedPaise, key };
    },
    note: (made) =>
      options.note || `Cancelled by ${admin.email}: the advance of ${formatPaise(made.amount)} refunded (${made.id}).`,
    customerNote: (made) =>
      `The order was cancelled, and the advance of ${formatPaise(made.amount)} was refunded to the account you paid it from.`,
    onRecorded: async ({ tx }) => {
      const after = await options.describe(tx, orderId);
      await recordAudit(tx, admin, { action: 'status', resource: 'orders', resourceId: orderId, before, after });
    },
  });
  return true;
}
