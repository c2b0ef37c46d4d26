import { adminSessions, adminUsers, and, count, eq, gt, lt, ne, type Queryable, sql } from '@kapaas/db';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdmin(db: Queryable, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row;
}

/** The admin account with this e-mail, in any letter case. */
export async function findAdminByEmail(db: Queryable, email: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(sql`lower(${adminUsers.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

/** Inserts an admin unless the e-mail is taken (by a process starting at the same moment). */
export async function insertAdminIfAbsent(
  db: Queryable,
  admin: { email: string; name: string; passwordHash: string; role: 'owner' | 'staff' },
): Promise<boolean> {
  const rows = await db.insert(adminUsers).values(admin).onConflictDoNothing().returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function insertAdminSession(
  db: Queryable,
  session: { tokenHash: string; adminId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(adminSessions).values(session);
}

/** The live session with this token hash and its admin. */
export async function findLiveSession(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: adminSessions, admin: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, now)));
  return row;
}

export async function touchSession(db: Queryable, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: now, expiresAt }).where(eq(adminSessions.id, sessionId));
}

export async function deleteSession(db: Queryable, sessionId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** Ends every session of an admin (disabled, demoted, or a new password). */
export async function deleteSessionsOf(db: Queryable, adminId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
}

/** Ends every session of the admin but one (the one changing the password keeps working). */
export async function deleteOtherSessionsOf(db: Queryable, adminId: number, keepSessionId: number): Promise<void> {
  await db.delete(adminSessions).where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId)));
}

export async function setAdminPassword(db: Queryable, adminId: number, passwordHash: string): Promise<void> {
  await db.update(adminUsers).set({ passwordHash, updatedAt: sql`now()` }).where(eq(adminUsers.id, adminId));
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
}
