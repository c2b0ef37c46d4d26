import { type Database, eq, type Queryable, shopSettings, sql } from '@kapaas/db';
import type { Logger } from '../../lib/deps';
import { purgeStaleCounters } from '../../lib/rate-limit';
import { shopToday, startOfShopDay } from '../../lib/shop-day';
import { deleteLeftCarts } from '../cart';
import { deleteEndedSessions, deleteIdleGuests } from '../identity';
import { clearOldBodies, deleteOldRecords } from '../mail';
import { deleteUnconfirmedSignups } from '../messages';
import { deleteUnconfirmedRequests } from './requests.repository';

const DAY_MS = 86_400_000;

/** How long each kind of data is kept (days), as the owner set it in the console's Settings (issue 35). */
export interface RetentionPeriods {
  guestDays: number;
  cartDays: number;
  unconfirmedSignupDays: number;
  outboxBodyDays: number;
  logDays: number;
}

/** The defaults, as migration 0028 writes them; the shop uses them until the settings row exists. */
export const DEFAULT_RETENTION: RetentionPeriods = {
  guestDays: 90,
  cartDays: 90,
  unconfirmedSignupDays: 30,
  outboxBodyDays: 180,
  logDays: 365,
};

/**
 * What retention asks of the console's module, which owns the console's sessions and the audit log. admin imports
 * privacy (its screens of rights requests and breaches), so privacy does not import admin: app.ts hands admin's
 * `consoleRecords` down (as it hands the scheduled messages to their plugin).
 */
export interface ConsoleRecords {
  /** Deletes the console's sessions that ended before `now`; answers how many. */
  deleteEndedAdminSessions(db: Queryable, now: Date): Promise<number>;
  /** Deletes the audit log's entries written before `before`; answers how many. */
  deleteAuditBefore(db: Queryable, before: Date): Promise<number>;
  /** Records a run of the job in the audit log under `action`, with its counts, dated `at`. */
  recordRetentionRun(db: Queryable, action: string, after: Record<string, number>, at: Date): Promise<void>;
  /** When the job last recorded `action` at or after `since`, if it did. */
  retentionRunSince(db: Queryable, action: string, since: Date): Promise<Date | undefined>;
}

/** What one run deleted (or, for the outbox's bodies, cleared), by kind. */
export interface RetentionCounts {
  guests: number;
  sessions: number;
  admin_sessions: number;
  rate_limit_counters: number;
  carts: number;
  unconfirmed_signups: number;
  unconfirmed_requests: number;
  outbox_bodies: number;
  outbox_records: number;
  audit_entries: number;
}

/** The retention periods the owner set. */
export async function retentionPeriods(db: Queryable): Promise<RetentionPeriods> {
  const [row] = await db
    .select({
      guestDays: shopSettings.retentionGuestDays,
      cartDays: shopSettings.retentionCartDays,
      unconfirmedSignupDays: shopSettings.retentionUnconfirmedSignupDays,
      outboxBodyDays: shopSettings.retentionOutboxBodyDays,
      logDays: shopSettings.retentionLogDays,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? DEFAULT_RETENTION;
}

/**
 * Deletes everything past its time at `now`, each kind through the module that owns its table: guests who never
 * ordered, unseen for `guestDays` (their sessions, carts and addresses go with them); ended sessions, shoppers' and
 * the console's; rate-limit counters whose window is over; carts untouched for `cartDays`; newsletter sign-ups never
 * confirmed after `unconfirmedSignupDays`, and guests' rights requests never confirmed as long after their link
 * expired; the bodies of e-mails older than `outboxBodyDays` (the record of who, what
 * kind, when and how stays), and the records themselves and the audit log's entries after `logDays` (a year at least).
 */
export async function applyRetention(
  db: Queryable,
  records: ConsoleRecords,
  periods: RetentionPeriods,
  now: Date,
): Promise<RetentionCounts> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    guests: await deleteIdleGuests(db, daysAgo(periods.guestDays)),
    sessions: await deleteEndedSessions(db, now),
    admin_sessions: await records.deleteEndedAdminSessions(db, now),
    rate_limit_counters: await purgeStaleCounters(db, now),
    carts: await deleteLeftCarts(db, daysAgo(periods.cartDays)),
    unconfirmed_signups: await deleteUnconfirmedSignups(db, daysAgo(periods.unconfirmedSignupDays)),
    // A guest's rights request never confirmed: as long as an unconfirmed sign-up is kept.
    unconfirmed_requests: await deleteUnconfirmedRequests(db, daysAgo(periods.unconfirmedSignupDays)),
    outbox_bodies: await clearOldBodies(db, daysAgo(periods.outboxBodyDays)),
    // At least a year, whatever the row says: the processing logs' floor is the law's (DPDP Rules, Rule 6).
    outbox_records: await deleteOldRecords(db, daysAgo(Math.max(365, periods.logDays))),
    audit_entries: await records.deleteAuditBefore(db, daysAgo(Math.max(365, periods.logDays))),
  };
}

/** The audit log's action for a run: the processing record the law asks for, and the mark that today's is done. */
export const RETENTION_RUN = 'retention.run';

/**
 * The daily run: once per shop day (India's), whichever process comes first. In one transaction, a process takes a
 * transaction-scoped advisory lock (another holding it skips), looks for today's run in the audit log, and if there
 * is none applies retention and records what it deleted there, so that the run and its record commit together.
 * Answers the counts, or null when today's run was done or is being done elsewhere.
 */
export async function runDailyRetention(
  deps: { db: Database; log: Logger; records: ConsoleRecords },
  now = new Date(),
): Promise<RetentionCounts | null> {
  const counts = await deps.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext('privacy-retention')) AS got`);
    // Both drivers answer { rows }.
    if ((locked as unknown as { rows: { got: boolean }[] }).rows[0]?.got !== true) return null;
    if (await deps.records.retentionRunSince(tx, RETENTION_RUN, startOfShopDay(shopToday(now)))) return null;
    const done = await applyRetention(tx, deps.records, await retentionPeriods(tx), now);
    await deps.records.recordRetentionRun(tx, RETENTION_RUN, { ...done }, now);
    return done;
  });
  if (counts) deps.log.info({ ...counts }, 'retention: deleted what was past its time');
  return counts;
}
