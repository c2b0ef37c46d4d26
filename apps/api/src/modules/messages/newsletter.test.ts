import { consents, eq, newsletterSubscribers, outboxMessages, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { consentStands } from '../consent';
import { unsubscribeUrl } from '../mail';
import { CONFIRM_RESEND_MS, isConfirmedSubscriber, subscribeToNewsletter } from './newsletter';

let shop: TestShop;
let mailbox: Mailbox;

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

const CHECK_INBOX = 'Almost done: please check your inbox and follow the link we sent to confirm your subscription.';

/** The token of the newest confirmation link that reached `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  await deliver(shop.app, mailbox);
  const message = mailbox.to(email).at(-1);
  const link = /https:\/\/kapaas\.example\.in\/newsletter\/confirm\?token=([\w-]+)/.exec(message?.mail.text ?? '');
  if (!link?.[1]) throw new Error(`no confirmation link reached ${email}`);
  return link[1];
}

const subscriberOf = async (email: string) =>
  (
    await shop.database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
  )[0];

describe('the newsletter double opt-in', () => {
  it('mails a link whose token confirms the address once; until then the address does not count', async () => {
    const email = 'nisha@example.in';
    const answer = await shop.post('newsletter_subscribe', { email: 'Nisha@Example.in' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: CHECK_INBOX });
    expect(await isConfirmedSubscriber(shop.database.db, email)).toBe(false);

    // The outbox keeps the link sealed: no clear token in the stored message.
    const token = await tokenMailedTo(email);
    const [row] = await shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(row?.kind).toBe('newsletter_confirm');
    expect(row?.html).toContain('/newsletter/confirm?token=__KAPAAS_SEALED__');
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await subscriberOf(email))?.confirmTokenHash).not.toContain(token);
    const [received] = mailbox.to(email);
    expect(received?.mail.subject).toBe('Please confirm your Kapaas newsletter subscription');
    expect(received?.raw).not.toMatch(/^List-Unsubscribe/m);

    const confirmed = await shop.post('newsletter_confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: 'Thank you: your subscription is confirmed.' });
    expect(await isConfirmedSubscriber(shop.database.db, 'NISHA@example.in')).toBe(true);
    expect(await subscriberOf(email)).toMatchObject({ confirmTokenHash: null, confirmedAt: expect.any(Date) });

    const reused = await shop.post('newsletter_confirm', { token });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ success: false, message: expect.stringMatching(/not valid any more/) });
  });

  it('refuses an unknown or missing token in plain words', async () => {
    const unknown = await shop.post('newsletter_confirm', { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^This confirmation link is not valid any more/);
    const missing = await shop.post('newsletter_confirm', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { token: ['The confirmation link is incomplete.'] } });
  });

  it('sends no second link within ten minutes, and a fresh one after: the older link stops working', async () => {
    const email = 'arjun@example.in';
    expect((await shop.post('newsletter_subscribe', { email })).statusCode).toBe(200);
    const first = await tokenMailedTo(email);
    expect((await shop.post('newsletter_subscribe', { email })).json().message).toBe(CHECK_INBOX);
    await deliver(shop.app, mailbox);
    expect(mailbox.to(email)).toHaveLength(1);

    const later = new Date(Date.now() + CONFIRM_RESEND_MS + 1000);
    await subscribeToNewsletter(
      shop.app.deps,
      DEFAULT_LIMITS,
      '203.0.113.9',
      { email, noticeVersion: undefined },
      later,
    );
    const second = await tokenMailedTo(email);
    expect(mailbox.to(email)).toHaveLength(2);
    expect(second).not.toBe(first);
    const keys = (await shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).map(
      (row) => row.key,
    );
    const id = (await subscriberOf(email))?.id;
    expect(keys.sort()).toEqual([`newsletter-confirm:${id}:1`, `newsletter-confirm:${id}:2`]);

    expect((await shop.post('newsletter_confirm', { token: first })).statusCode).toBe(404);
    expect((await shop.post('newsletter_confirm', { token: second })).statusCode).toBe(200);
  });

  it('answers a confirmed address the same, and sends it nothing', async () => {
    const email = 'confirmed@example.in';
    expect((await shop.post('newsletter_subscribe', { email })).statusCode).toBe(200);
    expect((await shop.post('newsletter_confirm', { token: await tokenMailedTo(email) })).statusCode).toBe(200);
    const later = new Date(Date.now() + 2 * CONFIRM_RESEND_MS);
    await subscribeToNewsletter(
      shop.app.deps,
      DEFAULT_LIMITS,
      '203.0.113.9',
      { email, noticeVersion: undefined },
      later,
    );
    const again = await shop.post('newsletter_subscribe', { email });
    expect(again.json()).toEqual({ success: true, message: CHECK_INBOX });
    await deliver(shop.app, mailbox);
    expect(mailbox.to(email)).toHaveLength(1);
  });
});

/** Whether the address said no to offers by e-mail: its `marketing_email` consent does not stand in the ledger. */
const unsubscribed = async (_db: unknown, email: string) =>
  !(await consentStands(shop.database.db, { email }, 'marketing_email'));

/** The ledger's entries about an address, oldest first. */
const ledgerOf = (email: string) =>
  shop.database.db.select().from(consents).where(eq(consents.email, email.toLowerCase())).orderBy(consents.id);

describe('the one-click unsubscribe', () => {
  const linkOf = (email: string) => {
    const url = new URL(unsubscribeUrl(shop.app.deps.mail, email));
    return `${url.pathname}${url.search}`;
  };

  it('takes the form body a mail client posts (RFC 8058), suppresses the address and drops it from the newsletter', async () => {
    const email = 'leaving@example.in';
    expect((await shop.post('newsletter_subscribe', { email })).statusCode).toBe(200);
    expect((await shop.post('newsletter_confirm', { token: await tokenMailedTo(email) })).statusCode).toBe(200);

    const response = await shop.app.inject({
      method: 'POST',
      url: linkOf('Leaving@Example.in'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Done: your consent is withdrawn and you will receive no more of these messages. Order messages still reach you.',
    });
    expect(await unsubscribed(shop.database.db, email)).toBe(true);
    expect(await subscriberOf(email)).toBeUndefined();
    expect(await isConfirmedSubscriber(shop.database.db, email)).toBe(false);
  });

  it('is lifted when the address subscribes again and confirms: asking for offers again is a yes', async () => {
    const email = 'returning@example.in';
    expect((await shop.app.inject({ method: 'POST', url: linkOf(email), payload: {} })).statusCode).toBe(200);
    expect(await unsubscribed(shop.database.db, email)).toBe(true);
    expect((await shop.post('newsletter_subscribe', { email })).statusCode).toBe(200);
    // Subscribing alone changes nothing: the address said no until it confirms.
    expect(await unsubscribed(shop.database.db, email)).toBe(true);
    expect((await shop.post('newsletter_confirm', { token: await tokenMailedTo(email) })).statusCode).toBe(200);
    expect(await unsubscribed(shop.database.db, email)).toBe(false);
    expect(await isConfirmedSubscriber(shop.database.db, email)).toBe(true);
  });

  it('takes a multipart form and the storefront page’s JSON too; twice is harmless', async () => {
    const email = 'twice@example.in';
    const multipart = await shop.app.inject({
      method: 'POST',
      url: linkOf(email),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const json = await shop.app.inject({
      method: 'POST',
      url: linkOf(email),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode, json.body).toBe(200);
    // A link without a purpose (sent before the ledger) withdraws every e-mail purpose, each time it is used.
    const rows = await ledgerOf(email);
    expect(rows.map((row) => [row.purpose, row.given, row.source])).toEqual(
      [1, 2].flatMap(() => [
        ['marketing_email', false, 'message_footer'],
        ['cart_reminders', false, 'message_footer'],
        ['back_in_stock', false, 'message_footer'],
      ]),
    );
  });

  it('refuses a wrong signature, or another address’s, in plain words, and suppresses nothing', async () => {
    const email = 'victim@example.in';
    const other = new URL(unsubscribeUrl(shop.app.deps.mail, 'attacker@example.in')).searchParams.get('s');
    for (const query of [
      `e=${email}&s=${other}`,
      `e=${email}&s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      `e=${email}&s=short`,
      `e=${email}`,
      '',
    ]) {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
    const bad = await shop.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?e=${email}&s=${other}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(bad.json().message).toBe(
      'This unsubscribe link is not valid. Please use the link in the latest message we sent you.',
    );
    expect(await ledgerOf(email)).toEqual([]);
  });

  it('leads a person who opens the link (GET) to the storefront page, unsubscribing nobody', async () => {
    const email = 'scanned@example.in';
    const link = linkOf(email);
    const opened = await shop.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(link.replace('/api/unsubscribe', '/unsubscribe'));
    expect(await ledgerOf(email)).toEqual([]);
  });

  it('leaves every other route JSON-only: a form body is refused with 415 and changes nothing', async () => {
    for (const endpoint of ['newsletter_subscribe', 'stock_alert', 'newsletter_confirm', 'contact']) {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': type },
          payload: type.startsWith('multipart')
            ? '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nform@example.in\r\n--x--\r\n'
            : 'email=form%40example.in',
        });
        expect(response.statusCode, `${endpoint} ${type}`).toBe(415);
      }
    }
    expect(await subscriberOf('form@example.in')).toBeUndefined();
  });
});
