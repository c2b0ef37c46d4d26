import { AdminOutboxAnswer, AdminOutboxListAnswer } from '@kapaas/contract';
import { outboxAttempts, outboxMessages, whatsappEvents } from '@kapaas/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { recordConsents } from '../consent';
import { createCloudApiClient } from '../whatsapp';
import { prepareMessages, queueMail } from '.';
import { startAttempt } from './outbox.repository';
import { CLAIM_MS } from './sender';
import { claimDueWhatsApp } from './whatsapp-outbox';
import { sendDueWhatsApp } from './whatsapp-sender';

/*
 * The outbox's WhatsApp channel against the built-in sandbox, with the real Cloud API client: queued on WhatsApp only
 * with the number's consent, sent once (also across a sender that died), Meta's statuses applied only forwards, and
 * the e-mail of the same message when WhatsApp refuses it or cannot deliver it.
 */

let shop: TestShop;
let mailbox: Mailbox;
let userId: number;
let email: string;
let serial = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop();
  const user = await shop.user({ name: 'Kavya Rao' });
  userId = user.userId;
  email = user.email;
  const client = shop.app.whatsapp.client;
  await client.createTemplate({
    name: 'welcome_wa',
    language: 'en',
    category: 'UTILITY',
    body: 'Welcome to Kapaas, {{1}}!',
    bodyExample: ['Kavya'],
  });
  await client.createTemplate({
    name: 'never_approved',
    language: 'en',
    category: 'UTILITY',
    body: 'Hi {{1}}',
    bodyExample: ['A'],
  });
  const approved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/approve`,
    payload: { name: 'welcome_wa' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const db = () => shop.database.db;
const deps = () => ({ db: db(), log: shop.app.deps.log });
const sandboxIdle = () => shop.app.whatsappSandbox?.deliveries.idle();

function newPhone(suffix?: string): string {
  serial += 1;
  const digits = `91987${String(600_000 + serial).padStart(7, '0')}`;
  return suffix ? `${digits.slice(0, -suffix.length)}${suffix}` : digits;
}

async function consent(phone: string, given = true) {
  await recordConsents(db(), [{ person: { phone }, purpose: 'whatsapp_updates', given, source: 'checkout' }]);
}

async function queue(phone: string, template = 'welcome_wa') {
  serial += 1;
  const key = `wa-test:${serial}`;
  const queued = await queueMail(db(), {
    kind: 'welcome',
    key,
    to: email,
    payload: { user_id: userId },
    whatsapp: { phone, template, language: 'en', bodyParameters: ['Kavya'] },
  });
  expect(queued).toBe(true);
  return key;
}

async function rowOf(key: string) {
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.key, key));
  if (!row) throw new Error(`no outbox row ${key}`);
  return row;
}

async function chatOf(phone: string) {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${phone}` });
  return (response.json() as { id: string; direction: string; text: string }[]).filter((m) => m.direction === 'out');
}

const sendWhatsApp = async (now?: Date) => {
  const sent = await sendDueWhatsApp(deps(), shop.app.whatsapp.client, now);
  await sandboxIdle();
  return sent;
};

/** The e-mails of one outbox message: its Message-ID carries the row's message id. */
const emailsOf = async (key: string) => {
  const { messageId } = await rowOf(key);
  return mailbox.to(email).filter((m) => m.mail.messageId?.includes(messageId)).length;
};

describe('queueing', () => {
  it('queues on WhatsApp with the number’s whatsapp_updates consent, and by e-mail without it, saying why', async () => {
    const consenting = newPhone();
    await consent(consenting);
    const withConsent = await rowOf(await queue(consenting));
    expect(withConsent).toMatchObject({ channel: 'whatsapp', waPhone: consenting, fallbackReason: null });

    const silent = newPhone();
    const withdrawn = newPhone();
    await consent(withdrawn);
    await consent(withdrawn, false);
    for (const phone of [silent, withdrawn]) {
      const row = await rowOf(await queue(phone));
      expect(row.channel).toBe('email');
      expect(row.fallbackReason).toBe('No whatsapp_updates consent for this number: sent by e-mail');
    }
  });
  it('claims a message queued earlier in the same millisecond as the sender’s clock (the database keeps microseconds)', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    // The database stamped it 0.7 ms into the millisecond the sender's clock (milliseconds only) reads now.
    const now = new Date();
    await db()
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`${now.toISOString()}::timestamptz + interval '700 microseconds'` })
      .where(eq(outboxMessages.key, key));
    const claimed = await claimDueWhatsApp(db(), now, CLAIM_MS, 20);
    expect(claimed.map((row) => row.key)).toContain(key);
  });
});

describe('sending', () => {
  it('sends one WhatsApp per message, stores its wamid with sent, and follows its statuses to delivered', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    expect(await sendWhatsApp()).toBeGreaterThanOrEqual(1);
    expect(await sendWhatsApp()).toBe(0);
    const chat = await chatOf(phone);
    expect(chat).toHaveLength(1);
    expect(chat[0]?.text).toBe('Welcome to Kapaas, Kavya!');
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: 'sent', waMessageId: chat[0]?.id, waStatus: 'delivered', fallbackAt: null });
    // The e-mail sender leaves a message WhatsApp took alone.
    await deliver(shop.app, mailbox);
    expect(await emailsOf(key)).toBe(0);
  });

  it('never moves a status backwards: read, then sent and delivered late, stays read', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    await sendWhatsApp();
    const { waMessageId } = await rowOf(key);
    const late = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/statuses`,
      payload: { message_id: waMessageId, statuses: ['read', 'sent', 'delivered', 'read'] },
    });
    expect(late.statusCode, late.body).toBe(200);
    await sandboxIdle();
    expect((await rowOf(key)).waStatus).toBe('read');
    const stored = await db()
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.messageId, waMessageId as string));
    expect(stored.map((event) => event.event).sort()).toEqual(['delivered', 'read', 'sent']);
  });

  it('takes statuses arriving out of order the first time: sent after delivered, and delivered after read, change nothing', async () => {
    const phone = newPhone('9999');
    await consent(phone);
    const key = await queue(phone);
    await sendWhatsApp();
    const sent = await rowOf(key);
    expect(sent).toMatchObject({ status: 'sent', waStatus: null });
    const release = async () => {
      const released = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/test/release`,
        payload: { message_id: sent.waMessageId, order: 'reverse' },
      });
      expect(released.statusCode, released.body).toBe(200);
      await sandboxIdle();
      return released.json() as { released: number };
    };
    // read came first, then the held delivered, delivered and sent, in reverse.
    const read = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/statuses`,
      payload: { message_id: sent.waMessageId, statuses: ['read'] },
    });
    expect(read.statusCode).toBe(200);
    await sandboxIdle();
    expect((await rowOf(key)).waStatus).toBe('read');
    expect(await release()).toEqual({ released: 3, order: 'reverse' });
    expect((await rowOf(key)).waStatus).toBe('read');
    const events = await db()
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.messageId, sent.waMessageId as string))
      .orderBy(whatsappEvents.id);
    expect(events.map((event) => event.event)).toEqual(['read', 'delivered', 'sent']);
  });

  it('sends the e-mail instead when Meta refuses the template for good (132001), and records why', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone, 'never_approved');
    await sendWhatsApp();
    const refused = await rowOf(key);
    expect(refused).toMatchObject({ channel: 'whatsapp', status: 'queued', waStatus: 'failed', waMessageId: null });
    expect(refused.waError).toBe('WhatsApp 132001: (#132001) Template name does not exist in the translation');
    expect(refused.fallbackReason).toBe(
      'WhatsApp 132001: (#132001) Template name does not exist in the translation: sent by e-mail instead',
    );
    expect(refused.fallbackAt).not.toBeNull();
    await deliver(shop.app, mailbox);
    expect(await emailsOf(key)).toBe(1);
    expect((await rowOf(key)).status).toBe('sent');
    expect(await chatOf(phone)).toEqual([]);
    // Not tried on WhatsApp again.
    await sendWhatsApp();
    expect(await chatOf(phone)).toEqual([]);
  });

  it('sends the e-mail when Meta reports the number undeliverable after taking the message (131026)', async () => {
    const phone = newPhone('0000');
    await consent(phone);
    const key = await queue(phone);
    await sendWhatsApp();
    const failed = await rowOf(key);
    expect(failed).toMatchObject({ waStatus: 'failed', status: 'queued' });
    expect(failed.waError).toBe('131026: Message undeliverable');
    expect(failed.fallbackReason).toContain('WhatsApp could not deliver it (131026: Message undeliverable)');
    await deliver(shop.app, mailbox);
    expect(await emailsOf(key)).toBe(1);
  });

  it('tries again later, backing off, when Meta cannot be reached', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    // A real connection to a port nothing listens on: refused, as a network down would be.
    const unreachable = createCloudApiClient({
      token: 't',
      phoneNumberId: '1',
      businessAccountId: undefined,
      apiBase: 'http://127.0.0.1:9',
      version: 'v23.0',
    });
    const now = new Date();
    await sendDueWhatsApp(deps(), unreachable, now);
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: 'queued', fallbackAt: null, attempts: 1 });
    expect(row.waError).toMatch(/^WhatsApp 0: WhatsApp could not be reached/);
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    // Once due again, the real client sends it.
    await sendWhatsApp(new Date(now.getTime() + 31_000));
    expect((await rowOf(key)).status).toBe('sent');
    expect(await chatOf(phone)).toHaveLength(1);
  });

  it('sends the e-mail when the number’s consent was withdrawn after the message was queued', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    await consent(phone, false);
    await sendWhatsApp();
    expect(await chatOf(phone)).toEqual([]);
    expect((await rowOf(key)).fallbackReason).toBe(
      'The WhatsApp consent of this number was withdrawn: sent by e-mail instead',
    );
  });
});

describe('a message whose e-mail cannot be written', () => {
  it('still goes on WhatsApp: only its e-mail is given up', async () => {
    const phone = newPhone();
    await consent(phone);
    serial += 1;
    const key = `wa-test:${serial}`;
    // The account was deleted before the welcome e-mail could be written; the WhatsApp template needs nothing of it.
    await queueMail(db(), {
      kind: 'welcome',
      key,
      to: email,
      payload: { user_id: 987_654_321 },
      whatsapp: { phone, template: 'welcome_wa', language: 'en', bodyParameters: ['Kavya'] },
    });
    await prepareMessages(shop.app.deps);
    expect((await rowOf(key)).status).toBe('queued');
    await sendWhatsApp();
    expect(await rowOf(key)).toMatchObject({ status: 'sent', waStatus: 'delivered' });
    expect(await chatOf(phone)).toHaveLength(1);
  });
});

describe('a sender that dies mid-send', () => {
  it('does not send again a message Meta took before its sender died: the statuses mark it sent', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    const now = new Date();
    const claimed = (await claimDueWhatsApp(db(), now, CLAIM_MS, 20)).find((row) => row.key === key);
    if (!claimed?.waTemplate || !claimed.waPhone) throw new Error('not claimed');
    await startAttempt(db(), claimed, now);
    // Meta takes it; the process dies before it records the answer.
    await shop.app.whatsapp.client.sendTemplate({
      to: claimed.waPhone,
      template: claimed.waTemplate.template,
      language: claimed.waTemplate.language,
      bodyParameters: claimed.waTemplate.bodyParameters,
      callbackData: claimed.messageId,
    });
    await sandboxIdle();
    const afterWebhooks = await rowOf(key);
    expect(afterWebhooks.status).toBe('sent');
    expect(afterWebhooks.waMessageId).toMatch(/^wamid\./);
    // Long after the claim lapsed, another sender finds nothing to send.
    await sendWhatsApp(new Date(now.getTime() + 2 * CLAIM_MS));
    expect(await chatOf(phone)).toHaveLength(1);
  });

  it('does not send on WhatsApp a message whose send is in doubt, and sends its e-mail instead', async () => {
    const phone = newPhone();
    await consent(phone);
    const key = await queue(phone);
    const now = new Date();
    const claimed = (await claimDueWhatsApp(db(), now, CLAIM_MS, 20)).find((row) => row.key === key);
    if (!claimed) throw new Error('not claimed');
    // The attempt began, and nothing of its answer (nor any webhook) ever came: Meta may or may not have it.
    await startAttempt(db(), claimed, now);
    await sendWhatsApp(new Date(now.getTime() + 2 * CLAIM_MS));
    expect(await chatOf(phone)).toEqual([]);
    const row = await rowOf(key);
    expect(row.fallbackReason).toMatch(/^WhatsApp may already have it/);
    const attempts = await db().select().from(outboxAttempts).where(eq(outboxAttempts.outboxId, row.id));
    expect(attempts).toHaveLength(1);
  });
});

describe('the console’s outbox', () => {
  const admin = adminFixtures(() => shop);

  it('filters by channel and shows each WhatsApp message’s number, template, status and Meta’s error', async () => {
    const owner = await admin.owner();
    const delivered = newPhone();
    await consent(delivered);
    const deliveredKey = await queue(delivered);
    const refusedPhone = newPhone();
    await consent(refusedPhone);
    const refusedKey = await queue(refusedPhone, 'never_approved');
    await sendWhatsApp();
    const list = async (query: Record<string, string | number>) =>
      AdminOutboxListAnswer.parse(expectStatus(await owner.get('/outbox', { per_page: 100, ...query }), 200)).data;

    const onWhatsApp = await list({ channel: 'whatsapp' });
    expect(onWhatsApp.length).toBeGreaterThan(0);
    expect(onWhatsApp.every((message) => message.channel === 'whatsapp')).toBe(true);
    const byEmail = await list({ channel: 'email' });
    expect(byEmail.every((message) => message.channel === 'email')).toBe(true);

    const deliveredRow = await rowOf(deliveredKey);
    expect(onWhatsApp.find((message) => message.id === deliveredRow.id)).toMatchObject({
      channel: 'whatsapp',
      whatsapp: {
        phone: delivered,
        template: 'welcome_wa',
        language: 'en',
        message_id: deliveredRow.waMessageId,
        status: 'delivered',
        error: null,
      },
      fallback_reason: null,
    });
    const refusedRow = await rowOf(refusedKey);
    const detail = AdminOutboxAnswer.parse(expectStatus(await owner.get(`/outbox/${refusedRow.id}`), 200)).data;
    expect(detail).toMatchObject({
      channel: 'whatsapp',
      whatsapp: {
        status: 'failed',
        error: 'WhatsApp 132001: (#132001) Template name does not exist in the translation',
      },
      fallback_reason:
        'WhatsApp 132001: (#132001) Template name does not exist in the translation: sent by e-mail instead',
    });

    const refused = await owner.get('/outbox', { channel: 'sms' });
    expect(refused.statusCode).toBe(400);
  });
});
