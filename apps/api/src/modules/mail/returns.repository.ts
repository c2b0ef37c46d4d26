import { orderItems, orders, type Queryable, returnLines, returnRequests, sizes } from '@kapaas/db';
import { asc, eq, sql } from 'drizzle-orm';

// What the return templates read: the return as it is when the message is rendered, its order and its lines.

export async function returnForMail(db: Queryable, returnId: number) {
  const [row] = await db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, returnId));
  if (!row) return null;
  const lines = await db
    .select({
      id: returnLines.id,
      name: orderItems.productName,
      size: orderItems.sizeLabel,
      quantity: returnLines.quantity,
      kind: returnLines.kind,
      newSize: sql<string | null>`(SELECT ${sizes.label} FROM ${sizes} WHERE ${sizes.id} = ${returnLines.newSizeId})`,
      unitPricePaise: returnLines.unitPricePaise,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
  return { ...row.request, order: row.order, lines };
}

export type ReturnForMail = NonNullable<Awaited<ReturnType<typeof returnForMail>>>;
