import { formatPaise } from '@kapaas/contract';
import { and, eq, inArray, payments as paymentsTable, type Queryable, refundClaims, refunds, sql } from '@kapaas/db';
import { runSteps, type Step } from '../../lib/workflow';
import {
  COD_OPEN_STATUSES,
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
  /** Who asked, as the order's history names them when a full refund cancels the order. */
  adminEmail?: string | undefined;
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
      const notes = { ...context.request.providerNotes, order_id: orderId, [CLAIM_NOTE]: String(context.claim.id) };
      const made = await client.refund(payment.providerPaymentId, { amount, notes }, key);
      const fetched = await client.fetchPayment(payment.providerPaymentId);
      context.made = { id: made.id, amount: made.amount, refundedInAll: fetched.amount_refunded ?? amount };
    },
  };
}

/**
 * Step 3, under the order's lock: the claim made, then the refund recorded (`recordMadeRefund`), the first time only.
 */
function recordStep(deps: RefundDeps): Step<RefundContext> {
  return {
    name: 'record the refund',
    run: async (context) => {
      const { claim: held, made } = context;
      if (!held || !made) return;
      const { request } = context;
      context.outcome = await inOrderTransaction(deps, async (t) => {
        await lockOrder(t.tx, request.orderId);
        await settleClaim(t.tx, held.id, 'made');
        const payment = held.plan.payment;
        const own = payment.refusalReason === null;
        const draft: MadeRefund = { ...made, payment, recorded: true };
        const recorded = await recordMadeRefund(t, {
          orderId: request.orderId,
          paymentId: payment.id,
          refund: { id: made.id, amount: made.amount },
          refundedInAll: made.refundedInAll,
          by: 'owner',
          adminId: request.adminId ?? null,
          adminEmail: request.adminEmail,
          requestKey: request.requestKey,
          note: request.note?.(draft) ?? `Refund of ${formatPaise(made.amount)} (${made.id}).`,
          customerNote: request.customerNote ? request.customerNote(draft) : own ? toTheCard(made.amount) : null,
          returned: request.returned,
        });
        const outcome: MadeRefund = { ...made, payment: recorded.payment ?? payment, recorded: recorded.recorded };
        if (recorded.recorded) await request.onRecorded?.(t, outcome);
        return outcome;
      });
    },
  };
}

/** The shopper's sentence for a refund of the order's own payment. */
export const toTheCard = (amountPaise: number) =>
  `A refund of ${formatPaise(amountPaise)} was made to the card you paid with.`;

/** A refund the provider made, to record: from the workflow that asked for it, or from the provider's webhook. */
export interface RefundToRecord {
  orderId: number;
  paymentId: number;
  /** The provider's refund: its id names it everywhere (the `refunds` row, the message, the credit note). */
  refund: { id: string; amount: number };
  /** How much of the payment the provider has refunded in all. */
  refundedInAll: number;
  /** Who records it: the owner (a refund asked for, which may cancel a paid order) or the payment code (a webhook). */
  by: 'owner' | 'payment';
  adminId: number | null;
  adminEmail?: string | undefined;
  requestKey?: string | undefined;
  note: string;
  customerNote: string | null;
  returned?: ReturnedRefund | undefined;
}

/**
 * Records one refund the provider made, once, under the order's lock (the caller holds it): its `refunds` row (unique
 * on the provider's id: the first of the workflow and the webhook to get here records it, the other changes only the
 * payment's total), the payment's refunded total, then for this refund alone, with its own amount: a credit note
 * (the order's own payment), the shopper's message (keyed by the refund), and the order's move or a line in its
 * history. A refused payment's history says it "is being refunded" until one of them says it was: that is said once.
 */
export async function recordMadeRefund(
  t: OrderTransaction,
  input: RefundToRecord,
): Promise<{ recorded: boolean; payment: PaymentRow | undefined }> {
  const { tx } = t;
  const [before] = await tx.select().from(paymentsTable).where(eq(paymentsTable.id, input.paymentId)).for('update');
  const recorded = await insertRefund(tx, {
    paymentId: input.paymentId,
    providerRefundId: input.refund.id,
    amountPaise: input.refund.amount,
    adminId: input.adminId,
    ...(input.requestKey === undefined ? {} : { requestKey: input.requestKey }),
  });
  const updated = await recordRefundedTotal(tx, { id: input.paymentId }, input.refundedInAll);
  if (!recorded || !updated) return { recorded: false, payment: updated };
  const own = updated.refusalReason === null;
  if (own) await creditRefund(tx, input, await recordedRefundsOf(tx, input.paymentId));
  await queueMail(tx, input);
  const toldAlready = !own && before !== undefined && !AWAITING_REFUND.includes(before.status);
  if (!toldAlready) {
    const whole = own && updated.refundedPaise >= updated.amountPaise;
    await moveForRefund(t, input, whole);
  }
  return { recorded: true, payment: updated };
}

/** What the shop has recorded of a payment's refunds, in paise: the base of its credit notes, one per refund. */
async function recordedRefundsOf(tx: Queryable, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return row?.total ?? 0;
}

async function creditRefund(tx: Queryable, input: RefundToRecord, refundedPaise: number): Promise<void> {
  const returned = input.returned;
  const credit = returned ? { pieces: returned.pieces, reason: returned.reason } : {};
  await creditOrder(tx, input.orderId, { refundedPaise, ...credit });
}

async function queueMail(tx: Queryable, input: RefundToRecord): Promise<void> {
  const { orderId, paymentId, returned } = input;
  const amountPaise = input.refund.amount;
  const key = refundMailKey(paymentId, input.refund.id);
  if (returned) await returned.queueMail(tx, { orderId, paymentId, amountPaise, key });
  else await queueRefundMail(tx, { orderId, paymentId, amountPaise, key });
}

/**
 * A whole refund of the order's own payment asked for by the owner cancels a paid order (its `cancel` move: restock,
 * credit note) and marks it refunded (the `refund` move), as it does a cancelled one; one reported by the provider
 * marks a cancelled order refunded. Any other refund is a line in the order's history.
 */
async function moveForRefund(t: OrderTransaction, input: RefundToRecord, whole: boolean): Promise<void> {
  const { orderId, by, note } = input;
  const facts = { ownPaymentRefunded: whole };
  if (whole) {
    if (by === 'owner') {
      const who = input.adminEmail ? ` by ${input.adminEmail}` : '';
      // A paid order, or a cash-on-delivery order not shipped whose advance this was (issue 34).
      const from = ['paid', ...COD_OPEN_STATUSES] as const;
      await moveOrder(t, orderId, 'cancelled', { by, from, note: `Cancelled for a full refund${who}.` });
    }
    const moved = await moveOrder(t, orderId, 'refunded', { by, from: ['cancelled'], note, facts });
    if (moved.moved) return;
  }
  const order = await lockOrder(t.tx, orderId);
  if (!order) return;
  await recordEvent(t.tx, orderId, order.status, note, input.customerNote);
}

/**
 * Whether a refund the provider reports was asked for by a refund workflow that has not recorded it yet (its notes
 * carry the claim, which is still asking): that workflow records it, with what only it knows (the return's pieces and
 * message, the owner's note and audit entry). A crash leaving the claim asking is finished by asking again.
 */
export async function claimStillAsking(tx: Queryable, notes: unknown): Promise<boolean> {
  const claimId = Number((notes as Record<string, unknown> | undefined)?.[CLAIM_NOTE]);
  if (!Number.isInteger(claimId) || claimId <= 0) return false;
  const [row] = await tx.select({ state: refundClaims.state }).from(refundClaims).where(eq(refundClaims.id, claimId));
  return row?.state === 'asking';
}

/** The note a refund carries at the provider naming the claim it was asked for under. */
const CLAIM_NOTE = 'kapaas_claim';
