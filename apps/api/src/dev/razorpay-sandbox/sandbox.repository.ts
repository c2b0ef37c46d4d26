import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type Queryable,
  sandboxRazorpayOrders,
  sandboxRazorpayPayments,
  sandboxRazorpayRefunds,
  sandboxRazorpayWebhooks,
  sql,
} from '@kapaas/db';

export type SandboxOrderRow = typeof sandboxRazorpayOrders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxRazorpayPayments.$inferSelect;
export type SandboxRefundRow = typeof sandboxRazorpayRefunds.$inferSelect;
export type SandboxWebhookRow = typeof sandboxRazorpayWebhooks.$inferSelect;

/** Inserts an order unless its receipt is taken; answers the new row, or undefined on a taken receipt. */
export async function insertOrder(db: Queryable, row: typeof sandboxRazorpayOrders.$inferInsert) {
  const [created] = await db.insert(sandboxRazorpayOrders).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findOrder(db: Queryable, id: string, lock = false) {
  const query = db.select().from(sandboxRazorpayOrders).where(eq(sandboxRazorpayOrders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderByReceipt(db: Queryable, receipt: string) {
  const [row] = await db.select().from(sandboxRazorpayOrders).where(eq(sandboxRazorpayOrders.receipt, receipt));
  return row;
}

export function listOrders(db: Queryable, options: { receipt?: string; count: number; skip: number }) {
  return db
    .select()
    .from(sandboxRazorpayOrders)
    .where(options.receipt === undefined ? undefined : eq(sandboxRazorpayOrders.receipt, options.receipt))
    .orderBy(desc(sandboxRazorpayOrders.createdAt), desc(sandboxRazorpayOrders.id))
    .limit(options.count)
    .offset(options.skip);
}

export async function recordAttempt(db: Queryable, orderId: string, paidPaise: number | null) {
  await db
    .update(sandboxRazorpayOrders)
    .set({
      attempts: sql`${sandboxRazorpayOrders.attempts} + 1`,
      ...(paidPaise === null
        ? { status: 'attempted' as const }
        : { status: 'paid' as const, amountPaidPaise: paidPaise }),
    })
    .where(eq(sandboxRazorpayOrders.id, orderId));
}

/** An authorised payment's capture: the order is paid with it. */
export async function recordCapture(db: Queryable, orderId: string, paidPaise: number) {
  await db
    .update(sandboxRazorpayOrders)
    .set({ status: 'paid', amountPaidPaise: paidPaise })
    .where(eq(sandboxRazorpayOrders.id, orderId));
}

export async function markCaptured(db: Queryable, paymentId: string) {
  const [row] = await db
    .update(sandboxRazorpayPayments)
    .set({ status: 'captured', captured: true })
    .where(eq(sandboxRazorpayPayments.id, paymentId))
    .returning();
  return row as SandboxPaymentRow;
}

export async function insertPayment(db: Queryable, row: typeof sandboxRazorpayPayments.$inferInsert) {
  const [created] = await db.insert(sandboxRazorpayPayments).values(row).returning();
  return created as SandboxPaymentRow;
}

/**
 * The order's UPI payment waiting for the shopper's app (QR or intent), locked, if there is one; with `paymentId`,
 * only that payment.
 */
export async function findWaitingUpi(db: Queryable, orderId: string, paymentId?: string) {
  const [row] = await db
    .select()
    .from(sandboxRazorpayPayments)
    .where(
      and(
        eq(sandboxRazorpayPayments.orderId, orderId),
        eq(sandboxRazorpayPayments.method, 'upi'),
        eq(sandboxRazorpayPayments.status, 'created'),
        paymentId === undefined ? undefined : eq(sandboxRazorpayPayments.id, paymentId),
      ),
    )
    .orderBy(desc(sandboxRazorpayPayments.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Settles a waiting payment: its status, detail and any error. */
export async function settlePayment(
  db: Queryable,
  paymentId: string,
  changes: Partial<typeof sandboxRazorpayPayments.$inferInsert>,
) {
  const [row] = await db
    .update(sandboxRazorpayPayments)
    .set(changes)
    .where(eq(sandboxRazorpayPayments.id, paymentId))
    .returning();
  return row as SandboxPaymentRow;
}

export async function findPayment(db: Queryable, id: string, lock = false) {
  const query = db.select().from(sandboxRazorpayPayments).where(eq(sandboxRazorpayPayments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function listPayments(db: Queryable, orderId: string) {
  return db
    .select()
    .from(sandboxRazorpayPayments)
    .where(eq(sandboxRazorpayPayments.orderId, orderId))
    .orderBy(desc(sandboxRazorpayPayments.createdAt), desc(sandboxRazorpayPayments.id));
}

export async function addRefunded(db: Queryable, paymentId: string, amountPaise: number, full: boolean) {
  const [row] = await db
    .update(sandboxRazorpayPayments)
    .set({
      amountRefundedPaise: sql`${sandboxRazorpayPayments.amountRefundedPaise} + ${amountPaise}`,
      ...(full ? { status: 'refunded' as const } : {}),
    })
    .where(eq(sandboxRazorpayPayments.id, paymentId))
    .returning();
  return row as SandboxPaymentRow;
}

export async function findRefundByKey(db: Queryable, key: string) {
  const [row] = await db.select().from(sandboxRazorpayRefunds).where(eq(sandboxRazorpayRefunds.idempotencyKey, key));
  return row;
}

export async function findRefund(db: Queryable, id: string) {
  const [row] = await db.select().from(sandboxRazorpayRefunds).where(eq(sandboxRazorpayRefunds.id, id));
  return row;
}

/** A payment's refunds, newest first, as Razorpay lists them; `from`/`to` bound created_at. */
export function listRefunds(
  db: Queryable,
  paymentId: string,
  options: { count: number; skip: number; from?: Date | undefined; to?: Date | undefined },
) {
  return db
    .select()
    .from(sandboxRazorpayRefunds)
    .where(
      and(
        eq(sandboxRazorpayRefunds.paymentId, paymentId),
        options.from ? gte(sandboxRazorpayRefunds.createdAt, options.from) : undefined,
        options.to ? lte(sandboxRazorpayRefunds.createdAt, options.to) : undefined,
      ),
    )
    .orderBy(desc(sandboxRazorpayRefunds.createdAt), desc(sandboxRazorpayRefunds.id))
    .limit(options.count)
    .offset(options.skip);
}

export async function insertRefund(db: Queryable, row: typeof sandboxRazorpayRefunds.$inferInsert) {
  const [created] = await db.insert(sandboxRazorpayRefunds).values(row).onConflictDoNothing().returning();
  return created;
}

export async function insertWebhooks(db: Queryable, rows: (typeof sandboxRazorpayWebhooks.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(sandboxRazorpayWebhooks).values(rows).returning({ id: sandboxRazorpayWebhooks.id });
}

export function undeliveredWebhooks(db: Queryable, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as SandboxWebhookRow[]);
  return db
    .select()
    .from(sandboxRazorpayWebhooks)
    .where(and(inArray(sandboxRazorpayWebhooks.id, ids), isNull(sandboxRazorpayWebhooks.deliveredAt)))
    .orderBy(sandboxRazorpayWebhooks.id);
}

/**
 * Webhooks still owed to the shop: never delivered, tried fewer than `maxAttempts` times, and not
 * refused by the shop with a 4xx (those are kept for a person to look at, not retried).
 */
export function pendingWebhooks(db: Queryable, maxAttempts: number) {
  return db
    .select({ id: sandboxRazorpayWebhooks.id })
    .from(sandboxRazorpayWebhooks)
    .where(
      and(
        isNull(sandboxRazorpayWebhooks.deliveredAt),
        lt(sandboxRazorpayWebhooks.attempts, maxAttempts),
        or(isNull(sandboxRazorpayWebhooks.lastStatus), gte(sandboxRazorpayWebhooks.lastStatus, 500)),
      ),
    )
    .orderBy(sandboxRazorpayWebhooks.id);
}

export async function recordDelivery(db: Queryable, id: number, status: number | null, delivered: boolean) {
  await db
    .update(sandboxRazorpayWebhooks)
    .set({
      attempts: sql`${sandboxRazorpayWebhooks.attempts} + 1`,
      lastStatus: status,
      ...(delivered ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(sandboxRazorpayWebhooks.id, id));
}

export function webhooksForOrder(db: Queryable, orderId: string) {
  return db
    .select()
    .from(sandboxRazorpayWebhooks)
    .where(eq(sandboxRazorpayWebhooks.orderId, orderId))
    .orderBy(sandboxRazorpayWebhooks.id);
}
