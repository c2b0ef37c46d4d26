import { codPrepayments, contactMessages, orderItems, orders, type Queryable, users } from '@kapaas/db';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';

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

/** A cash-on-delivery order's payment link (issue 34) as its confirmation shows it, while unpaid; else null. */
export async function payLinkForMail(db: Queryable, orderId: number) {
  const [link] = await db
    .select({
      url: codPrepayments.shortUrl,
      amountPaise: codPrepayments.amountPaise,
      expiresAt: codPrepayments.expiresAt,
    })
    .from(codPrepayments)
    .where(and(eq(codPrepayments.orderId, orderId), eq(codPrepayments.kind, 'link'), isNull(codPrepayments.paidAt)))
    .orderBy(desc(codPrepayments.id))
    .limit(1);
  return link?.url ? { ...link, url: link.url } : null;
}

export async function userForMail(db: Queryable, userId: number) {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function contactForMail(db: Queryable, contactId: number) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, contactId));
  return message ?? null;
}

/** A cart's lines as they are now, with each product's first picture and current price. */
export async function cartForMail(db: Queryable, cartId: number) {
  type Row = {
    product_id: number;
    name: string;
    size: string;
    quantity: number;
    price_paise: number;
    image: string | null;
  };
  const result = await db.execute(sql`
    SELECT p.id AS product_id, p.name, s.label AS size, i.quantity,
           coalesce(p.discount_price_paise, p.price_paise) AS price_paise,
           (SELECT url FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image
    FROM cart_items i
    JOIN products p ON p.id = i.product_id
    JOIN sizes s ON s.id = i.size_id
    WHERE i.cart_id = ${cartId}
    ORDER BY i.added_at, i.id`);
  // Both drivers answer { rows }.
  const rows = result as unknown as { rows: Row[] };
  return rows.rows;
}
