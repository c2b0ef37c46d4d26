import { orders, type Queryable } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { AfterCommit } from '../../lib/state-machine';
import type { WhatsAppAnswer, WhatsAppReply, WhatsAppReplyHandler } from '../whatsapp';
import { moveOrder, type OrderDeps } from './move';

/*
 * The shopper's tap on the COD confirmation's Confirm or Cancel on WhatsApp (issue 36). The payload names the order
 * and the action, but anyone can send the shop's number a payload: the tap counts only when it answers the message
 * the shop sent for that order (the reply's context.id, found in the outbox) from the number it was sent to. The move
 * is the order process's (actor `whatsapp`), made only from cod_pending_confirmation, so two taps at once make one
 * move: the second finds the order moved and is answered so.
 */

const TAP = /^(cod_confirm|cod_cancel):(\d+)$/;

function tapOf(reply: WhatsAppReply): { orderId: number; confirm: boolean } | null {
  const match = TAP.exec(reply.buttonPayload ?? '');
  if (!match || !reply.context) return null;
  const orderId = Number(match[2]);
  // The message tapped must be this order's confirmation, sent to the number that tapped.
  if (reply.context.key !== `order-placed:${orderId}` || reply.context.phone !== reply.from) return null;
  return { orderId, confirm: match[1] === 'cod_confirm' };
}

const IN_WORDS: Record<string, string> = {
  cod_confirmed: 'already confirmed',
  cancelled: 'already cancelled',
  packed: 'already confirmed and being packed',
  shipped: 'already on its way',
  delivered: 'already delivered',
};

async function alreadyMoved(tx: Queryable, orderId: number): Promise<WhatsAppAnswer> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const state = (order && IN_WORDS[order.status]) ?? 'no longer waiting for your confirmation';
  return {
    text: `Thank you. Your order #${orderId} is ${state}, so nothing has changed. For anything else, reply here or write to us.`,
  };
}

/** The handler of the COD confirmation's taps, with what an order move needs. */
export function codTapHandler(deps: Pick<OrderDeps, 'catalogue' | 'log' | 'funnel'>): WhatsAppReplyHandler {
  return async (tx, reply) => {
    const tap = tapOf(reply);
    if (!tap) return undefined;
    const after = new AfterCommit();
    const outcome = await moveOrder(
      { tx, after, catalogue: deps.catalogue, funnel: deps.funnel },
      tap.orderId,
      tap.confirm ? 'cod_confirmed' : 'cancelled',
      {
        by: 'whatsapp',
        from: ['cod_pending_confirmation'],
        note: tap.confirm ? 'Confirmed by the shopper on WhatsApp.' : 'Cancelled by the shopper on WhatsApp.',
      },
    );
    if (!outcome.moved) return alreadyMoved(tx, tap.orderId);
    return {
      after: () =>
        after.run(({ job, error }) => deps.log.error({ err: error, job }, 'an order effect after commit failed')),
    };
  };
}
