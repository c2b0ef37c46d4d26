import { childProfiles, eq, outboxMessages, sizes, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { type RegisteredShopper, startTestShop, type TestShop } from '../../../test/shop';
import { shopToday } from '../../lib/shop-day';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { reviewFixtures } from '../reviews/reviews.fixtures';
import { queueNextSizeSoon } from './next-size';
import { saveSizeChart } from './size-charts';

/**
 * "Next size soon" (issue 38, ADR 059) with a moved clock: a child's last size bought is the latest delivered line
 * whose size's ages held the child's age when it was ordered; a month before the top of those ages one message
 * suggests the chart's next size, once per size, and only while the child_profile consent stands.
 */

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const buyers = reviewFixtures(
  () => shop,
  () => staff,
);
const db = () => shop.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://kapaas.example.in' } });
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/** The middle of the shop month `months` from this one (negative: back), as an instant. */
function monthsFromNow(months: number): Date {
  const [year = 0, month = 0] = shopToday().split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const yyyyMm = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return new Date(`${yyyyMm}-15T12:00:00+05:30`);
}
const monthOf = (instant: Date) => shopToday(instant).slice(0, 7);

/**
 * A product of its own chart: the size bought for 6–12 months, a bigger one for 12–18 (the next), delivered to a new
 * parent whose child is 8 months old today. The parent gives the consent and keeps the child when `consent`.
 */
async function parentWhoBought(options: { consent: boolean; childName?: string }) {
  const item = await buyers.product();
  const all = await db().select().from(sizes).orderBy(sizes.sortOrder, sizes.id);
  const at = all.findIndex((size) => size.id === item.sizeId);
  const bigger = all[at + 1] ?? all[at - 1];
  if (!bigger) throw new Error('the demo shop has one size');
  const [small, big] = at + 1 < all.length ? [item.sizeId, bigger.id] : [bigger.id, item.sizeId];
  const figures = {
    height_min_cm: 60,
    height_max_cm: 80,
    weight_min_kg: 6,
    weight_max_kg: 11,
    chest_cm: 46,
    length_cm: 40,
  };
  await saveSizeChart(db(), { productId: item.productId }, [
    { size_id: small, age_min_months: 6, age_max_months: 12, ...figures },
    { size_id: big, age_min_months: 12, age_max_months: 18, ...figures },
  ]);
  if (small !== item.sizeId) throw new Error('the size bought must be the smaller one');
  const parent = await shop.user();
  await buyers.ordered(parent, [item]);
  if (options.consent)
    expectStatus(await parent.post('consent_update', { purpose: 'child_profile', given: true }), 200);
  const child = { birth_month: monthOf(monthsFromNow(-8)), first_name: options.childName };
  if (options.consent) expectStatus(await parent.post('child_profile_add', child), 200);
  return { parent, item, bigLabel: all.find((size) => size.id === big)?.label };
}

const messagesTo = (parent: RegisteredShopper) =>
  db()
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.kind} = 'next_size_soon' AND ${outboxMessages.recipient} = ${parent.email}`);

describe('"next size soon"', () => {
  it('waits 2 months early, queues one message within a month of the top, and never again for that size', async () => {
    const { parent, item, bigLabel } = await parentWhoBought({ consent: true, childName: 'Aarav' });
    // Age 10 of 6–12: two months early.
    await queueNextSizeSoon(db(), monthsFromNow(2));
    expect(await messagesTo(parent)).toEqual([]);

    // Age 11: within a month of 12.
    expect(await queueNextSizeSoon(db(), monthsFromNow(3))).toBeGreaterThanOrEqual(1);
    const [message, ...more] = await messagesTo(parent);
    expect(more).toEqual([]);
    const [child] = await db().select().from(childProfiles).where(eq(childProfiles.userId, parent.userId));
    expect(message?.key).toBe(`next-size:${child?.id}:${item.sizeId}`);
    expect(message?.payload).toMatchObject({
      child_name: 'Aarav',
      age_months: 11,
      product_id: item.productId,
      next_size: bigLabel,
      size_max_months: 12,
    });

    // The next day, and at 12 months: the same size is not told twice.
    await queueNextSizeSoon(db(), monthsFromNow(3));
    await queueNextSizeSoon(db(), monthsFromNow(4));
    expect(await messagesTo(parent)).toHaveLength(1);

    await deliver(shop.app, mailbox);
    const [mail] = mailbox.to(parent.email).filter((m) => m.mail.subject?.includes('is the next size'));
    expect(mail?.mail.text).toContain(`Aarav is 11 months now`);
    expect(mail?.mail.text).toContain(`/product-detail/${item.productId}`);
    expect(mail?.mail.text).toContain('deletes the children you saved');

    // It names a child: the owner sees it in the console's outbox, staff never do.
    const seen = async (client: AdminClient) =>
      (
        expectStatus(await client.get('/outbox', { per_page: 100, kind: 'next_size_soon' }), 200).data as {
          id: number;
        }[]
      )
        .map((row) => row.id)
        .includes(message?.id ?? 0);
    expect(await seen(owner)).toBe(true);
    expect(await seen(staff)).toBe(false);
    expectStatus(await staff.get(`/outbox/${message?.id}`), 404);
  });

  it('sends nothing without the child_profile consent, nor for a child kept against it', async () => {
    const { parent } = await parentWhoBought({ consent: false });
    // A row no form could write: the job asks the ledger itself rather than trusting that none exists.
    await db()
      .insert(childProfiles)
      .values({ userId: parent.userId, birthMonth: `${monthOf(monthsFromNow(-8))}-01` });
    await queueNextSizeSoon(db(), monthsFromNow(3));
    expect(await messagesTo(parent)).toEqual([]);

    const { parent: withdrawn } = await parentWhoBought({ consent: true });
    expectStatus(await withdrawn.post('consent_update', { purpose: 'child_profile', given: false }), 200);
    await queueNextSizeSoon(db(), monthsFromNow(3));
    expect(await messagesTo(withdrawn)).toEqual([]);
  });

  it('passes by a line whose size did not hold the child’s age when it was ordered (a gift, another child)', async () => {
    const { parent } = await parentWhoBought({ consent: true });
    // A second child, 3 years old: the 6–12 months bought today was not for them.
    expectStatus(await parent.post('child_profile_add', { birth_month: monthOf(monthsFromNow(-36)) }), 200);
    await queueNextSizeSoon(db(), monthsFromNow(3));
    const keys = (await messagesTo(parent)).map((message) => message.key);
    expect(keys).toHaveLength(1);
    const [baby] = await db()
      .select()
      .from(childProfiles)
      .where(eq(childProfiles.userId, parent.userId))
      .orderBy(childProfiles.id)
      .limit(1);
    expect(keys[0]).toMatch(new RegExp(`^next-size:${baby?.id}:`));
  });
});
