import type { AdminReturn } from '@kapaas/contract';
import { formatPaise } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError, fieldError } from '../../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../../lib/money';
import { lockOrder, recordEvent } from '../../orders';
import {
  moveReturn,
  orderLines,
  queueReturnMail,
  RETURN_STATUS_NOTES,
  refundByRequestKey,
  refundDuePaise,
  refundedSoFar,
} from '../../returns';
import { type CreditedPieces, creditOrder } from '../../tax';
import { type AdminOrderDeps, refundOrder } from '../orders/admin-orders.service';
import { auditedMove, findReturn, holdReturn, type ReturnAdmin } from './admin-returns.service';

/** What the owner sends to refund a return (POST /returns/:id/refund). */
export interface ReturnRefundInput {
  method?: 'bank' | 'upi' | undefined;
  reference?: string | undefined;
  amount?: number | undefined;
  idempotency_key?: string | undefined;
}

/** The amount to refund, in paise: the return lines' total (no shipping), or less when the owner says so. */
function amountOf(due: number, rupees: number | undefined): number {
  if (rupees === undefined) return due;
  const asked = rupeesToPaise(rupees);
  if (asked > due) throw fieldError('amount', `At most ${formatPaise(due)}, what the returned pieces cost.`);
  return asked;
}

/** The provider's key for a return's refund: derived from the return, so every press of the button is one refund. */
export const returnRefundKey = (returnId: number) => `return-${returnId}`;

/**
 * POST /returns/:id/refund, once the parcel is received. A prepaid order's return is refunded through the admin
 * order refund (the provider, once, under a key derived from the return; the GST credit note and the order's history
 * come with it); a cash-on-delivery order's is recorded as paid back by bank transfer or UPI, with its reference, and
 * its invoice credited. The refund is the return lines' total, never more than what is left of what was paid.
 */
export async function refundReturn(
  deps: AdminOrderDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: ReturnRefundInput,
): Promise<AdminReturn> {
  const plan = await deps.db.transaction(async (tx) => {
    const held = await holdReturn(tx, returnId, 'refund');
    const order = await lockOrder(tx, held.request.orderId);
    if (!order) throw new Error(`return ${returnId} has no order`);
    const amount = amountOf(refundDuePaise(held.lines), input.amount);
    return { order, amount, pieces: await piecesOf(tx, order.id, held.lines) };
  });
  // Two presses at once, in one process or two, ask the provider under the return's one key (its refund claim is
  // finished, not made twice) and record one refund; the return then moves once, and the later press is told so.
  if (plan.order.paymentMethod === 'cod') await refundByHand(deps, admin, returnId, input, plan);
  else await refundAtProvider(deps, admin, returnId, input, plan);
  return findReturn(deps.db, returnId);
}

/**
 * The returned pieces as the tax invoice knows them: the position of their order line (the invoice lists the order's
 * lines in order, from 1), how many, and what was paid for them. The credit note credits these lines alone.
 */
async function piecesOf(
  tx: Queryable,
  orderId: number,
  lines: readonly { kind: string; orderItemId: number; quantity: number; paidPaise: number }[],
): Promise<CreditedPieces[]> {
  const items = await orderLines(tx, orderId);
  return lines
    .filter((line) => line.kind === 'return')
    .map((line) => ({
      position: items.findIndex((item) => item.id === line.orderItemId) + 1,
      quantity: line.quantity,
      paidPaise: line.paidPaise,
    }));
}

/** The credit note's reason for a return's refund. */
const creditReason = (returnId: number, pieces: readonly CreditedPieces[]) => {
  const count = pieces.reduce((sum, p) => sum + p.quantity, 0);
  return `Goods returned (return #${returnId}): ${count} ${count === 1 ? 'piece' : 'pieces'}.`;
};

/** The shopper's sentence for a refund, and the end of the return when nothing else is left. */
function refundSentence(amount: number, how: string, completed: boolean): string {
  return `A refund of ${formatPaise(amount)} was made ${how}.${completed ? ` ${RETURN_STATUS_NOTES.completed}` : ''}`;
}

async function refundAtProvider(
  deps: AdminOrderDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: ReturnRefundInput,
  plan: { order: { id: number }; amount: number; pieces: CreditedPieces[] },
): Promise<void> {
  if (input.method !== undefined || input.reference !== undefined) {
    throw fieldError('method', 'This order was paid online: its return is refunded through the payment provider.');
  }
  const orderId = plan.order.id;
  const key = returnRefundKey(returnId);
  const note = `Refund of ${formatPaise(plan.amount)} for return #${returnId} by ${admin.email}.`;
  // The return's own message about the refund takes the key of the order's plain refund message, so the shopper hears
  // of it once, whichever of the console and the provider's webhook records the refund first.
  const returned = {
    pieces: plan.pieces,
    reason: creditReason(returnId, plan.pieces),
    queueMail: (tx: Queryable, refund: { orderId: number; amountPaise: number; key: string }) =>
      queueReturnMail(tx, { id: returnId, orderId: refund.orderId }, 'refunded', {
        key: refund.key,
        amountPaise: refund.amountPaise,
      }),
  };
  await refundOrder(deps, admin, orderId, { amount: paiseToRupees(plan.amount), idempotency_key: key, note, returned });
  // refundOrder records the provider's refund under `o<order>-<idempotency key>`.
  const made = await refundByRequestKey(deps.db, `o${orderId}-${key}`);
  if (!made) throw new Error(`the refund of return ${returnId} was not recorded`);
  await auditedMove(deps, admin, returnId, 'refund', async (tx, { request }, to) => {
    const changes = {
      refundPaise: made.amountPaise,
      refundMethod: 'provider' as const,
      providerRefundId: made.providerRefundId,
      refundedAt: new Date(),
    };
    const customerNote = refundSentence(made.amountPaise, 'to the way you paid', to === 'completed');
    const event = { note: `${note} (${made.providerRefundId})`, customerNote, adminId: admin.id };
    await moveReturn(tx, request.id, to, changes, event);
  });
}

const METHOD_WORDS = { bank: 'by bank transfer', upi: 'by UPI' } as const;

async function refundByHand(
  deps: AdminOrderDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: ReturnRefundInput,
  plan: { amount: number; pieces: CreditedPieces[] },
): Promise<void> {
  const { amount, pieces } = plan;
  const { method, reference } = input;
  if (method === undefined) throw fieldError('method', 'Choose how the money went back: bank transfer or UPI.');
  if (reference === undefined) throw fieldError('reference', 'Enter the transfer reference.');
  await auditedMove(deps, admin, returnId, 'refund', async (tx, { request }, to) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw new Error(`return ${returnId} has no order`);
    const refunded = await refundLeft(tx, order, amount);
    const how = `${METHOD_WORDS[method]} (reference ${reference})`;
    const changes = { refundPaise: amount, refundMethod: method, refundReference: reference, refundedAt: new Date() };
    const note = `Refund of ${formatPaise(amount)} for return #${returnId} ${how}, recorded by ${admin.email}.`;
    const customerNote = refundSentence(amount, how, to === 'completed');
    await moveReturn(tx, request.id, to, changes, { note, customerNote, adminId: admin.id });
    await creditOrder(tx, order.id, {
      refundedPaise: refunded + amount,
      pieces,
      reason: creditReason(returnId, pieces),
    });
    await recordEvent(tx, order.id, order.status, note, `A refund of ${formatPaise(amount)} was made ${how}.`);
    await queueReturnMail(tx, request, 'refunded');
  });
}

/** What the order has had refunded so far; throws 409 when its cash is not recorded, 400 when `amount` is more than is left. */
async function refundLeft(
  tx: Queryable,
  order: { id: number; paidAt: Date | null; totalPaise: number },
  amount: number,
): Promise<number> {
  if (order.paidAt === null) {
    throw new AppError('CONFLICT', 'Record the cash of this order first: nothing was paid for it yet.', {
      code: 'NOT_PAID',
    });
  }
  const refunded = await refundedSoFar(tx, order.id);
  if (refunded + amount > order.totalPaise) {
    throw fieldError('amount', `At most ${formatPaise(order.totalPaise - refunded)} can still be refunded.`);
  }
  return refunded;
}
