import { and, guests, lt, orders, type Queryable, sessions, sql } from '@kapaas/db';

/**
 * Deletes the guests last seen before `before` who never placed an order (issue 35's retention), and with them what
 * the database cascades: their sessions, carts and saved addresses. A guest with an order is kept whatever its age:
 * the order names it (orders.guest_id refuses the delete anyway). Answers how many went.
 */
export async function deleteIdleGuests(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(guests)
    .where(
      and(
        lt(guests.lastSeenAt, before),
        sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.guestId} = ${guests.id})`,
      ),
    )
    .returning({ id: guests.id });
  return gone.length;
}

/** Deletes the shoppers' sessions that ended before `now`; answers how many. */
export async function deleteEndedSessions(db: Queryable, now: Date): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
