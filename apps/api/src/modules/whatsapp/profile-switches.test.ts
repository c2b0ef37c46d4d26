import { eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { consentStands } from '../consent';

/*
 * The profile's WhatsApp switches (issue 36, part 4): whatsapp_updates and whatsapp_marketing, said on the profile,
 * hold for the account's own mobile as WhatsApp names it, so the outbox (which asks by the number a message goes to)
 * sends on WhatsApp an order to that number without the checkout's box, and a changed mobile takes them along.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98476${String(10_000 + ++phones).padStart(5, '0')}`;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  const rules = { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_confirm_above: 1 };
  expectStatus(await owner.patch('/settings', { ...rules, whatsapp_kinds: ['order_cod_confirm'] }), 200);
});

const switchTo = async (user: Awaited<ReturnType<TestShop['user']>>, purpose: string, given: boolean) => {
  const answer = await user.post('consent_update', { purpose, given, notice_version: 1 });
  expect(answer.statusCode, answer.body).toBe(200);
};

describe("the profile's WhatsApp switches", () => {
  it('order updates on: a COD order to the account’s own mobile goes on WhatsApp with the box at checkout unticked', async () => {
    const mobile = newMobile();
    const user = await shop.user({ phone: mobile });
    await switchTo(user, 'whatsapp_updates', true);
    const item = await f.stockedItem(5);
    await f.addToCart(user, item, 1);
    const addressId = await f.addressOf(user, { ...KOCHI, phone: mobile });
    const placed = await f.place(user, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    const [row] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-placed:${orderId}`));
    expect(row).toMatchObject({ channel: 'whatsapp', waPhone: `91${mobile}`, fallbackReason: null });

    await switchTo(user, 'whatsapp_updates', false);
    await f.addToCart(user, item, 1);
    const again = await f.place(user, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
    expect(again.statusCode, again.body).toBe(200);
    const [second] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-placed:${again.json().order_id as number}`));
    expect(second?.channel).toBe('email');
    expect(second?.fallbackReason).toMatch(/consent/);
  });

  it('offers on WhatsApp: on and off, for the number, and shown back on the profile', async () => {
    const user = await shop.user({ phone: newMobile() });
    const number = `91${user.phone}`;
    await switchTo(user, 'whatsapp_marketing', true);
    expect(await consentStands(db(), { phone: number }, 'whatsapp_marketing')).toBe(true);
    expect(await consentStands(db(), { phone: number }, 'whatsapp_updates')).toBe(false);
    await switchTo(user, 'whatsapp_marketing', false);
    expect(await consentStands(db(), { phone: number }, 'whatsapp_marketing')).toBe(false);
    const listed = (await user.post('my_consents', {})).json().consents as { purpose: string; given: boolean }[];
    expect(listed.filter((c) => c.purpose.startsWith('whatsapp_')).map((c) => [c.purpose, c.given])).toEqual([
      ['whatsapp_updates', false],
      ['whatsapp_marketing', false],
    ]);
  });

  it('a changed mobile takes the switches along: the new number gets WhatsApp, the old one no more', async () => {
    const user = await shop.user({ phone: newMobile() });
    const before = `91${user.phone}`;
    await switchTo(user, 'whatsapp_updates', true);
    const next = newMobile();
    const changed = await user.post('update_profile', { name: user.name, phone: next });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await consentStands(db(), { phone: `91${next}` }, 'whatsapp_updates')).toBe(true);
    expect(await consentStands(db(), { phone: before }, 'whatsapp_updates')).toBe(false);
  });
});
