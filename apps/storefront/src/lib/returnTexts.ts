import type { ReturnKind, ReturnStatus } from '@kapaas/contract';

/** Each status in the shopper's words. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  exchange_shipped: 'Exchange shipped',
  completed: 'Completed',
};

/** Which colour family a status is shown in (the order badge's tones). */
export const RETURN_STATUS_TONE: Record<ReturnStatus, 'waiting' | 'progress' | 'good' | 'stopped'> = {
  requested: 'waiting',
  approved: 'progress',
  rejected: 'stopped',
  received: 'progress',
  refunded: 'good',
  exchange_shipped: 'progress',
  completed: 'good',
};

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  return: 'Return (refund)',
  exchange: 'Exchange (another size)',
};

/** How the money went back, in the shopper's words. */
export const REFUND_METHOD_LABELS = {
  provider: 'to the card or UPI you paid with',
  bank: 'by bank transfer',
  upi: 'by UPI',
} as const;

export const RETURN_TEXTS = {
  noReturns: 'You have not asked to return or exchange anything yet.',
  askButton: 'Return or exchange',
  soldOut: 'That size has just sold out.',
  switchToReturn: 'Return it for a refund instead',
  noPieces: 'Choose how many pieces to send back.',
} as const;

/** "3 December": a day in the shop's calendar (India), from an ISO moment. */
const dayInIndia = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'Asia/Kolkata' });
export function formatReturnDay(iso: string): string {
  return dayInIndia.format(new Date(iso));
}

/** Whether the return window of a delivered order is still open at `now`. */
export function returnWindowOpen(returnUntil: string | null, now: number): boolean {
  return returnUntil !== null && new Date(returnUntil).getTime() > now;
}
