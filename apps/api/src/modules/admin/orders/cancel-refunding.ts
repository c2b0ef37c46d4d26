import { formatPaise } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import {
  type PaymentRow,
  paidPrepaymentOf,
  paymentsOfOrder,
  REFUNDABLE_PAYMENT_STATUSES,
  refund,
} from '../../checkout';
import { COD_OPEN_STATUSES, hasCodAdvance, lockOrder, type OrderDeps, type OrderRow } from '../../orders';
import type { Payments } from '../../razorpay';
import { recordAudit } from '../audit';

/** What cancelling with a refund needs: the orders' transactions and the provider that refunds. */
export type CancelRefundDeps = OrderDeps & { payments: Pick<Payments, 'client'> };

/** The owner or staff member who cancels. */
interface Canceller {
  id: number;
  email: string;
}

/** A payment still held in part or whole: accepted as the order's own, and not refunded in full. */
const stillHeld = (p: PaymentRow) =>
  p.refusalReason === null && REFUNDABLE_PAYMENT_STATUSES.includes(p.status) && p.refundedPaise < p.amountPaise;

/**
 * A cash-on-delivery order that holds the shopper's money (issue 34), and so is cancelled by giving it back: which
 * orders, which payment, the refund's key and the words of the history.
 */
interface HeldMoney {
  /** The statuses the order may be cancelled from, checked again under the workflow's lock. */
  open(order: Pick<OrderRow, 'status'>): boolean;
  /** Under the order's lock: the payment to give back, or undefined when this order holds none of this kind. */
  find(tx: Queryable, order: OrderRow): Promise<PaymentRow | undefined>;
  keyPrefix: string;
  /** "the advance", "your payment"… as the shopper reads it, and as the owner's history line names it. */
  shopperWords: string;
  ownerWords: string;
}

/** A COD order's advance, paid at placement, while it has not shipped. */
const ADVANCE: HeldMoney = {
  open: (order) => COD_OPEN_STATUSES.includes(order.status),
  find: async (tx, order) => (hasCodAdvance(order) ? (await paymentsOfOrder(tx, order.id)).find(stillHeld) : undefined),
  keyPrefix: 'kapaas_advance_refund_',
  shopperWords: 'the advance of',
  ownerWords: 'the advance of',
};

/** A COD order the shopper paid online instead (cod_pay_online or the confirmation's link), not yet packed. */
const PREPAYMENT: HeldMoney = {
  open: (order) => order.status === 'paid',
  find: async (tx, order) => {
    const offer = await paidPrepaymentOf(tx, order.id);
    if (!offer) return undefined;
    return (await paymentsOfOrder(tx, order.id)).find(
      (p) =>
        p.providerPaymentId === offer.paymentId &&
        REFUNDABLE_PAYMENT_STATUSES.includes(p.status) &&
        p.refundedPaise < p.amountPaise,
    );
  },
  keyPrefix: 'kapaas_prepaid_refund_',
  shopperWords: 'your payment of',
  ownerWords: 'the online payment of',
};

async function heldPayment(db: Queryable, orderId: number, kind: HeldMoney): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !kind.open(order)) return undefined;
    return kind.find(tx, order);
  });
}

/**
 * Cancels an order that holds the shopper's money by refunding it in full through the one refund workflow (ADR 042):
 * the claim, the provider's refund under a key of the payment (so two cancellations at once, in one process or two,
 * make one refund), then under the order's lock the `cancel` and `refund` moves, the shopper told. The shopper may
 * pay at that very moment from the confirmation's link (`test/cod-pay-link-race.pg.test.ts`). When the provider
 * refuses or cannot be reached nothing changed, and the caller's error says so. Answers false, doing nothing, for an
 * order that holds no such money: its cancellation is the order process's `cancel` alone.
 */
async function cancelRefunding(
  deps: CancelRefundDeps,
  admin: Canceller,
  orderId: number,
  kind: HeldMoney,
  options: { note?: string | undefined; describe: (db: Queryable, orderId: number) => Promise<unknown> },
): Promise<boolean> {
  const held = await heldPayment(deps.db, orderId, kind);
  if (!held) return false;
  const before = await options.describe(deps.db, orderId);
  const key = `${kind.keyPrefix}${held.providerPaymentId}`;
  await refund(deps, {
    orderId,
    key,
    adminId: admin.id,
    adminEmail: admin.email,
    plan: (order, payments) => {
      if (!kind.open(order)) {
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
      `Cancelled by ${admin.email}: ${kind.ownerWords} ${formatPaise(made.amount)} refunded (${made.id}).`,
    customerNote: (made) =>
      `The order was cancelled, and ${kind.shopperWords} ${formatPaise(made.amount)} was refunded to the account you paid from.`,
    onRecorded: async ({ tx }) => {
      const after = await options.describe(tx, orderId);
      await recordAudit(tx, admin, { action: 'status', resource: 'orders', resourceId: orderId, before, after });
    },
  });
  return true;
}

/**
 * Whether the order, locked in `tx`, now holds the shopper's money of a kind a cancel gives back: a plain cancel found
 * it so only when a payment settled after `cancelGivingMoneyBack` looked (the shopper paying from the confirmation's
 * link at that very moment), and must give way to the refunding one.
 */
export async function holdsShoppersMoney(tx: Queryable, order: OrderRow): Promise<boolean> {
  for (const kind of [ADVANCE, PREPAYMENT]) {
    if (kind.open(order) && (await kind.find(tx, order))) return true;
  }
  return false;
}

/**
 * The owner's cancel of a COD order that holds the shopper's money: its paid advance, or its payment online instead,
 * is refunded and the workflow cancels it (answers true); any other order answers false and is moved as usual.
 */
export async function cancelGivingMoneyBack(
  deps: CancelRefundDeps,
  admin: Canceller,
  orderId: number,
  options: { note?: string | undefined; describe: (db: Queryable, orderId: number) => Promise<unknown> },
): Promise<boolean> {
  for (const kind of [ADVANCE, PREPAYMENT]) {
    if (await cancelRefunding(deps, admin, orderId, kind, options)) return true;
  }
  return false;
}
