import { formatPaise } from '@kapaas/contract';
import { and, eq, inArray, payments as paymentsTable, type Queryable, refundClaims, sql } from '@kapaas/db';
import { runSteps, type Step } from '../../lib/workflow';
import {
  inOrderTransaction,
  lockOrder,
  moveOrder,
  type OrderDeps,
  type OrderRow,
  type OrderTransaction,
  queueRefundMail,
  recordEvent,
  refundMailKey,
} from '../orders';
import type { Payments } from '../razorpay';
import { type CreditedPieces, creditOrder } from '../tax';
import {
  AWAITING_REFUND,
  insertRefund,
  type PaymentRow,
  paymentsOfOrder,
  recordRefundedTotal,
} from './payments.repository';

/** What the refund workflow needs of the app. */
export type RefundDeps = OrderDeps & { payments: Pick<Payments, 'client'> };

/** The payment a refund comes from, how much, and the provider's idempotency key for it. */
export interface RefundPlan {
  payment: PaymentRow;
  amount: number;
  key: string;
}

/** A refund for returned pieces: its credit note names their lines, and the return queues its own message. */
export interface ReturnedRefund {
  pieces: readonly CreditedPieces[];
  reason: string;
  queueMail(
    tx: Queryable,
    refund: { orderId: number; paymentId: number; amountPaise: number; key: string },
  ): Promise<void>;
}

/**
 * A refund asked for: by the owner in the console (an order's refund, or a return's), or by the payment code for a
 * payment the shop did not accept (a late or second payment). `plan` chooses the payment and the amount from the
 * order and its payments as they are under the order's lock, with the money other refunds in flight have claimed
 * already taken off (`refundedPaise` counts it); it throws the caller's refusal, or answers null for nothing to do.
 */
export interface RefundRequest {
  orderId: number;
  plan(order: OrderRow, payments: PaymentRow[]): RefundPlan | null;
  /** The refund request's own idempotency key (the console's), stored with the refund. */
  requestKey?: string | undefined;
  /**
   * The provider key this request asks with, when it is known before planning (a request with its own idempotency
   * key): a claim already made under it (the same request pressed twice, in this process or another) is finished
   * instead of planning a second refund.
   */
  key?: string | undefined;
  adminId?: number | undefined;
  /** The line for the shop in the order's history; the default names the amount and the provider's refund id. */
  note?: (made: MadeRefund) => string;
  /** The shopper's sentence for that line: by default, that the money went back to the card; null says nothing. */
  customerNote?: (made: MadeRefund) => string | null;
  /** Notes the provider keeps with the refund, besides the order's id. */
  providerNotes?: Record<string, string>;
  returned?: ReturnedRefund | undefined;
  /** Written in the recording transaction after the rest (the console's audit entry). */
  onRecorded?: (t: OrderTransaction, made: MadeRefund) => Promise<void>;
}

/** A refund the provider made, and how much of the payment it has refunded in all. */
export interface MadeRefund {
  id: string;
  amount: number;
  refundedInAll: number;
  payment: PaymentRow;
  /** False when another process or an earlier try had recorded it already. */
  recorded: boolean;
}

interface RefundContext {
  readonly request: RefundRequest;
  claim?: { id: number; plan: RefundPlan; mine: boolean } | null;
  made?: Omit<MadeRefund, 'recorded' | 'payment'>;
  outcome?: MadeRefund | null;
}

/**
 * The one refund workflow (ADR 042): claim the money, ask the provider, record it. Safe across processes: the claim is
 * written under the order's row lock before the provider is asked, and every later plan counts it, so two refunds of
 * the same order asked for at once in two processes cannot ask for the same money twice; a claim with the same
 * provider key (the same request again, or one a crash left unfinished) is finished with that key, which the provider
 * answers with the same refund. Answers the refund, or null when there was nothing to do.
 */
export async function refund(deps: RefundDeps, request: RefundRequest): Promise<MadeRefund | null> {
  const steps: Step<RefundContext>[] = [claimStep(deps), askProviderStep(deps), recordStep(deps)];
  const context = await runSteps(steps, { request }, ({ step, error }) =>
    deps.log.error({ err: error, step, orderId: request.orderId }, 'could not undo a refund step'),
  );
  return context.outcome ?? null;
}

/** Step 1, under the order's lock: plan the refund with claimed money counted, and claim it. Undo: give the claim up. */
function claimStep(deps: RefundDeps): Step<RefundContext> {
  return {
    name: 'claim the money',
    run: async (context) => {
      context.claim = await deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, context.request.orderId);
        if (!order) throw new Error(`order ${context.request.orderId} not found`);
        const earlier = context.request.key === undefined ? undefined : await claimOf(tx, context.request.key);
        if (earlier) return earlier.state === 'made' ? null : earlier;
        const plan = context.request.plan(order, await withClaimsCounted(tx, await paymentsOfOrder(tx, order.id)));
        return plan === null ? null : claim(tx, plan);
      });
    },
    undo: async (context) => {
      if (!context.claim?.mine) return;
      await settleClaim(deps.db, context.claim.id, 'failed');
    },
  };
}

/** The payments with the money of claims still asking the provider added to what they have refunded. */
async function withClaimsCounted(tx: Queryable, payments: PaymentRow[]): Promise<PaymentRow[]> {
  if (payments.length === 0) return payments;
  const asking = await tx
    .select({ paymentId: refundClaims.paymentId, amount: sql<number>`sum(${refundClaims.amountPaise})::int` })
    .from(refundClaims)
    .where(
      and(
        inArray(
          refundClaims.paymentId,
          payments.map((p) => p.id),
        ),
        eq(refundClaims.state, 'asking'),
      ),
    )
    .groupBy(refundClaims.paymentId);
  return payments.map((payment) => {
    const claimed = asking.find((row) => row.paymentId === payment.id)?.amount ?? 0;
    return { ...payment, refundedPaise: Math.min(payment.amountPaise, payment.refundedPaise + claimed) };
  });
}

/**
 * Writes the claim, or finds the one this key made before: still asking (finish it, with its own amount), made
 * (nothing more to ask: the provider answers the same refund, recorded once), or failed (claim it again).
 */
async function claim(tx: Queryable, plan: RefundPlan): Promise<{ id: number; plan: RefundPlan; mine: boolean }> {
  const [created] = await tx
    .insert(refundClaims)
    .values({ paymentId: plan.payment.id, amountPaise: plan.amount, providerKey: plan.key })
    .onConflictDoNothing()
    .returning({ id: refundClaims.id });
  if (created) return { id: created.id, plan, mine: true };
  const [earlier] = await tx.select().from(refundClaims).where(eq(refundClaims.providerKey, plan.key)).for('update');
  if (!earlier) throw new Error(`the refund claim ${plan.key} vanished`);
  if (earlier.state === 'failed') {
    await tx
      .update(refundClaims)
      .set({ state: 'asking', amountPaise: plan.amount, settledAt: null })
      .where(eq(refundClaims.id, earlier.id));
    return { id: earlier.id, plan, mine: true };
  }
  return { id: earlier.id, plan: { ...plan, amount: earlier.amountPaise }, mine: false };
}

/** The claim made under `key` and not failed, with its payment, if there is one. */
async function claimOf(
  tx: Queryable,
  key: string,
): Promise<{ id: number; plan: RefundPlan; mine: false; state: 'asking' | 'made' } | undefined> {
  const [row] = await tx.select().from(refundClaims).where(eq(refundClaims.providerKey, key)).for('update');
  if (!row || row.state === 'failed') return undefined;
  const payment = (await paymentById(tx, row.paymentId))[0];
  if (!payment) throw new Error(`the refund claim ${key} has no payment`);
  return { id: row.id, plan: { payment, amount: row.amountPaise, key }, mine: false, state: row.state };
}

const paymentById = (tx: Queryable, paymentId: number) =>
  tx.select().from(paymentsTable).where(eq(paymentsTable.id, paymentId));

async function settleClaim(db: Queryable, claimId: number, state: 'made' | 'failed'): Promise<void> {
  await db
    .update(refundClaims)
    .set({ state, settledAt: sql`now()` })
    .where(and(eq(refundClaims.id, claimId), eq(refundClaims.state, 'asking')));
}

/** Step 2: the provider makes the refund under the claim's key, then says how much of the payment it has refunded. */
function askProviderStep(deps: RefundDeps): Step<RefundContext> {
  return {
    name: 'ask the provider',
    run: async (context) => {
      if (!context.claim) return;
      const { payment, amount, key } = context.claim.plan;
      const client = deps.payments.client;
      const orderId = String(context.request.orderId);
      const notes = { ...context.request.providerNotes, order_id: orderId };
      const made = await client.refund(payment.providerPaymentId, { amount, notes }, key);
      const fetched = await client.fetchPayment(payment.providerPaymentId);
      context.made = { id: made.id, amount: made.amount, refundedInAll: fetched.amount_refunded ?? amount };
    },
  };
}

/**
 * Step 3, under the order's lock: the claim made, the refund recorded once, the payment's refunded total, then (the
 * first time only) the order's move or a line in its history, the credit note and the shopper's message.
 */
function recordStep(deps: RefundDeps): Step<RefundContext> {
  return {
    name: 'record the refund',
    run: async (context) => {
      const { claim: held, made } = context;
      if (!held || !made) return;
      context.outcome = await inOrderTransaction(deps, async (t) => {
        await lockOrder(t.tx, context.request.orderId);
        await settleClaim(t.tx, held.id, 'made');
        return record(t, context.request, held.plan.payment, made);
      });
    },
  };
}

async function record(
  t: OrderTransaction,
  request: RefundRequest,
  payment: PaymentRow,
  made: Omit<MadeRefund, 'recorded' | 'payment'>,
): Promise<MadeRefund> {
  const recorded = await insertRefund(t.tx, {
    paymentId: payment.id,
    providerRefundId: made.id,
    amountPaise: made.amount,
    adminId: request.adminId ?? null,
    ...(request.requestKey === undefined ? {} : { requestKey: request.requestKey }),
  });
  const [before] = await t.tx.select().from(paymentsTable).where(eq(paymentsTable.id, payment.id)).for('update');
  const updated = await recordRefundedTotal(t.tx, { id: payment.id }, made.refundedInAll);
  const outcome: MadeRefund = { ...made, payment: updated ?? payment, recorded };
  if (!recorded || !updated) return outcome;
  const own = updated.refusalReason === null;
  if (own) await creditRefund(t.tx, request, updated.refundedPaise);
  await queueMail(t.tx, request, { paymentId: updated.id, amountPaise: made.amount, total: updated.refundedPaise });
  // A refused payment's history says it "is being refunded" until one of the webhook and this step says it was: once.
  const toldAlready = !own && before !== undefined && !AWAITING_REFUND.includes(before.status);
  if (!toldAlready) {
    const note = request.note?.(outcome) ?? `Refund of ${formatPaise(made.amount)} (${made.id}).`;
    const customerNote =
      request.customerNote === undefined
        ? `A refund of ${formatPaise(made.amount)} was made to the card you paid with.`
        : request.customerNote(outcome);
    const whole = own && updated.refundedPaise >= updated.amountPaise;
    await moveForRefund(t, request.orderId, { whole, note, customerNote });
  }
  await request.onRecorded?.(t, outcome);
  return outcome;
}

async function creditRefund(tx: Queryable, request: RefundRequest, refundedPaise: number): Promise<void> {
  const returned = request.returned;
  const credit = returned ? { pieces: returned.pieces, reason: returned.reason } : {};
  await creditOrder(tx, request.orderId, { refundedPaise, ...credit });
}

async function queueMail(
  tx: Queryable,
  request: RefundRequest,
  refund: { paymentId: number; amountPaise: number; total: number },
): Promise<void> {
  const { orderId, returned } = request;
  const { paymentId, amountPaise, total } = refund;
  if (returned) await returned.queueMail(tx, { orderId, paymentId, amountPaise, key: refundMailKey(paymentId, total) });
  else await queueRefundMail(tx, { orderId, paymentId, amountPaise, refundedInAll: total });
}

/**
 * A whole refund of the order's own payment cancels a paid order (its `cancel` move: restock, credit note) and marks
 * it refunded (the `refund` move), as it does a cancelled one. Any other refund is a line in its history.
 */
async function moveForRefund(
  t: OrderTransaction,
  orderId: number,
  refund: { whole: boolean; note: string; customerNote: string | null },
): Promise<void> {
  const facts = { ownPaymentRefunded: refund.whole };
  const by = 'owner' as const;
  if (refund.whole) {
    await moveOrder(t, orderId, 'cancelled', { by, from: ['paid'], note: 'Cancelled for a full refund.' });
    const moved = await moveOrder(t, orderId, 'refunded', { by, from: ['cancelled'], note: refund.note, facts });
    if (moved.moved) return;
  }
  const order = await lockOrder(t.tx, orderId);
  if (!order) return;
  await recordEvent(t.tx, orderId, order.status, refund.note, refund.customerNote);
}
