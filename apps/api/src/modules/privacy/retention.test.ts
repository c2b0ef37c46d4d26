import { randomBytes } from 'node:crypto';
import {
  adminSessions,
  adminUsers,
  auditLog,
  carts,
  eq,
  guests,
  inArray,
  newsletterSubscribers,
  outboxMessages,
  privacyRequests,
  rateLimitCounters,
  sessions,
} from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { consoleRecords } from '../admin';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { insertConfirmedRequest, insertUnconfirmedRequest } from './requests.repository';
import { applyRetention, DEFAULT_RETENTION, RETENTION_RUN, runDailyRetention } from './retention';

let shop: TestShop;
const checkout = checkoutFixtures(() => shop);
const admin = adminFixtures(() => shop);
const db = () => shop.database.db;
const DAY = 86_400_000;
/** The moved clock: every row below is dated from it, and retention is asked to run at it. */
const NOW = new Date(Date.now() + 3 * DAY);
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);
const silent = { info() {}, warn() {}, error() {}, child: () => silent };

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** A guest last seen `days` before NOW, with a piece in the cart (and a session); with an order when asked. */
async function guestSeen(days: number, options: { ordered?: boolean } = {}) {
  const item = await checkout.stockedItem(5);
  const { shopper, addressId } = await checkout.readyGuest(item);
  if (options.ordered) await checkout.placed(shopper, addressId, item);
  await db()
    .update(guests)
    .set({ lastSeenAt: daysBefore(days) })
    .where(eq(guests.id, shopper.guestId));
  // A cart of its own that is not yet due, so that only the guest's going can take it.
  await db()
    .update(carts)
    .set({ updatedAt: daysBefore(1) })
    .where(eq(carts.guestId, shopper.guestId));
  return shopper.guestId;
}

/** A registered shopper's cart, last touched `days` before NOW. */
async function cartTouched(days: number) {
  const user = await shop.user();
  await checkout.addToCart(user, await checkout.stockedItem(5), 1);
  const [cart] = await db()
    .update(carts)
    .set({ updatedAt: daysBefore(days) })
    .where(eq(carts.userId, user.userId))
    .returning({ id: carts.id });
  if (!cart) throw new Error('the shopper has a cart');
  return cart.id;
}

async function signup(days: number, confirmed: boolean) {
  const email = `signup-${randomBytes(4).toString('hex')}@example.in`;
  const [row] = await db()
    .insert(newsletterSubscribers)
    .values({ email, createdAt: daysBefore(days), confirmedAt: confirmed ? daysBefore(days - 1) : null })
    .returning({ id: newsletterSubscribers.id });
  return row?.id ?? 0;
}

async function message(days: number, status: 'sent' | 'queued' | 'failed') {
  const key = `retention-${randomBytes(6).toString('hex')}`;
  const [row] = await db()
    .insert(outboxMessages)
    .values({
      key,
      messageId: `<${key}@kapaas.test>`,
      kind: 'order_placed',
      recipient: 'asha@example.in',
      payload: { note: 'Asha, 12 MG Road' },
      subject: 'Your order',
      html: '<p>Dear Asha</p>',
      text: 'Dear Asha',
      status,
      createdAt: daysBefore(days),
    })
    .returning({ id: outboxMessages.id });
  return row?.id ?? 0;
}

async function auditEntry(days: number) {
  const [row] = await db()
    .insert(auditLog)
    .values({ adminEmail: 'owner@example.in', action: 'update', resource: 'products', createdAt: daysBefore(days) })
    .returning({ id: auditLog.id });
  return row?.id ?? 0;
}

async function counter(hours: number) {
  const key = `retention-test:${randomBytes(4).toString('hex')}`;
  await db()
    .insert(rateLimitCounters)
    .values({ key, windowStart: new Date(NOW.getTime() - hours * 3_600_000), count: 3 });
  return key;
}

async function adminSessionEnding(days: number) {
  const [admin] = await db().select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (!admin) throw new Error('the demo shop has an admin');
  const [row] = await db()
    .insert(adminSessions)
    .values({ tokenHash: randomBytes(32).toString('hex'), adminId: admin.id, expiresAt: daysBefore(days) })
    .returning({ id: adminSessions.id });
  return row?.id ?? 0;
}

const ids = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((row) => row.id).sort();

describe('retention (issue 35): each rule deletes what is past its time at the clock it is given, and keeps the rest', () => {
  it('deletes idle guests without orders (their carts and sessions with them), never a guest with an order', async () => {
    const idle = await guestSeen(91);
    const recent = await guestSeen(89);
    const ordered = await guestSeen(400, { ordered: true });
    await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, NOW);
    expect(
      await ids(
        db()
          .select({ id: guests.id })
          .from(guests)
          .where(inArray(guests.id, [idle, recent, ordered])),
      ),
    ).toEqual([recent, ordered].sort((a, b) => a - b));
    expect(await db().select().from(carts).where(eq(carts.guestId, idle))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.guestId, idle))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.guestId, recent))).toHaveLength(1);
    // Two days later by the clock, the recent guest is due too; the one with an order is still kept.
    await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, new Date(NOW.getTime() + 2 * DAY));
    expect(
      await ids(
        db()
          .select({ id: guests.id })
          .from(guests)
          .where(inArray(guests.id, [recent, ordered])),
      ),
    ).toEqual([ordered]);
  });

  it("deletes ended sessions, shoppers' and the console's, and rate-limit counters whose window is over", async () => {
    const guest = await shop.guest();
    const [ended] = await db()
      .update(sessions)
      .set({ expiresAt: daysBefore(0.001) })
      .where(eq(sessions.guestId, guest.guestId))
      .returning({ id: sessions.id });
    const live = await shop.guest();
    const adminEnded = await adminSessionEnding(1);
    const adminLive = await adminSessionEnding(-1);
    const stale = await counter(25);
    const fresh = await counter(23);
    await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, NOW);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, ended?.id ?? 0)),
    ).toEqual([]);
    // The live guest's session ends 30 days after it began, after NOW.
    expect(await db().select().from(sessions).where(eq(sessions.guestId, live.guestId))).toHaveLength(1);
    expect(
      await ids(
        db()
          .select({ id: adminSessions.id })
          .from(adminSessions)
          .where(inArray(adminSessions.id, [adminEnded, adminLive])),
      ),
    ).toEqual([adminLive]);
    const keys = await db()
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, [stale, fresh]));
    expect(keys.map((row) => row.key)).toEqual([fresh]);
  });

  it('deletes carts untouched for the days set, and unconfirmed sign-ups after theirs; a confirmed sign-up stays', async () => {
    const left = await cartTouched(91);
    const kept = await cartTouched(89);
    const unconfirmedOld = await signup(31, false);
    const unconfirmedNew = await signup(29, false);
    const confirmedOld = await signup(400, true);
    await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, NOW);
    expect(
      await ids(
        db()
          .select({ id: carts.id })
          .from(carts)
          .where(inArray(carts.id, [left, kept])),
      ),
    ).toEqual([kept]);
    const signups = [unconfirmedOld, unconfirmedNew, confirmedOld];
    expect(
      await ids(
        db()
          .select({ id: newsletterSubscribers.id })
          .from(newsletterSubscribers)
          .where(inArray(newsletterSubscribers.id, signups)),
      ),
    ).toEqual([unconfirmedNew, confirmedOld].sort((a, b) => a - b));
    // A shorter setting takes more: 20 days for carts takes the one left 89 days.
    await applyRetention(db(), consoleRecords, { ...DEFAULT_RETENTION, cartDays: 20 }, NOW);
    expect(await db().select().from(carts).where(eq(carts.id, kept))).toEqual([]);
  });

  it('deletes a guest’s rights request never confirmed, once the unconfirmed sign-ups’ days passed; a confirmed one stays', async () => {
    /** A guest's request made `days` before NOW, whose link lived a day and was never followed. */
    const unconfirmed = async (days: number) =>
      (
        await insertUnconfirmedRequest(
          db(),
          {
            kind: 'access',
            message: 'What do you keep about me?',
            email: `guest${randomBytes(4).toString('hex')}@example.in`,
          },
          { tokenHash: randomBytes(32).toString('hex'), expiresAt: daysBefore(days - 1) },
          daysBefore(days),
        )
      ).id;
    const user = await shop.user();
    const old = await unconfirmed(32);
    const recent = await unconfirmed(29);
    const confirmed = (
      await insertConfirmedRequest(
        db(),
        { kind: 'erasure', message: 'Please erase my account.', email: user.email, userId: user.userId },
        daysBefore(400),
      )
    ).id;
    const counts = await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, NOW);
    expect(counts.unconfirmed_requests).toBeGreaterThanOrEqual(1);
    const left = await ids(
      db()
        .select({ id: privacyRequests.id })
        .from(privacyRequests)
        .where(inArray(privacyRequests.id, [old, recent, confirmed])),
    );
    expect(left).toEqual([recent, confirmed].sort());
  });

  it("clears old e-mails' bodies keeping who, kind, when and status; deletes their records and the audit log's after a year", async () => {
    const old = await message(181, 'sent');
    const young = await message(179, 'sent');
    const waiting = await message(200, 'queued');
    const yearOld = await message(366, 'failed');
    const auditOld = await auditEntry(366);
    const auditYoung = await auditEntry(364);
    await applyRetention(db(), consoleRecords, DEFAULT_RETENTION, NOW);
    const rows = await db()
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, [old, young, waiting, yearOld]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old)).toMatchObject({
      html: null,
      text: null,
      payload: {},
      recipient: 'asha@example.in',
      kind: 'order_placed',
      status: 'sent',
      subject: 'Your order',
    });
    expect(byId.get(young)).toMatchObject({ html: '<p>Dear Asha</p>', text: 'Dear Asha' });
    expect(byId.get(waiting)).toMatchObject({ html: '<p>Dear Asha</p>', status: 'queued' });
    expect(byId.has(yearOld)).toBe(false);
    expect(
      await ids(
        db()
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(inArray(auditLog.id, [auditOld, auditYoung])),
      ),
    ).toEqual([auditYoung]);
  });

  it('keeps processing logs a year even when the setting says less', async () => {
    const entry = await auditEntry(200);
    const record = await message(200, 'sent');
    await applyRetention(db(), consoleRecords, { ...DEFAULT_RETENTION, logDays: 30 }, NOW);
    expect(await db().select().from(auditLog).where(eq(auditLog.id, entry))).toHaveLength(1);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.id, record))).toHaveLength(1);
  });
});

describe('the daily run', () => {
  it('runs once per shop day, records what it deleted in the audit log, and runs again the next day', async () => {
    const idle = await guestSeen(120);
    const deps = { db: db(), log: silent, records: consoleRecords };
    const first = await runDailyRetention(deps, NOW);
    expect(first?.guests).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(guests).where(eq(guests.id, idle))).toEqual([]);
    const [run] = await db().select().from(auditLog).where(eq(auditLog.action, RETENTION_RUN));
    expect(run).toMatchObject({ adminId: null, adminEmail: 'job:retention', resource: 'retention', after: first });
    // The owner reads it in the console's audit log, as the law's processing record.
    const owner = await admin.owner();
    const listed = expectStatus(await owner.get('/audit-log', { resource: 'retention' }), 200).data;
    expect(listed).toEqual([
      expect.objectContaining({ action: RETENTION_RUN, admin_id: null, admin_email: 'job:retention', after: first }),
    ]);
    // The same day again (another process, or the next hourly pass): nothing runs.
    await guestSeen(120);
    expect(await runDailyRetention(deps, new Date(NOW.getTime() + 60_000))).toBeNull();
    const next = await runDailyRetention(deps, new Date(NOW.getTime() + DAY));
    expect(next?.guests).toBeGreaterThanOrEqual(1);
  });
});
