import type { ReturnRequestLine as RequestLineSchema, ReturnDetail, ReturnSummary } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors';
import type { Owner } from '../../lib/owner';
import { reserve } from '../inventory';
import { returnWindowDays } from '../orders';
import { attachReturnPhotos, claimReturnPhotos } from '../photos';
import { shareDiscount } from '../tax';
import { queueReturnRequested } from './return-mail';
import type { ReturnDeps } from './returns.deps';
import {
  deliveredAt,
  insertReturn,
  lockOwnOrder,
  type NewReturnLine,
  type OrderRow,
  orderLines,
  ownReturn,
  ownReturns,
  piecesTaken,
  sizeLabel,
  sizesSold,
} from './returns.repository';
import { detailOf, summariesOf } from './views';

const DAY_MS = 86_400_000;

type ReturnRequestLine = z.output<typeof RequestLineSchema>;

/** "12 November 2026, 4:30 pm": an instant in India, in words. */
export function inWords(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

/** What return_request asks: the order, its lines, and photos. */
export interface ReturnRequestInput {
  order_id: number;
  lines: ReturnRequestLine[];
  photos?: string[] | undefined;
}

/**
 * return_request: the shopper asks to send pieces of a delivered order back, within the shop's return window. An
 * exchange's new size is held at once (inventory `reserve`) in the same transaction: when it is not free, nothing is
 * recorded and the answer is 409 EXCHANGE_SIZE_SOLD_OUT. Someone else's order answers 404 like an unknown one. Each
 * photo must be one the shopper uploaded for a return (private) that no other return holds: 400 on `photos` otherwise.
 */
export async function requestReturn(
  deps: ReturnDeps,
  owner: Owner,
  input: ReturnRequestInput,
  now = new Date(),
): Promise<number> {
  const { id, lines } = await deps.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, owner, input.order_id);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
    await refuseOutsideWindow(tx, order, now);
    const planned = await planLines(tx, order, input.lines);
    const photos = await claimReturnPhotos(tx, owner, input.photos ?? []);
    await holdExchangeSizes(tx, planned);
    const request = await insertReturn(
      tx,
      order.id,
      input.photos ?? [],
      planned.map(({ line }) => line),
    );
    await attachReturnPhotos(tx, photos, request.id);
    await queueReturnRequested(tx, { id: request.id, orderId: order.id });
    return { id: request.id, lines: planned };
  });
  const exchanged = lines.filter(({ line }) => line.kind === 'exchange').map(({ line }) => line.productId);
  if (exchanged.length > 0) await deps.catalogue.stockChanged(exchanged);
  return id;
}

/** Throws 409 unless the order is delivered and its return window (delivery + return_window_days) is still open. */
async function refuseOutsideWindow(tx: Queryable, order: OrderRow, now: Date): Promise<void> {
  const at = order.status === 'delivered' ? await deliveredAt(tx, order.id) : null;
  if (at === null) {
    throw new AppError(
      'CONFLICT',
      `A return can be asked for once the order is delivered; this one is ${order.status}.`,
      {
        code: 'NOT_DELIVERED',
      },
    );
  }
  const days = await returnWindowDays(tx);
  const until = new Date(at.getTime() + days * DAY_MS);
  if (now.getTime() > until.getTime()) {
    const message = `Returns for this order closed on ${inWords(until)}, ${days} days after it was delivered.`;
    throw new AppError('CONFLICT', message, { code: 'RETURN_WINDOW_CLOSED' });
  }
}

type OrderItem = Awaited<ReturnType<typeof orderLines>>[number];
interface PlannedLine {
  line: NewReturnLine;
  item: OrderItem;
  index: number;
}

/** Each requested line matched with its order line and checked: the piece was bought, and the new size is sold. */
async function planLines(tx: Queryable, order: OrderRow, requested: ReturnRequestLine[]): Promise<PlannedLine[]> {
  const orderId = order.id;
  const items = await orderLines(tx, orderId);
  const planned: PlannedLine[] = [];
  for (const [index, asked] of requested.entries()) {
    const item = items.find((i) => i.productId === asked.product_id && i.sizeId === asked.size);
    if (!item) throw fieldError(`lines.${index}.size`, 'This order has no such piece.');
    refuseAgainstRule(item, asked.kind, index);
    const newSize = asked.kind === 'exchange' ? (asked.new_size ?? null) : null;
    if (newSize !== null && !(await sizesSold(tx, item.productId, [newSize])).has(newSize)) {
      throw fieldError(`lines.${index}.new_size`, 'This product does not come in that size.');
    }
    const line: NewReturnLine = {
      orderItemId: item.id,
      productId: item.productId,
      sizeId: item.sizeId,
      quantity: asked.quantity,
      kind: asked.kind,
      newSizeId: newSize,
      reason: asked.reason,
      note: asked.note || null,
      unitPricePaise: item.unitPricePaise,
      paidPaise: 0,
    };
    planned.push({ line, item, index });
  }
  const taken = await refuseTooMany(tx, orderId, planned);
  sharePaid(items, order.discountPaise, planned, taken);
  return planned;
}

/** A reason as a sentence, so that it reads on after the rule's own words. */
const sentence = (text: string) => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

/**
 * 409 beside the line's choice when the rule the piece was bought under (ADR 058; the order line keeps it) refuses
 * what is asked: a `final_sale` piece goes back neither as a return nor as an exchange, an `exchange_only` piece only
 * as an exchange for another size. The message names the product, the rule and the category's reason.
 */
function refuseAgainstRule(item: OrderItem, kind: ReturnRequestLine['kind'], index: number): void {
  const reason = sentence(item.returnRuleReason.trim());
  let message: string;
  if (item.returnRule === 'final_sale') {
    message = `${item.productName} was sold as final sale: it cannot be returned or exchanged. ${reason}`;
  } else if (item.returnRule === 'exchange_only' && kind === 'return') {
    message = `${item.productName} is exchange only: it can be exchanged for another size, not returned for a refund. ${reason}`;
  } else {
    return;
  }
  const code = item.returnRule === 'final_sale' ? 'FINAL_SALE' : 'EXCHANGE_ONLY';
  message = message.trim();
  throw new AppError('CONFLICT', message, { code, errors: { [`lines.${index}.kind`]: [message] } });
}

/**
 * What the shopper paid for each line's pieces: the order line's value after its share of the coupon (shared over the
 * lines by value, as the tax invoice shares it), split over its pieces so that the pieces of a line, however many
 * requests send them back, add up to exactly what the line cost.
 */
function sharePaid(
  items: OrderItem[],
  discountPaise: number,
  planned: PlannedLine[],
  taken: Map<number, number>,
): void {
  const shares = shareDiscount(
    items.map((item) => item.lineTotalPaise),
    discountPaise,
  );
  const before = new Map(taken);
  for (const { line, item } of planned) {
    const paid = item.lineTotalPaise - (shares[items.indexOf(item)] ?? 0);
    const earlier = before.get(item.id) ?? 0;
    const upTo = (pieces: number) => Math.floor((paid * pieces) / item.quantity);
    line.paidPaise = upTo(earlier + line.quantity) - upTo(earlier);
    before.set(item.id, earlier + line.quantity);
  }
}

/** 400 for more pieces than were bought; 409 for pieces that earlier requests (not rejected) take back already. */
async function refuseTooMany(tx: Queryable, orderId: number, planned: PlannedLine[]): Promise<Map<number, number>> {
  const taken = await piecesTaken(tx, orderId);
  const wanted = new Map<number, number>();
  for (const { line, item, index } of planned) {
    const total = (wanted.get(item.id) ?? 0) + line.quantity;
    wanted.set(item.id, total);
    const field = `lines.${index}.quantity`;
    if (total > item.quantity) {
      throw fieldError(field, `You bought ${item.quantity} of ${item.productName} in size ${item.sizeLabel}.`);
    }
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (total > left) {
      const message =
        left === 0
          ? `Every piece of ${item.productName} in size ${item.sizeLabel} is in an earlier return request.`
          : `Only ${left} of ${item.productName} in size ${item.sizeLabel} can still be sent back; the rest is in an earlier return request.`;
      throw new AppError('CONFLICT', message, { code: 'RETURN_QUANTITY_TAKEN', errors: { [field]: [message] } });
    }
  }
  return taken;
}

/** Holds the exchanges' new sizes; when one is not free, 409 (the caller's transaction rolls back: nothing is recorded). */
async function holdExchangeSizes(tx: Queryable, planned: PlannedLine[]): Promise<void> {
  const exchanges = planned.filter(({ line }) => line.kind === 'exchange' && line.newSizeId != null);
  const short = await reserve(
    tx,
    exchanges.map(({ line }) => ({
      productId: line.productId,
      sizeId: line.newSizeId as number,
      quantity: line.quantity,
    })),
  );
  if (!short) return;
  const sold = exchanges.filter(({ line }) => line.productId === short.productId && line.newSizeId === short.sizeId);
  const name = sold[0]?.item.productName ?? 'this product';
  const size = await sizeLabel(tx, short.sizeId);
  const message = `Size ${size} of ${name} is sold out, so it cannot be exchanged now. You can ask for a return and a refund instead.`;
  // Each exchange line asking for that size is named, so the form can offer those lines a return.
  const errors = Object.fromEntries(sold.map(({ index }) => [`lines.${index}.new_size`, [message]]));
  throw new AppError('CONFLICT', message, { code: 'EXCHANGE_SIZE_SOLD_OUT', errors });
}

/** my_returns: the shopper's return requests, newest first. */
export async function myReturns(db: Queryable, owner: Owner): Promise<ReturnSummary[]> {
  return summariesOf(db, await ownReturns(db, owner));
}

/** return_details: one of the shopper's returns; anyone else's answers 404 exactly like an unknown one. */
export async function returnDetails(db: Queryable, owner: Owner, returnId: number): Promise<ReturnDetail> {
  const request = await ownReturn(db, owner, returnId);
  if (!request) throw new AppError('NOT_FOUND', 'Return not found.');
  return detailOf(db, request);
}
