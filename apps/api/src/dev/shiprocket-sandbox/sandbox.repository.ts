import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type Queryable,
  sandboxShiprocketScans,
  sandboxShiprocketShipments,
  sandboxShiprocketWebhooks,
  sql,
} from '@kapaas/db';

export type ShipmentRow = typeof sandboxShiprocketShipments.$inferSelect;
export type ScanRow = typeof sandboxShiprocketScans.$inferSelect;
export type WebhookRow = typeof sandboxShiprocketWebhooks.$inferSelect;

/** Inserts an order unless its reference is taken (per kind); answers the new row, or undefined. */
export async function insertShipment(db: Queryable, row: typeof sandboxShiprocketShipments.$inferInsert) {
  const [created] = await db.insert(sandboxShiprocketShipments).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findByChannelOrder(db: Queryable, channelOrderId: string, isReturn: boolean) {
  const [row] = await db
    .select()
    .from(sandboxShiprocketShipments)
    .where(
      and(
        eq(sandboxShiprocketShipments.channelOrderId, channelOrderId),
        eq(sandboxShiprocketShipments.isReturn, isReturn),
      ),
    );
  return row;
}

export async function findShipment(db: Queryable, id: number, lock = false) {
  const query = db.select().from(sandboxShiprocketShipments).where(eq(sandboxShiprocketShipments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findByAwb(db: Queryable, awb: string, lock = false) {
  const query = db.select().from(sandboxShiprocketShipments).where(eq(sandboxShiprocketShipments.awb, awb));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Sets the AWB unless another shipment holds it; answers the row, or undefined on a taken AWB. */
export async function setAwb(
  db: Queryable,
  id: number,
  values: { awb: string; courierId: number; courierName: string; etd: Date; pickupScheduledAt: Date },
) {
  const [row] = await db
    .update(sandboxShiprocketShipments)
    .set({ ...values, statusId: 1, status: 'AWB ASSIGNED' })
    .where(
      and(
        eq(sandboxShiprocketShipments.id, id),
        sql`NOT EXISTS (SELECT 1 FROM sandbox_shiprocket_shipments taken WHERE taken.awb = ${values.awb})`,
      ),
    )
    .returning();
  return row;
}

export async function updateShipment(
  db: Queryable,
  id: number,
  values: Partial<typeof sandboxShiprocketShipments.$inferInsert>,
) {
  const [row] = await db
    .update(sandboxShiprocketShipments)
    .set(values)
    .where(eq(sandboxShiprocketShipments.id, id))
    .returning();
  return row as ShipmentRow;
}

/** Every shipment, newest first (the page's list). */
export function listShipments(db: Queryable, limit: number) {
  return db.select().from(sandboxShiprocketShipments).orderBy(desc(sandboxShiprocketShipments.id)).limit(limit);
}

/** The shipments in NDR: the last attempt failed and nothing has moved them since. */
export function ndrShipments(db: Queryable, limit: number, offset: number) {
  return db
    .select()
    .from(sandboxShiprocketShipments)
    .where(and(eq(sandboxShiprocketShipments.statusId, 21), eq(sandboxShiprocketShipments.isReturn, false)))
    .orderBy(desc(sandboxShiprocketShipments.ndrRaisedAt), desc(sandboxShiprocketShipments.id))
    .limit(limit)
    .offset(offset);
}

export async function countNdr(db: Queryable) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sandboxShiprocketShipments)
    .where(and(eq(sandboxShiprocketShipments.statusId, 21), eq(sandboxShiprocketShipments.isReturn, false)));
  return row?.count ?? 0;
}

export async function insertScan(db: Queryable, row: typeof sandboxShiprocketScans.$inferInsert) {
  const [created] = await db.insert(sandboxShiprocketScans).values(row).returning();
  return created as ScanRow;
}

/** A shipment's scans, oldest first. */
export function scansOf(db: Queryable, shipmentId: number) {
  return db
    .select()
    .from(sandboxShiprocketScans)
    .where(eq(sandboxShiprocketScans.shipmentId, shipmentId))
    .orderBy(asc(sandboxShiprocketScans.at), asc(sandboxShiprocketScans.id));
}

export async function insertWebhooks(db: Queryable, rows: (typeof sandboxShiprocketWebhooks.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(sandboxShiprocketWebhooks).values(rows).returning({ id: sandboxShiprocketWebhooks.id });
}

/** These rows, not yet delivered and not held, in the order of `ids`. */
export async function sendableWebhooks(db: Queryable, ids: number[]) {
  if (ids.length === 0) return [] as WebhookRow[];
  const rows = await db
    .select()
    .from(sandboxShiprocketWebhooks)
    .where(
      and(
        inArray(sandboxShiprocketWebhooks.id, ids),
        isNull(sandboxShiprocketWebhooks.deliveredAt),
        eq(sandboxShiprocketWebhooks.held, false),
      ),
    );
  return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/**
 * Webhooks still owed to the shop, not held and never delivered: those tried fewer than `maxAttempts` times whose last
 * answer was none or a 5xx, and every one the shop answered 404 (its receiver missing then; a later start may have it).
 */
export function pendingWebhooks(db: Queryable, maxAttempts: number) {
  return db
    .select({ id: sandboxShiprocketWebhooks.id })
    .from(sandboxShiprocketWebhooks)
    .where(
      and(
        isNull(sandboxShiprocketWebhooks.deliveredAt),
        eq(sandboxShiprocketWebhooks.held, false),
        or(
          eq(sandboxShiprocketWebhooks.lastStatus, 404),
          and(
            lt(sandboxShiprocketWebhooks.attempts, maxAttempts),
            or(isNull(sandboxShiprocketWebhooks.lastStatus), gte(sandboxShiprocketWebhooks.lastStatus, 500)),
          ),
        ),
      ),
    )
    .orderBy(sandboxShiprocketWebhooks.id);
}

/** Lets the held webhooks (of one AWB, or all) go; answers their ids, oldest first. */
export async function releaseHeld(db: Queryable, awb: string | undefined) {
  const rows = await db
    .update(sandboxShiprocketWebhooks)
    .set({ held: false })
    .where(
      and(
        eq(sandboxShiprocketWebhooks.held, true),
        awb === undefined ? undefined : eq(sandboxShiprocketWebhooks.awb, awb),
      ),
    )
    .returning({ id: sandboxShiprocketWebhooks.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function recordDelivery(db: Queryable, id: number, status: number | null, delivered: boolean) {
  await db
    .update(sandboxShiprocketWebhooks)
    .set({
      attempts: sql`${sandboxShiprocketWebhooks.attempts} + 1`,
      lastStatus: status,
      ...(delivered ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(sandboxShiprocketWebhooks.id, id));
}

export function webhooksFor(db: Queryable, awb: string | undefined) {
  return db
    .select()
    .from(sandboxShiprocketWebhooks)
    .where(awb === undefined ? undefined : eq(sandboxShiprocketWebhooks.awb, awb))
    .orderBy(sandboxShiprocketWebhooks.id);
}
