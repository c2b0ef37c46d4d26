import { contactMessages, orderItems, orders, type Queryable, users } from '@kapaas/db';
import { asc, eq } from 'drizzle-orm';

// What the templates read (the mail module writes none of these tables).

export async function orderForMail(db: Queryable, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      size: orderItems.sizeLabel,
      image: orderItems.productImage,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      lineTotalPaise: orderItems.lineTotalPaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, lines };
}

export type OrderForMail = NonNullable<Awaited<ReturnType<typeof orderForMail>>>;

export async function userForMail(db: Queryable, userId: number) {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function contactForMail(db: Queryable, contactId: number) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, contactId));
  return message ?? null;
}
