import { decide } from '../../lib/state-machine';
import type { OrderTransaction } from '../orders';
import { RETURN_PROCESS, runReturnEffects } from './lifecycle';
import { linesOfReturns, lockReturn, moveReturn } from './returns.repository';
import { stateOf } from './views';

/**
 * The courier says a return's parcel is back at the shop (its reverse pickup delivered, ADR 044): the return is
 * received through the return process's `receive` move by the courier, with the move's effects (the pieces back on
 * sale, the shopper's message), in the caller's transaction, under the return's lock. A return the process does not
 * let the courier receive (the owner marked it received by hand before, or it moved on) is left as it is: answers
 * whether it moved. The catalogue hears of the stock once the transaction commits.
 */
export async function receiveReturnByCourier(
  t: Pick<OrderTransaction, 'tx' | 'after' | 'catalogue'>,
  returnId: number,
  change: { at: Date; note: string },
): Promise<boolean> {
  const request = await lockReturn(t.tx, returnId);
  if (!request) return false;
  const lines = (await linesOfReturns(t.tx, [returnId])).map((row) => row.line);
  const state = stateOf(request, lines);
  const decision = decide(RETURN_PROCESS, { from: state.status, action: 'receive', by: 'courier', context: { state } });
  if (!decision.ok) return false;
  const event = { note: change.note, customerNote: null, adminId: null };
  await moveReturn(t.tx, returnId, decision.move.to, { receivedAt: change.at }, event);
  const stockChanged: number[] = [];
  await runReturnEffects(decision.move, { tx: t.tx, state, request, lines, stockChanged });
  if (stockChanged.length > 0) {
    t.after.queue('the returned pieces back on sale', () => t.catalogue.stockChanged(new Set(stockChanged)));
  }
  return true;
}
