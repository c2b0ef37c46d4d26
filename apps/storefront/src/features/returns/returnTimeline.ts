import type { ReturnDetail, ReturnStatus } from '@kapaas/contract';

export interface TimelineStep {
  status: ReturnStatus;
  /** When it happened; null for a step still to come. */
  at: string | null;
  note: string | null;
  /** The owner's own words with the decision (approved or rejected). */
  message: string | null;
}

/**
 * When a step with no event of its own happened: the last move can settle a return at once (shipping the exchange of
 * an exchange-only return makes it completed), and then the refund or the parcel still says when it was done.
 */
function impliedAt(detail: ReturnDetail, status: ReturnStatus): string | null {
  if (status === 'exchange_shipped') return detail.exchange_shipment?.at ?? null;
  if (status === 'refunded') return detail.refund?.at ?? null;
  return null;
}

/**
 * The steps of a return, those done with their time and note and those to come: Requested, Approved, Received, then
 * Refunded for returned pieces and Exchange shipped for exchanged ones, and Completed; or Requested and Rejected.
 * The owner's decision message goes with the Approved or Rejected step that happened.
 */
export function returnTimeline(detail: ReturnDetail): TimelineStep[] {
  const rejected = detail.status === 'rejected' || detail.history.some((entry) => entry.status === 'rejected');
  const hasReturn = detail.lines.some((line) => line.kind === 'return');
  const hasExchange = detail.lines.some((line) => line.kind === 'exchange');
  const path: ReturnStatus[] = rejected
    ? ['requested', 'rejected']
    : [
        'requested',
        'approved',
        'received',
        ...(hasReturn ? (['refunded'] as const) : []),
        ...(hasExchange ? (['exchange_shipped'] as const) : []),
        'completed',
      ];
  return path.map((status) => {
    const entry = detail.history.findLast((step) => step.status === status);
    const decides = status === 'approved' || status === 'rejected';
    return {
      status,
      at: entry?.at ?? impliedAt(detail, status),
      note: entry?.note ?? null,
      message: decides && entry ? detail.decision_message : null,
    };
  });
}
