import { adminSessions, and, auditLog, desc, eq, gte, lt, type Queryable } from '@kapaas/db';
import type { ConsoleRecords } from '../privacy';

/** The audit log's writer for what the shop's own jobs do: no admin, this name instead of an e-mail. */
export const JOB_AUTHOR = 'job:retention';

/** Deletes the console's sessions that ended before `now`; answers how many. */
export async function deleteEndedAdminSessions(db: Queryable, now: Date): Promise<number> {
  const gone = await db
    .delete(adminSessions)
    .where(lt(adminSessions.expiresAt, now))
    .returning({ id: adminSessions.id });
  return gone.length;
}

/** Deletes the audit log's entries written before `before` (a year at least: DPDP Rules, Rule 6); answers how many. */
export async function deleteAuditBefore(db: Queryable, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id });
  return gone.length;
}

/** Records a run of the retention job in the audit log, under `action`, with what it deleted, at the job's clock. */
export async function recordRetentionRun(
  db: Queryable,
  action: string,
  after: Record<string, number>,
  at: Date,
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ adminId: null, adminEmail: JOB_AUTHOR, action, resource: 'retention', after, createdAt: at });
}

/** The last run of the retention job recorded under `action` at or after `since`, if any. */
export async function retentionRunSince(db: Queryable, action: string, since: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.adminEmail, JOB_AUTHOR), gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.at;
}

/** The console's part of retention, as the privacy module's job asks for it (app.ts hands it down). */
export const consoleRecords = {
  deleteEndedAdminSessions,
  deleteAuditBefore,
  recordRetentionRun,
  retentionRunSince,
} satisfies ConsoleRecords;
