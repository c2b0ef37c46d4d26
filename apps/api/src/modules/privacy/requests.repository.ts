import { PRIVACY_REQUEST_DUE_DAYS, type PrivacyRequestKind, type PrivacyRequestStatus } from '@kapaas/contract';
import {
  and,
  asc,
  count,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  privacyRequests,
  type Queryable,
  sql,
  users,
} from '@kapaas/db';

// The rights requests' rows (privacy owns privacy_requests), and the one read of another module's table they need:
// the address of the account a logged-in shopper asks from (table-readers.ts: "a requester's account").

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

/** When a request counting at `confirmedAt` is due: 90 days later. */
export const dueAfter = (confirmedAt: Date) => new Date(confirmedAt.getTime() + PRIVACY_REQUEST_DUE_DAYS * 86_400_000);

export async function accountEmail(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A logged-in shopper's request: it counts at once. */
export async function insertConfirmedRequest(
  db: Queryable,
  request: { kind: PrivacyRequestKind; message: string; email: string; userId: number },
  now: Date,
): Promise<PrivacyRequestRow> {
  const [row] = await db
    .insert(privacyRequests)
    .values({ ...request, confirmedAt: now, dueAt: dueAfter(now), createdAt: now })
    .returning();
  if (!row) throw new Error('the privacy request was not stored');
  return row;
}

/** A guest's request: it waits for its link (`tokenHash`) until `expiresAt`. */
export async function insertUnconfirmedRequest(
  db: Queryable,
  request: { kind: PrivacyRequestKind; message: string; email: string },
  confirm: { tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<PrivacyRequestRow> {
  const [row] = await db
    .insert(privacyRequests)
    .values({ ...request, confirmTokenHash: confirm.tokenHash, confirmExpiresAt: confirm.expiresAt, createdAt: now })
    .returning();
  if (!row) throw new Error('the privacy request was not stored');
  return row;
}

/** Confirms the unconfirmed, unexpired request whose link's token hashes to `hash`, once; null when there is none. */
export async function confirmByTokenHash(db: Queryable, hash: string, now: Date): Promise<PrivacyRequestRow | null> {
  const [row] = await db
    .update(privacyRequests)
    .set({ confirmedAt: now, dueAt: dueAfter(now), confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(privacyRequests.confirmTokenHash, hash),
        isNull(privacyRequests.confirmedAt),
        gt(privacyRequests.confirmExpiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** One page of the confirmed requests, soonest due first (the overdue ones lead). */
export async function confirmedRequestPage(
  db: Queryable,
  query: { page: number; per_page: number; status?: PrivacyRequestStatus | undefined; q?: string | undefined },
): Promise<{ rows: PrivacyRequestRow[]; total: number }> {
  const where = and(
    isNotNull(privacyRequests.confirmedAt),
    query.status ? eq(privacyRequests.status, query.status) : undefined,
    query.q ? sql`${privacyRequests.email} ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(where)
    .orderBy(asc(privacyRequests.dueAt), asc(privacyRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(privacyRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A confirmed request, locked for a change when `tx` is a transaction; null when there is none. */
export async function lockConfirmedRequest(db: Queryable, id: number): Promise<PrivacyRequestRow | null> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.id, id), isNotNull(privacyRequests.confirmedAt)))
    .for('update');
  return row ?? null;
}

export async function confirmedRequest(db: Queryable, id: number): Promise<PrivacyRequestRow | null> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.id, id), isNotNull(privacyRequests.confirmedAt)));
  return row ?? null;
}

export async function updateRequest(
  db: Queryable,
  id: number,
  change: Partial<Pick<PrivacyRequestRow, 'status' | 'answer' | 'answeredAt' | 'answeredBy'>>,
): Promise<PrivacyRequestRow> {
  const [row] = await db.update(privacyRequests).set(change).where(eq(privacyRequests.id, id)).returning();
  if (!row) throw new Error(`privacy request ${id} vanished`);
  return row;
}

/**
 * Deletes the guests' requests whose link was never followed and expired before `before` (retention): they never
 * counted as requests, and they hold a message and an address of someone who did not confirm it was theirs.
 */
export async function deleteUnconfirmedRequests(db: Queryable, before: Date): Promise<number> {
  const deleted = await db
    .delete(privacyRequests)
    .where(
      and(
        isNull(privacyRequests.confirmedAt),
        isNull(privacyRequests.userId),
        lt(privacyRequests.confirmExpiresAt, before),
      ),
    )
    .returning({ id: privacyRequests.id });
  return deleted.length;
}
