import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { retentionPeriods } from './retention';

let shop: TestShop;
const admin = adminFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("retention's settings in the console (issue 35)", () => {
  it('start at their defaults, change through PATCH /settings, and are what the daily job reads', async () => {
    const owner = await admin.owner();
    const settings = expectStatus(await owner.get('/settings'), 200).data;
    expect(settings).toMatchObject({
      retention_guest_days: 90,
      retention_cart_days: 90,
      retention_unconfirmed_signup_days: 30,
      retention_outbox_body_days: 180,
      retention_log_days: 365,
    });
    const changed = {
      retention_guest_days: 60,
      retention_cart_days: 45,
      retention_unconfirmed_signup_days: 14,
      retention_outbox_body_days: 90,
      retention_log_days: 730,
    };
    expect(expectStatus(await owner.patch('/settings', changed), 200).data).toMatchObject(changed);
    expect(await retentionPeriods(shop.database.db)).toEqual({
      guestDays: 60,
      cartDays: 45,
      unconfirmedSignupDays: 14,
      outboxBodyDays: 90,
      logDays: 730,
    });
    expect(await admin.lastAudit(owner, 'settings', 1)).toMatchObject({
      action: 'update',
      after: expect.objectContaining({ retention_log_days: 730 }),
    });
  });

  it.each([
    ['retention_log_days', 364, 'At least 365 days: the law keeps processing logs a year (DPDP Rules, Rule 6).'],
    ['retention_guest_days', 3, 'At least 7 days.'],
    ['retention_cart_days', 4000, 'At most 3650 days (10 years).'],
    ['retention_unconfirmed_signup_days', 0, 'At least 1 day.'],
    ['retention_outbox_body_days', 2.5, 'A whole number of days.'],
  ])('refuses %s = %s with 400 and the error beside the field, changing nothing', async (field, value, message) => {
    const owner = await admin.owner();
    const before = expectStatus(await owner.get('/settings'), 200).data;
    const refused = expectStatus(await owner.patch('/settings', { [field]: value }), 400);
    expect(refused.errors).toEqual({ [field]: [message] });
    expect(expectStatus(await owner.get('/settings'), 200).data).toEqual(before);
  });
});
