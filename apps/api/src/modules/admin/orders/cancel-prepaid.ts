import { formatPaise } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import { paidPrepaymentOf, paymentsOfOrder, REFUNDABLE_PAYMENT_STATUSES, refund } from '../../checkout';
import { lockOrder } from '../../orders';
import { recordAudit } from '../audit';
import type { AdvanceRefundDeps } from './cancel-with-advance';

/** The owner or staff member who cancels. */
interface Canceller {
  id: number;
  email: string;
}

/**
 * The payment a cancellation must give back (issue 34): that of a cash-on-delivery order the shopper paid online
 * instead (its payment link or cod_pay_online), not yet packed, whose money the shop still holds; else undefined.
 */
async function prepaymentToRefund(db: Queryable, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== 'paid') return undefined;
    const offer = await paidPrepaymentOf(tx, orderId);
    if (!offer) return undefined;
    return (await paymentsOfOrder(tx, orderId)).find(
      (p) =>
        p.providerPaymentId === offer.paymentId &&
        REFUNDABLE_PAYMENT_STATUSES.includes(p.status) &&
        p.refundedPaise < p.amountPaise,
    );
  });
}

/**
 * Cancels a cash-on-delivery order the shopper paid online instead, by refunding that payment in full through the one
 * refund workflow (ADR 042), as the advance of a COD order is (cancel-with-advance.ts): the owner who cancels a COD
 * order means no money to be kept, and the shopper may have paid at that very moment from the confirmation's link
 * (the race `test/cod-pay-link-race.pg.test.ts` runs). The workflow's full refund makes the `cancel` and `refund`
 * moves under the order's lock, and the shopper is told. Answers false, doing nothing, for any other order.
 */
export async function cancelWithPrepaidRefund(
  deps: AdvanceRefundDeps,
  admin: Canceller,
  orderId: number,
  options: { note?: string | undefined; describe: (db: Queryable, orderId: number) => Promise<unknown> },
): Promise<boolean> {
  const held = await prepaymentToRefund(deps.db, orderId);
  if (!held) return false;
  const before = await options.describe(deps.db, orderId);
  const key = `kapaas_prepaid_refund_${held.providerPaymentId}`;
  await refund(deps, {
    orderId,
    key,
    adminId: admin.id,
    adminEmail: admin.email,
    plan: (order, payments) => {
      if (order.status !== 'paid') {
        throw new AppError('CONFLICT', 'The order changed meanwhile. Please reload it.', {
          code: 'ILLEGAL_TRANSITION',
        });
      }
      const payment = payments.find((p) => p.id === held.id);
      if (!payment || payment.refundedPaise >= payment.amountPaise) return null;
      return { payment, amount: payment.amountPaise - payment.refundedPaise, key };
    },
    note: (made) =>
      options.note ||
      `Cancelled by ${admin.email}: the online payment of ${formatPaise(made.amount)} refunded (${made.id}).`,
    customerNote: (made) =>
      `The order was cancelled, and your payment of ${formatPaise(made.amount)} was refunded to the account you paid from.`,
    onRecorded: async ({ tx }) => {
      const after = await options.describe(tx, orderId);
      await recordAudit(tx, admin, { action: 'status', resource: 'orders', resourceId: orderId, before, after });
    },
  });
  return true;
}
