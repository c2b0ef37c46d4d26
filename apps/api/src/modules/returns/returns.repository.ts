import type { ReturnStatus } from '@kapaas/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  ne,
  orderEvents,
  orderItems,
  orders,
  payments,
  productSizes,
  type Queryable,
  refunds,
  returnEvents,
  returnLines,
  returnRequests,
  sizes,
  sql,
} from '@kapaas/db';
import type { Owner } from '../../lib/owner';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

const ownedBy = (owner: Owner) =>
  owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);

/** The owner's order, locked until the transaction ends (so that two requests for it count pieces one after the other). */
export async function lockOwnOrder(tx: Queryable, owner: Owner, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(owner)))
    .for('update');
  return row;
}

/** When the order was delivered: its first `delivered` event. */
export async function deliveredAt(db: Queryable, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .limit(1);
  return row?.at ?? null;
}

export async function orderLines(db: Queryable, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** How many pieces of each order line earlier requests that were not rejected already take back. */
export async function piecesTaken(db: Queryable, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ item: returnLines.orderItemId, n: sql<number>`sum(${returnLines.quantity})` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((row) => [row.item, Number(row.n)]));
}

/** Which of these sizes the product sells (has a stock row for). */
export async function sizesSold(db: Queryable, productId: number, sizeIds: number[]): Promise<Set<number>> {
  if (sizeIds.length === 0) return new Set();
  const rows = await db
    .select({ sizeId: productSizes.sizeId })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), inArray(productSizes.sizeId, sizeIds)));
  return new Set(rows.map((row) => row.sizeId));
}

export async function sizeLabel(db: Queryable, sizeId: number): Promise<string> {
  const [row] = await db.select({ label: sizes.label }).from(sizes).where(eq(sizes.id, sizeId));
  return row?.label ?? String(sizeId);
}

export type NewReturnLine = Omit<typeof returnLines.$inferInsert, 'id' | 'returnId'>;

/** Writes a request, its lines and the first event of its history. */
export async function insertReturn(
  tx: Queryable,
  orderId: number,
  photos: string[],
  lines: NewReturnLine[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(returnRequests).values({ orderId, photos }).returning();
  if (!row) throw new Error('the return insert returned nothing');
  await tx.insert(returnLines).values(lines.map((line) => ({ ...line, returnId: row.id })));
  await tx.insert(returnEvents).values({ returnId: row.id, status: 'requested' });
  return row;
}

/** A return, locked until the transaction ends: every move holds it, so two moves never interleave. */
export async function lockReturn(tx: Queryable, returnId: number): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for('update');
  return row;
}

export async function returnOf(db: Queryable, returnId: number): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  return row;
}

/** A return of the owner's orders; undefined for anyone else's, exactly like an unknown one. */
export async function ownReturn(db: Queryable, owner: Owner, returnId: number): Promise<ReturnRow | undefined> {
  const [row] = await db
    .select({ request: returnRequests })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(returnRequests.id, returnId), ownedBy(owner)));
  return row?.request;
}

/** The owner's returns, newest first. */
export async function ownReturns(db: Queryable, owner: Owner): Promise<ReturnRow[]> {
  const rows = await db
    .select({ request: returnRequests })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(ownedBy(owner))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  return rows.map((row) => row.request);
}

/** The lines of these returns with what the order line says of them (name, picture, size) and the new size's label. */
export async function linesOfReturns(db: Queryable, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      line: returnLines,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      sizeLabel: orderItems.sizeLabel,
      sku: orderItems.sku,
      newSizeLabel: sql<
        string | null
      >`(SELECT ${sizes.label} FROM ${sizes} WHERE ${sizes.id} = ${returnLines.newSizeId})`,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(asc(returnLines.id));
}
export type ReturnLineRow = Awaited<ReturnType<typeof linesOfReturns>>[number];

export async function eventsOf(db: Queryable, returnId: number) {
  return db
    .select()
    .from(returnEvents)
    .where(eq(returnEvents.returnId, returnId))
    .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id));
}

/** Moves a locked return and records the move in its history. */
export async function moveReturn(
  tx: Queryable,
  returnId: number,
  to: ReturnStatus,
  changes: Partial<typeof returnRequests.$inferInsert>,
  event: { note: string | null; customerNote: string | null; adminId: number | null },
): Promise<void> {
  await tx
    .update(returnRequests)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(eq(returnRequests.id, returnId));
  await tx.insert(returnEvents).values({ returnId, status: to, ...event });
}

/** A line in a return's history that is no move (a courier's pickup booked), at the status the return is in. */
export async function noteOnReturn(
  tx: Queryable,
  request: Pick<ReturnRow, 'id' | 'status'>,
  event: { note: string; customerNote: string | null },
): Promise<void> {
  await tx.insert(returnEvents).values({ returnId: request.id, status: request.status, adminId: null, ...event });
}

/** The order's refunds so far, in paise: the provider's (of its own payments) and the returns paid back by hand. */
export async function refundedSoFar(db: Queryable, orderId: number): Promise<number> {
  const [provider] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.orderId, orderId), sql`${payments.refusalReason} IS NULL`));
  const [byHand] = await db
    .select({ n: sql<number>`coalesce(sum(${returnRequests.refundPaise}), 0)` })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        isNotNull(returnRequests.refundedAt),
        inArray(returnRequests.refundMethod, ['bank', 'upi']),
      ),
    );
  return Number(provider?.n ?? 0) + Number(byHand?.n ?? 0);
}

/** The provider refund the admin refund path recorded under this request key. */
export async function refundByRequestKey(db: Queryable, requestKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.requestKey, requestKey));
  return row;
}

/** The console's list: returns with their order's shopper, newest first, by status and free text. */
export async function returnPage(
  db: Queryable,
  query: { page: number; per_page: number; status?: ReturnStatus | undefined; q?: string | undefined },
) {
  const text = query.q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const asId = text && /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
  const where = and(
    query.status ? eq(returnRequests.status, query.status) : undefined,
    pattern
      ? sql`(${orders.addressSnapshot}->>'email_id' ILIKE ${pattern}
          OR (${orders.addressSnapshot}->>'first_name') || ' ' || (${orders.addressSnapshot}->>'last_name') ILIKE ${pattern}
          ${asId === undefined ? sql`` : sql`OR ${returnRequests.orderId} = ${asId} OR ${returnRequests.id} = ${asId}`})`
      : undefined,
  );
  const rows = await db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(where)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** How many return requests stand in each status (a status with none is left out). */
export async function returnCounts(db: Queryable): Promise<Partial<Record<ReturnStatus, number>>> {
  const rows = await db
    .select({ status: returnRequests.status, n: count() })
    .from(returnRequests)
    .groupBy(returnRequests.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export async function orderRow(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}
