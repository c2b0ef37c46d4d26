import { consents, eq, outboxMessages, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { queueMail, unsubscribeUrl } from '../mail';
import { consentStands, recordConsents } from '.';

let shop: TestShop;
let mailbox: Mailbox;
const checkout = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({
    env: { PUBLIC_URL: 'https://kapaas.example.in', MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' },
  });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const ledgerOf = (email: string) => db().select().from(consents).where(eq(consents.email, email)).orderBy(consents.id);

describe('the privacy notice', () => {
  it('answers the version in force, itemised, with the grievance officer the owner set', async () => {
    await db()
      .update(shopSettings)
      .set({ grievanceOfficerName: 'Anita Borah', grievanceOfficerEmail: 'grievance@kapaas.example.in' })
      .where(eq(shopSettings.id, 1));
    const answer = await shop.post('privacy_notice', {});
    expect(answer.statusCode, answer.body).toBe(200);
    const { notice } = answer.json();
    // Version 2 (migration 0039) says what the funnel counts, without a cookie or an identifier (ADR 053); version 3
    // (migration 0043) what a child's profile keeps (ADR 059).
    expect(notice.version).toBe(3);
    expect(notice.grievance_officer).toEqual({ name: 'Anita Borah', email: 'grievance@kapaas.example.in' });
    for (const part of [
      '## What we collect',
      '## Your consents, and how to withdraw them',
      '## How to complain',
      '## What we count, without knowing who you are',
      "## Your children's sizes",
    ])
      expect(notice.body).toContain(part);
    expect(notice.body).toContain('no third-party trackers and no advertising pixels');
  });
});

describe("the profile's consents", () => {
  it('lists every purpose off for a new account, and records each switch with the notice, the source and the address', async () => {
    const user = await shop.user();
    const listed = await user.post('my_consents', {});
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().consents.map((c: { purpose: string; given: boolean }) => [c.purpose, c.given])).toEqual([
      ['marketing_email', false],
      ['cart_reminders', false],
      ['back_in_stock', false],
      ['whatsapp_updates', false],
      ['whatsapp_marketing', false],
      ['child_profile', false],
    ]);

    const on = await user.post('consent_update', { purpose: 'cart_reminders', given: true, notice_version: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().consents.find((c: { purpose: string }) => c.purpose === 'cart_reminders')).toMatchObject({
      given: true,
      source: 'profile',
    });
    expect(await consentStands(db(), { email: user.email }, 'cart_reminders')).toBe(true);

    const off = await user.post('consent_update', { purpose: 'cart_reminders', given: false });
    expect(off.json().message).toContain('is off');
    expect(await consentStands(db(), { userId: user.userId }, 'cart_reminders')).toBe(false);
    const rows = await db().select().from(consents).where(eq(consents.userId, user.userId)).orderBy(consents.id);
    expect(rows.map((r) => [r.purpose, r.given, r.source, r.noticeVersion, r.clientAddress])).toEqual([
      ['cart_reminders', true, 'profile', 1, '127.0.0.1'],
      // Sent without a version: the one in force, 3 (migration 0043).
      ['cart_reminders', false, 'profile', 3, '127.0.0.1'],
    ]);
  });

  it("the WhatsApp switches hold for the account's number as WhatsApp names it (91 and the mobile), both ways", async () => {
    const user = await shop.user();
    const number = `91${user.phone}`;
    const on = await user.post('consent_update', { purpose: 'whatsapp_updates', given: true, notice_version: 1 });
    expect(on.statusCode, on.body).toBe(200);
    // The outbox asks by the number a message goes to.
    expect(await consentStands(db(), { phone: number }, 'whatsapp_updates')).toBe(true);
    expect(await consentStands(db(), { phone: number }, 'whatsapp_marketing')).toBe(false);
    // A withdrawal said by the number (a STOP reply) shows on the profile.
    await recordConsents(db(), [
      { person: { phone: number }, purpose: 'whatsapp_updates', given: false, source: 'checkout' },
    ]);
    const listed = (await user.post('my_consents', {})).json().consents as { purpose: string; given: boolean }[];
    expect(listed.find((c) => c.purpose === 'whatsapp_updates')?.given).toBe(false);
    expect(await consentStands(db(), { phone: '919999999999' }, 'whatsapp_updates')).toBe(false);
  });

  it('refuses a notice version the shop never published, beside the field, and records nothing', async () => {
    const user = await shop.user();
    const answer = await user.post('consent_update', { purpose: 'marketing_email', given: true, notice_version: 99 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.notice_version[0]).toContain('does not exist');
    expect(await db().select().from(consents).where(eq(consents.userId, user.userId))).toEqual([]);
  });

  it('is for signed-in shoppers only', async () => {
    expect((await shop.visitor().post('my_consents', {})).statusCode).toBe(401);
    const guest = await shop.guest();
    expect((await guest.post('consent_update', { purpose: 'marketing_email', given: true })).statusCode).toBe(403);
  });
});

describe("a message's one-click withdrawal", () => {
  it("withdraws the link's purpose alone, as message_footer, and the sender then skips that kind of message", async () => {
    const email = 'footer@example.in';
    const item = await checkout.stockedItem(0);
    expect(
      (await shop.post('stock_alert', { product_id: item.productId, size_id: item.sizeId, email })).statusCode,
    ).toBe(200);
    await db().insert(consents).values({ email, purpose: 'marketing_email', given: true, source: 'newsletter' });
    expect(await consentStands(db(), { email }, 'back_in_stock')).toBe(true);

    // Queued while consent stands; withdrawn before it goes out.
    await db().transaction((tx) =>
      queueMail(tx, {
        kind: 'back_in_stock',
        key: 'consent-test:1',
        to: email,
        payload: { product_id: item.productId, size_id: item.sizeId, size: 'M' },
      }),
    );
    const link = new URL(unsubscribeUrl(shop.app.deps.mail, email, 'back_in_stock'));
    expect(link.searchParams.get('p')).toBe('back_in_stock');
    const answer = await shop.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode, answer.body).toBe(200);

    const entries = await ledgerOf(email);
    expect(entries.map((e) => [e.purpose, e.given, e.source])).toEqual([
      ['back_in_stock', true, 'stock_alert'],
      ['marketing_email', true, 'newsletter'],
      ['back_in_stock', false, 'message_footer'],
    ]);
    expect(await consentStands(db(), { email }, 'marketing_email')).toBe(true);

    await deliver(shop.app, mailbox);
    expect(mailbox.to(email)).toHaveLength(0);
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.key, 'consent-test:1'));
    expect(row?.status).toBe('skipped');
    expect(row?.lastReply).toContain('withdrew their consent');
  });

  it('refuses a link whose purpose was changed: the signature covers the address and the purpose', async () => {
    const email = 'tamper@example.in';
    const link = new URL(unsubscribeUrl(shop.app.deps.mail, email, 'back_in_stock'));
    link.searchParams.set('p', 'marketing_email');
    const answer = await shop.app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(await ledgerOf(email)).toEqual([]);
  });
});

describe('the newsletter', () => {
  it('records marketing_email on confirmation, with the notice version the subscribe form showed', async () => {
    const email = 'optin@example.in';
    expect((await shop.post('newsletter_subscribe', { email, notice_version: 1 })).statusCode).toBe(200);
    expect(await ledgerOf(email)).toEqual([]);
    await deliver(shop.app, mailbox);
    const token = /newsletter\/confirm\?token=([\w-]+)/.exec(mailbox.to(email).at(-1)?.mail.text ?? '')?.[1];
    expect((await shop.post('newsletter_confirm', { token })).statusCode).toBe(200);
    const [entry] = await ledgerOf(email);
    expect(entry).toMatchObject({ purpose: 'marketing_email', given: true, source: 'newsletter', noticeVersion: 1 });
  });
});

describe('sign-up', () => {
  it('records each consent ticked on the form, with the notice version it showed, as signup; none ticked, none recorded', async () => {
    const form = (email: string, phone: string) => ({
      name: 'Kavya Rao',
      email,
      phone,
      password: 'a-long-cotton-password-7',
      password_confirmation: 'a-long-cotton-password-7',
    });
    const ticked = await shop.post('register', {
      ...form('kavya@example.in', '9812345670'),
      notice_version: 1,
      consents: ['marketing_email', 'cart_reminders'],
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const userId = ticked.json().user.id as number;
    const rows = await db().select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.id);
    expect(rows.map((r) => [r.purpose, r.given, r.source, r.noticeVersion, r.email, r.clientAddress])).toEqual([
      ['marketing_email', true, 'signup', 1, 'kavya@example.in', '127.0.0.1'],
      ['cart_reminders', true, 'signup', 1, 'kavya@example.in', '127.0.0.1'],
    ]);

    const none = await shop.post('register', form('nandini@example.in', '9812345671'));
    expect(none.statusCode, none.body).toBe(200);
    expect(await db().select().from(consents).where(eq(consents.userId, none.json().user.id))).toEqual([]);
  });

  it('refuses an unknown purpose or notice version beside the field, and makes no account', async () => {
    const base = {
      name: 'Ira Das',
      email: 'ira@example.in',
      phone: '9812345672',
      password: 'a-long-cotton-password-7',
      password_confirmation: 'a-long-cotton-password-7',
    };
    const purpose = await shop.post('register', { ...base, consents: ['telepathy'] });
    expect(purpose.statusCode).toBe(400);
    expect(Object.keys(purpose.json().errors)[0]).toMatch(/^consents/);
    const version = await shop.post('register', { ...base, notice_version: 40 });
    expect(version.statusCode).toBe(400);
    expect(version.json().errors.notice_version).toBeDefined();
    expect((await shop.post('login', { user_name: base.email, password: base.password })).statusCode).toBe(401);
  });
});

describe('checkout', () => {
  it("records a guest's ticked consents by the delivery address's e-mail and phone, as checkout, with the notice version", async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const placed = await checkout.placed(shopper, addressId, item, 1, {
      notice_version: 1,
      consents: ['cart_reminders'],
    });
    expect(placed.order_id).toBeGreaterThan(0);
    const [address] = (await shopper.post('address_list', {})).json().address as {
      email_id: string;
      phone_number: string;
    }[];
    const rows = await ledgerOf(address?.email_id.toLowerCase() ?? '');
    expect(rows.map((r) => [r.purpose, r.given, r.source, r.noticeVersion, r.phone, r.userId])).toEqual([
      ['cart_reminders', true, 'checkout', 1, address?.phone_number, null],
    ]);
  });

  it("records whatsapp_updates by the delivery address's phone (an account's too), as checkout, only when ticked", async () => {
    const item = await checkout.stockedItem(5);
    const user = await shop.user();
    await checkout.addToCart(user, item, 1);
    const addressId = await checkout.addressOf(user, { ...KOCHI, phone: '9847123401' });
    await checkout.placed(user, addressId, item, 1, { notice_version: 1, whatsapp_updates: true });
    // Kept as WhatsApp names the number (country code and mobile, digits): the outbox and a STOP reply ask by it.
    const rows = await db().select().from(consents).where(eq(consents.phone, '919847123401'));
    expect(rows.map((r) => [r.purpose, r.given, r.source, r.noticeVersion, r.userId])).toEqual([
      ['whatsapp_updates', true, 'checkout', 1, null],
    ]);
    expect(await consentStands(db(), { phone: '919847123401' }, 'whatsapp_updates')).toBe(true);

    const whatsAppEntries = async () =>
      (await db().select().from(consents).where(eq(consents.purpose, 'whatsapp_updates'))).length;
    const before = await whatsAppEntries();
    const other = await checkout.readyGuest(item, 1);
    await checkout.placed(other.shopper, other.addressId, item, 1, { whatsapp_updates: false });
    await checkout.placed(other.shopper, other.addressId, item, 1, {});
    expect(await whatsAppEntries()).toBe(before);
  });

  it('refuses a whatsapp_updates that is not true or false beside the field, and places no order', async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const refused = await checkout.place(shopper, addressId, [{ item, quantity: 1 }], { whatsapp_updates: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.whatsapp_updates).toBeDefined();
    expect((await shopper.post('my_orders', {})).json().data ?? []).toHaveLength(0);
  });

  it('refuses a notice version the shop never published beside the field, and places no order', async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const refused = await checkout.place(shopper, addressId, [{ item, quantity: 1 }], { notice_version: 77 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.notice_version).toBeDefined();
    expect((await shopper.post('my_orders', {})).json().data ?? []).toHaveLength(0);
  });
});
