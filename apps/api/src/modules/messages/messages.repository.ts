import {
  and,
  contactMessages,
  eq,
  inArray,
  isNull,
  newsletterSubscribers,
  productSizes,
  products,
  type Queryable,
  sizes,
  sql,
  stockAlerts,
  users,
} from '@kapaas/db';

export async function insertContactMessage(
  db: Queryable,
  message: { name: string; email: string; mobile: string; message: string },
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('the contact message was not stored');
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Newsletter subscribers (double opt-in)

const sameEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = ${email.trim().toLowerCase()}`;

/** Marks a contact message read (keeping when it was first read) or unread again: the console's inbox. */
export async function markContactMessageRead(db: Queryable, id: number, read: boolean): Promise<void> {
  await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id));
}

/** Deletes a contact message, from the console. */
export async function deleteContactMessage(db: Queryable, id: number): Promise<void> {
  await db.delete(contactMessages).where(eq(contactMessages.id, id));
}

/** Deletes a subscriber by id, from the console (a shopper's own unsubscribe goes by e-mail: `removeSubscriber`). */
export async function deleteSubscriber(db: Queryable, id: number): Promise<void> {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
}

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/**
 * The subscriber of an address, created unconfirmed when it is new; locked until the transaction
 * ends, so that two requests for one address queue one confirmation.
 */
export async function lockSubscriber(db: Queryable, email: string): Promise<SubscriberRow> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
  const [row] = await db.select().from(newsletterSubscribers).where(sameEmail(email)).for('update');
  if (!row) throw new Error('the subscriber was not stored');
  return row;
}

/** The new link's token hash, and the privacy notice the form showed (recorded in the ledger on confirmation). */
export async function setConfirmTokenHash(
  db: Queryable,
  id: number,
  hash: string,
  noticeVersion: number,
): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ confirmTokenHash: hash, noticeVersion })
    .where(eq(newsletterSubscribers.id, id));
}

/** Confirms the subscription whose token has this hash; answers its address and notice, or null for no such token. */
export async function confirmByTokenHash(
  db: Queryable,
  hash: string,
): Promise<{ email: string; noticeVersion: number | null } | null> {
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hash), isNull(newsletterSubscribers.confirmedAt)))
    .returning({ email: newsletterSubscribers.email, noticeVersion: newsletterSubscribers.noticeVersion });
  return confirmed ?? null;
}

export async function confirmedSubscriberCount(db: Queryable, email: string): Promise<number> {
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(sameEmail(email), sql`${newsletterSubscribers.confirmedAt} IS NOT NULL`));
  return rows.length;
}

export async function removeSubscriber(db: Queryable, email: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(sameEmail(email));
}

// ---------------------------------------------------------------------------------------------
// Stock alerts

/**
 * A size of a product as "Notify me" needs it: whether the product is on sale, the size's label and
 * what is free. `share`: its stock row is share-locked until the transaction ends, so that a restock
 * waits for the alert being added (and then sees it) rather than slipping in between.
 */
export async function sizeOfProduct(db: Queryable, productId: number, sizeId: number, share = false) {
  const query = db
    .select({
      status: products.status,
      productName: products.name,
      label: sizes.label,
      available: sql<number>`${productSizes.stock} - ${productSizes.reserved}`,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)));
  const [row] = share ? await query.for('share', { of: productSizes }) : await query;
  return row ? { ...row, available: Number(row.available) } : undefined;
}

/**
 * The active account that uses an alert's address (a read model of ADR 043), or undefined: its name and mobile, the
 * only number the shop holds for the person who asked.
 */
export async function accountOfAddress(db: Queryable, email: string) {
  const [row] = await db
    .select({ name: users.name, mobile: users.phone })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.status, 'active')));
  return row;
}

/** Adds a waiting alert; one already waiting for this size and address (any letter case) stays as it is. */
export async function insertStockAlert(
  db: Queryable,
  alert: { productId: number; sizeId: number; email: string },
): Promise<void> {
  await db.insert(stockAlerts).values(alert).onConflictDoNothing();
}

/** The alerts still waiting for a size, locked until the transaction ends (a concurrent restock waits). */
export async function lockWaitingAlerts(db: Queryable, productId: number, sizeId: number) {
  return db
    .select({ id: stockAlerts.id, email: stockAlerts.email })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.sizeId, sizeId), isNull(stockAlerts.notifiedAt)))
    .orderBy(stockAlerts.id)
    .for('update');
}

export async function markNotified(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(stockAlerts).set({ notifiedAt: new Date() }).where(inArray(stockAlerts.id, ids));
}
