import { and, eq, gt, guests, lt, ne, type Queryable, sessions, sql, users } from '@kapaas/db';
import type { SessionStore } from '../../plugins/sessions';

export async function findUserByLogin(db: Queryable, login: string) {
  const condition = login.includes('@') ? sql`lower(${users.email}) = ${login.toLowerCase()}` : eq(users.phone, login);
  const [user] = await db.select().from(users).where(condition);
  return user;
}

export async function findUser(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Which of an e-mail and a phone already belong to another account. */
export async function takenContacts(db: Queryable, contact: { email?: string; phone?: string }, exceptUserId?: number) {
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        sql`(lower(${users.email}) = ${contact.email?.toLowerCase() ?? null} OR ${users.phone} = ${contact.phone ?? null})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return {
    email: contact.email !== undefined && rows.some((r) => r.email.toLowerCase() === contact.email?.toLowerCase()),
    phone: contact.phone !== undefined && rows.some((r) => r.phone === contact.phone),
  };
}

export async function insertUser(
  db: Queryable,
  user: { name: string; email: string; phone: string; passwordHash: string },
) {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: Queryable,
  id: number,
  change: Partial<{ name: string; phone: string; passwordHash: string }>,
) {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertGuest(db: Queryable) {
  const [row] = await db.insert(guests).values({}).returning();
  if (!row) throw new Error('guest insert returned nothing');
  return row;
}

/** Ends every session of a user except one. */
export async function endOtherSessions(db: Queryable, userId: number, keepSessionId: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

/** Ends every session of a user (a password reset: whoever knew the old password is signed out). */
export async function endAllSessions(db: Queryable, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Enables or disables a customer's account (the console's customers list). Disabling ends their sessions at once;
 * their login is refused from then on.
 */
export async function setUserStatus(db: Queryable, id: number, status: (typeof users.$inferSelect)['status']) {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  if (status === 'disabled') await endAllSessions(db, id);
}

/**
 * The sessions table's rows as the sessions plugin asks for them (ADR 041): identity alone writes them (ADR 039),
 * and app.ts hands this store to the plugin, which is below the modules and keeps the rules of a session's life.
 */
export function sessionStore(db: Queryable): SessionStore {
  return {
    async find(tokenHash, now, loggedInAfter) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.createdAt, loggedInAfter)),
        );
      return row;
    },
    async touch(id, seenAt, expiresAt) {
      await db.update(sessions).set({ lastSeenAt: seenAt, expiresAt }).where(eq(sessions.id, id));
    },
    async create(tokenHash, owner, expiresAt) {
      const values = { tokenHash, userId: owner.userId ?? null, guestId: owner.guestId ?? null, expiresAt };
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('could not start a session');
      return row;
    },
    async remove(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async removeExpired(now) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
