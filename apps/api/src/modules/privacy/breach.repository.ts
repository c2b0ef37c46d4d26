import { asc, breaches, breachNotices, count, desc, eq, type Queryable, sql } from '@kapaas/db';

// The breach drill's rows (privacy owns breaches and breach_notices), and the read of who was active in a time
// window (table-readers.ts: "a breach's affected people": users, guests, sessions, orders).

export type BreachRow = typeof breaches.$inferSelect;

export async function insertBreach(
  db: Queryable,
  breach: { title: string; whatHappened: string; recordedBy: number; recordedByEmail: string },
  now: Date,
): Promise<BreachRow> {
  const [row] = await db
    .insert(breaches)
    .values({ ...breach, recordedAt: now })
    .returning();
  if (!row) throw new Error('the breach was not recorded');
  return row;
}

export async function breachById(db: Queryable, id: number, lock = false): Promise<BreachRow | null> {
  const query = db.select().from(breaches).where(eq(breaches.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The breaches, newest first, with how many people each notice went to. */
export async function breachPage(
  db: Queryable,
  page: { page: number; per_page: number },
): Promise<{ rows: (BreachRow & { notified: number })[]; total: number }> {
  // A join, not a correlated subquery: drizzle writes the outer table's column unqualified ("id") in a query of one
  // table, and inside a subquery on the notices that name is the notice's own id.
  const rows = await db
    .select({ breach: breaches, notified: count(breachNotices.id) })
    .from(breaches)
    .leftJoin(breachNotices, eq(breachNotices.breachId, breaches.id))
    .groupBy(breaches.id)
    .orderBy(desc(breaches.recordedAt), desc(breaches.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  const [total] = await db.select({ n: count() }).from(breaches);
  return { rows: rows.map((row) => ({ ...row.breach, notified: Number(row.notified) })), total: total?.n ?? 0 };
}

export async function notifiedCount(db: Queryable, breachId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(breachNotices).where(eq(breachNotices.breachId, breachId));
  return row?.n ?? 0;
}

/** Records that the notice was queued for these addresses; an address twice is recorded once. */
export async function insertNotices(db: Queryable, breachId: number, emails: string[], now: Date): Promise<void> {
  // In slices, so that a long list stays under the database's limit of parameters per statement.
  for (let start = 0; start < emails.length; start += 1000) {
    const slice = emails.slice(start, start + 1000).map((email) => ({ breachId, email, queuedAt: now }));
    await db.insert(breachNotices).values(slice).onConflictDoNothing();
  }
}

export async function markNotified(
  db: Queryable,
  id: number,
  notice: { noticeSubject: string; noticeBody: string; audience: string },
  now: Date,
): Promise<BreachRow> {
  const [row] = await db
    .update(breaches)
    .set({ ...notice, notifiedAt: now })
    .where(eq(breaches.id, id))
    .returning();
  if (!row) throw new Error(`breach ${id} vanished`);
  return row;
}

export async function noticePage(db: Queryable, breachId: number, page: { page: number; per_page: number }) {
  const rows = await db
    .select({ email: breachNotices.email, queuedAt: breachNotices.queuedAt })
    .from(breachNotices)
    .where(eq(breachNotices.breachId, breachId))
    .orderBy(asc(breachNotices.email))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  return { rows, total: await notifiedCount(db, breachId) };
}

/**
 * Every address of a person active between `from` and `to`: accounts created, or whose sessions were used, in it;
 * orders placed in it (the order's address and its account's); and guests created or active in it, through the
 * addresses of their orders (a guest without an order left no address). Lower-cased, each once.
 */
export async function activeAddresses(db: Queryable, from: Date, to: Date): Promise<string[]> {
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    WITH active_users AS (
      SELECT id FROM users WHERE created_at BETWEEN ${f} AND ${t}
      UNION SELECT user_id FROM sessions WHERE user_id IS NOT NULL AND last_seen_at >= ${f} AND created_at <= ${t}
      UNION SELECT user_id FROM orders WHERE user_id IS NOT NULL AND created_at BETWEEN ${f} AND ${t}
    ),
    active_guests AS (
      SELECT id FROM guests WHERE created_at BETWEEN ${f} AND ${t}
      UNION SELECT guest_id FROM sessions WHERE guest_id IS NOT NULL AND last_seen_at >= ${f} AND created_at <= ${t}
    ),
    found AS (
      SELECT lower(email) AS email FROM users WHERE id IN (SELECT id FROM active_users)
      UNION SELECT lower(address_snapshot->>'email_id') FROM orders WHERE created_at BETWEEN ${f} AND ${t}
      UNION SELECT lower(address_snapshot->>'email_id') FROM orders WHERE guest_id IN (SELECT id FROM active_guests)
    )
    SELECT email FROM found WHERE email IS NOT NULL AND email <> '' ORDER BY email`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: { email: string }[] }).rows.map((row) => row.email);
}
