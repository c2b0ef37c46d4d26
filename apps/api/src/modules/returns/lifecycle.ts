import type { ReturnStatus } from '@kapaas/contract';

/**
 * The return lifecycle (docs/return-states.md). A request waits for the owner, who approves or rejects it; an
 * approved one is received when its parcel reaches the shop; then the return lines are refunded and the exchange
 * lines' new size is shipped, in either order, and the return is completed once both are settled (or the kind it does
 * not have is absent). `RETURN_TRANSITIONS` is every move; `nextStatus` says which one an owner's action makes.
 */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded', 'exchange_shipped', 'completed'],
  refunded: ['completed'],
  exchange_shipped: ['completed'],
  completed: [],
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

/** What the owner can do to a return in the console. */
export const RETURN_ACTIONS = ['approve', 'reject', 'receive', 'refund', 'ship_exchange'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** What an action needs to know of a return: its status, which kinds of lines it has, and what is settled. */
export interface ReturnState {
  status: ReturnStatus;
  hasReturn: boolean;
  hasExchange: boolean;
  refunded: boolean;
  exchangeShipped: boolean;
}

/**
 * The status an action moves the return to, or null when the action is not possible now. A refund needs return lines
 * and happens once; shipping the exchange needs exchange lines and happens once; either lands in `completed` when the
 * other kind is settled or absent.
 */
export function nextStatus(state: ReturnState, action: ReturnAction): ReturnStatus | null {
  const target = targetOf(state, action);
  return target !== null && canMoveReturn(state.status, target) ? target : null;
}

function targetOf(state: ReturnState, action: ReturnAction): ReturnStatus | null {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'receive':
      return 'received';
    case 'refund':
      if (!state.hasReturn || state.refunded) return null;
      return state.hasExchange && !state.exchangeShipped ? 'refunded' : 'completed';
    case 'ship_exchange':
      if (!state.hasExchange || state.exchangeShipped) return null;
      return state.hasReturn && !state.refunded ? 'exchange_shipped' : 'completed';
  }
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
