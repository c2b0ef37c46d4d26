import { RETURN_STATUS_VALUES, type ReturnStatus } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { canMove, decide, defineProcess, type Effect, effectsOf, runEffects } from '../../lib/state-machine';
import { release, restock, type StockLine, sellReserved } from '../inventory';
import { queueReturnMail, type ReturnMailEvent } from './return-mail';
import type { ReturnLineRow, ReturnRow } from './returns.repository';

/** What an action needs to know of a return: its status, which kinds of lines it has, and what is settled. */
export interface ReturnState {
  status: ReturnStatus;
  hasReturn: boolean;
  hasExchange: boolean;
  refunded: boolean;
  exchangeShipped: boolean;
}

/** What the return process's guards see. */
export interface ReturnGuardContext {
  readonly state: ReturnState;
}

/** What its effects see besides: the transaction, the return and its lines, and the products whose stock changed. */
export interface ReturnMoveContext extends ReturnGuardContext {
  readonly tx: Queryable;
  readonly request: Pick<ReturnRow, 'id' | 'orderId'>;
  readonly lines: readonly ReturnLineData[];
  readonly stockChanged: number[];
}

/** A return line as the moves use it. */
export type ReturnLineData = Pick<ReturnLineRow['line'], 'kind' | 'productId' | 'sizeId' | 'newSizeId' | 'quantity'>;

/** The exchanges' new sizes, as stock lines. */
const newSizeLines = (lines: readonly ReturnLineData[]): StockLine[] =>
  lines
    .filter((l) => l.kind === 'exchange' && l.newSizeId !== null)
    .map((l) => ({ productId: l.productId, sizeId: l.newSizeId as number, quantity: l.quantity }));

/** The pieces sent back, in the sizes bought (both kinds). */
const sentBackLines = (lines: readonly ReturnLineData[]): StockLine[] =>
  lines.map((l) => ({ productId: l.productId, sizeId: l.sizeId, quantity: l.quantity }));

type ReturnEffect = Effect<ReturnMoveContext>;

const mail = (event: ReturnMailEvent): ReturnEffect => ({
  name: `the shopper's message (return_${event}, outbox)`,
  run: ({ tx, request }) => queueReturnMail(tx, request, event),
});

const releaseExchangeSizes: ReturnEffect = {
  name: 'the new sizes held for the exchange released',
  run: async ({ tx, lines, stockChanged }) => {
    const held = newSizeLines(lines);
    await release(tx, held);
    stockChanged.push(...held.map((l) => l.productId));
  },
};

const restockSentBack: ReturnEffect = {
  name: 'the pieces sent back on sale again (in the sizes bought)',
  run: async ({ tx, lines, stockChanged }) => {
    const back = sentBackLines(lines);
    await restock(tx, back);
    stockChanged.push(...back.map((l) => l.productId));
  },
};

const sellExchangeSizes: ReturnEffect = {
  name: 'the held new sizes sold (they leave with the parcel)',
  run: async ({ tx, lines }) => sellReserved(tx, newSizeLines(lines)),
};

const refundLeft = ({ state }: ReturnGuardContext) => state.hasReturn && !state.refunded;
const exchangeLeft = ({ state }: ReturnGuardContext) => state.hasExchange && !state.exchangeShipped;

/**
 * Who moves a return: the owner (or staff) in the console, and the courier, whose tracking of a reverse pickup says
 * the parcel is back at the shop (ADR 044).
 */
export type ReturnActor = 'owner' | 'courier';

/**
 * The return process (docs/return-states.md, ADR 042). A request waits for the owner, who approves or rejects it; an
 * approved one is received when its parcel reaches the shop (the owner marks it, or the courier's tracking of the
 * pickup the owner booked says it was delivered back); then the return lines are refunded and the exchange
 * lines' new size is shipped, in either order, and the return is completed once both are settled (or the kind it does
 * not have is absent). Each move is named by the owner's action that makes it; the guards choose between the partial
 * and the last move of a refund or an exchange. A refund's money, credit note and message are the refund workflow's
 * (admin/returns/refund.ts), not effects here.
 */
export const RETURN_PROCESS = defineProcess<ReturnStatus, ReturnActor, ReturnGuardContext, ReturnMoveContext>({
  name: 'return',
  states: RETURN_STATUS_VALUES,
  moves: [
    { name: 'approve', from: ['requested'], to: 'approved', by: ['owner'], effects: [mail('approved')] },
    {
      name: 'reject',
      from: ['requested'],
      to: 'rejected',
      by: ['owner'],
      effects: [releaseExchangeSizes, mail('rejected')],
    },
    {
      name: 'receive',
      from: ['approved'],
      to: 'received',
      by: ['owner', 'courier'],
      effects: [restockSentBack, mail('received')],
    },
    {
      name: 'refund',
      from: ['received'],
      to: 'refunded',
      by: ['owner'],
      guard: (c) => (refundLeft(c) && exchangeLeft(c) ? null : 'the exchange is not left to ship'),
      requires: 'a refund to make, and an exchange still to ship',
    },
    {
      name: 'refund',
      from: ['received', 'exchange_shipped'],
      to: 'completed',
      by: ['owner'],
      guard: (c) => (refundLeft(c) && !exchangeLeft(c) ? null : 'there is no refund left to make'),
      requires: 'a refund to make, and no exchange left to ship',
    },
    {
      name: 'ship_exchange',
      from: ['received'],
      to: 'exchange_shipped',
      by: ['owner'],
      guard: (c) => (exchangeLeft(c) && refundLeft(c) ? null : 'the refund is not left to make'),
      requires: 'an exchange to ship, and a refund still to make',
      effects: [sellExchangeSizes, mail('exchange_shipped')],
    },
    {
      name: 'ship_exchange',
      from: ['received', 'refunded'],
      to: 'completed',
      by: ['owner'],
      guard: (c) => (exchangeLeft(c) && !refundLeft(c) ? null : 'there is no exchange left to ship'),
      requires: 'an exchange to ship, and no refund left to make',
      effects: [sellExchangeSizes, mail('exchange_shipped')],
    },
  ],
});

/** Every move of a return: the table docs/return-states.md draws. */
export const RETURN_TRANSITIONS = RETURN_PROCESS.transitions;

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return canMove(RETURN_PROCESS, from, to);
}

/** What the owner can do to a return in the console. */
export const RETURN_ACTIONS = ['approve', 'reject', 'receive', 'refund', 'ship_exchange'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** The move an action makes on a return in this state, or null when the action is not possible now. */
export function returnMoveOf(state: ReturnState, action: ReturnAction) {
  const decision = decide(RETURN_PROCESS, { from: state.status, action, by: 'owner', context: { state } });
  return decision.ok ? decision.move : null;
}

/** The status an action moves the return to, or null when the action is not possible now. */
export function nextStatus(state: ReturnState, action: ReturnAction): ReturnStatus | null {
  return returnMoveOf(state, action)?.to ?? null;
}

/** Runs a return move's effects in its transaction (the console's moves, admin/returns). */
export async function runReturnEffects(
  move: NonNullable<ReturnType<typeof returnMoveOf>>,
  context: ReturnMoveContext,
): Promise<void> {
  await runEffects(effectsOf(RETURN_PROCESS, move), context);
}

/** The actions possible on a return now, in the console's order. */
export function actionsOf(state: ReturnState): ReturnAction[] {
  return RETURN_ACTIONS.filter((action) => nextStatus(state, action) !== null);
}

/** Why an action is refused, in the owner's words. */
export function refusalOf(state: ReturnState, action: ReturnAction): string {
  if (action === 'refund' && !state.hasReturn) return 'This request has no piece to refund: it is an exchange only.';
  if (action === 'refund' && state.refunded) return 'This return has been refunded already.';
  if (action === 'ship_exchange' && !state.hasExchange) return 'This request has no exchange to ship.';
  if (action === 'ship_exchange' && state.exchangeShipped) return 'The exchange has been shipped already.';
  const needs: Record<ReturnAction, string> = {
    approve: 'Only a new request can be approved',
    reject: 'Only a new request can be rejected',
    receive: 'Only an approved return can be received',
    refund: 'A return is refunded once its parcel is received',
    ship_exchange: 'An exchange is shipped once the parcel is received',
  };
  return `${needs[action]}; this one is ${state.status.replace('_', ' ')}.`;
}

/** What the shopper reads when a return reaches each status. */
export const RETURN_STATUS_NOTES: Record<ReturnStatus, string> = {
  requested: 'Return requested. We will look at it shortly.',
  approved: 'Return approved. Please pack the pieces and send them back to us.',
  rejected: 'Return request declined.',
  received: 'We received the pieces you sent back.',
  refunded: 'Your refund was made.',
  exchange_shipped: 'Your new size is on its way.',
  completed: 'Return completed.',
};

/** A return's history as the shopper sees it: each event with the shopper's sentence; the shop's notes stay with the shop. */
export function customerReturnHistory(
  events: readonly { status: ReturnStatus; customerNote: string | null; createdAt: Date }[],
): { status: ReturnStatus; note: string | null; at: string }[] {
  return events.map((event) => ({
    status: event.status,
    note: event.customerNote ?? RETURN_STATUS_NOTES[event.status],
    at: event.createdAt.toISOString(),
  }));
}
