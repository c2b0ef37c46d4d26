import { randomUUID } from 'node:crypto';
import { AdminOutboxAnswer, AdminOutboxListAnswer, AdminOutboxResendAnswer } from '@kapaas/contract';
import { eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus, OWNER } from '../admin/admin.fixtures';
import { listOutbox, SEALED_MASK, SEALED_PLACEHOLDER, seal, unsubscribeUrl, WAITING_FOR_SERVER } from '.';

let shop: TestShop;
let mailbox: Mailbox;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
let staff: AdminClient & { email: string };
const db = () => shop.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({
    env: {
      PUBLIC_URL: 'https://kapaas.example.in',
      MAIL_FROM: 'Kapaas <orders@kapaas.example.in>',
      SMTP_URL: mailbox.url,
    },
  });
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

type Row = typeof outboxMessages.$inferInsert;

/** A message as the worker leaves it once written (subject and bodies stored), in any status. */
async function written(row: Partial<Row> & Pick<Row, 'kind'>) {
  const [inserted] = await db()
    .insert(outboxMessages)
    .values({
      key: `test:${randomUUID()}`,
      messageId: randomUUID(),
      subject: 'A message',
      html: '<p>Hello</p>',
      text: 'Hello',
      preparedAt: new Date(),
      ...row,
    })
    .returning();
  if (!inserted) throw new Error('not inserted');
  return inserted;
}

const welcomeOf = async (email: string) => {
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  if (!row) throw new Error(`no welcome to ${email}`);
  return row;
};

const list = async (client: AdminClient, query: Record<string, string | number> = {}) =>
  AdminOutboxListAnswer.parse(expectStatus(await client.get('/outbox', { per_page: 100, ...query }), 200));
const detail = async (client: AdminClient, id: number) =>
  AdminOutboxAnswer.parse(expectStatus(await client.get(`/outbox/${id}`), 200)).data;

describe('the list of messages sent', () => {
  it('shows every message newest first, filtered by status and kind, searched by recipient and subject', async () => {
    const meera = await shop.user({ name: 'Meera Iyer', email: 'meera.outbox@example.in' });
    const ravi = await shop.user({ name: 'Ravi Nair', email: 'ravi.outbox@example.in' });
    const failed = await written({
      kind: 'order_shipped',
      recipient: 'kabir.outbox@example.in',
      subject: 'Your order #991 is on its way',
      status: 'failed',
      attempts: 8,
      lastReply: '550 5.1.1 No such user',
    });

    const all = await list(owner);
    const ids = all.data.map((message) => message.id);
    const meeraWelcome = await welcomeOf(meera.email);
    const raviWelcome = await welcomeOf(ravi.email);
    expect(ids.indexOf(failed.id)).toBeLessThan(ids.indexOf(raviWelcome.id));
    expect(ids.indexOf(raviWelcome.id)).toBeLessThan(ids.indexOf(meeraWelcome.id));
    expect(all.mail_server).toBe(true);
    expect(all.kinds).toContainEqual({ value: 'order_placed', label: 'Order placed (cash on delivery)' });
    expect(all.data.find((message) => message.id === meeraWelcome.id)).toMatchObject({
      kind: 'welcome',
      kind_label: 'Welcome',
      recipient: meera.email,
      subject: null,
      status: 'queued',
      status_text: 'Queued',
      attempts: 0,
      sent_at: null,
      resent_from: null,
    });

    const failures = await list(owner, { status: 'failed' });
    expect(failures.data.map((message) => message.id)).toContain(failed.id);
    expect(failures.data.every((message) => message.status === 'failed')).toBe(true);
    expect(failures.data.find((message) => message.id === failed.id)).toMatchObject({
      status_text: 'Failed: given up',
      last_reply: '550 5.1.1 No such user',
      attempts: 8,
    });
    const welcomes = await list(owner, { kind: 'welcome' });
    expect(welcomes.data.every((message) => message.kind === 'welcome')).toBe(true);
    expect(welcomes.data.map((message) => message.id)).toEqual(
      expect.arrayContaining([meeraWelcome.id, raviWelcome.id]),
    );

    expect((await list(owner, { q: 'RAVI.OUTBOX' })).data.map((message) => message.id)).toEqual([raviWelcome.id]);
    expect((await list(owner, { q: 'order #991' })).data.map((message) => message.id)).toEqual([failed.id]);
    // LIKE's wildcards are taken literally.
    expect((await list(owner, { q: '%' })).total).toBe(0);
    const paged = await list(owner, { per_page: 1, page: 2 });
    expect(paged.data).toHaveLength(1);
    expect(paged.data[0]?.id).toBe(ids[1]);
    expect(paged.total).toBe(all.total);
  });

  it('reads "Waiting: no mail server is set (SMTP_URL)" for a queued message when the shop has no mail server', async () => {
    const shopper = await shop.user();
    const query = { page: 1, per_page: 100, kind: 'welcome' };
    const withoutServer = await listOutbox(db(), { ...shop.app.deps.mail, smtpUrl: null }, query, { owner: true });
    const mine = withoutServer.items.find((message) => message.recipient === shopper.email);
    expect(mine?.status_text).toBe(WAITING_FOR_SERVER);
    expect(WAITING_FOR_SERVER).toBe('Waiting: no mail server is set (SMTP_URL)');
  });

  it('refuses a status it does not know, and callers without a token', async () => {
    expectStatus(await owner.get('/outbox', { status: 'lost' }), 400);
    expectStatus(await admin.client().get('/outbox'), 401);
    expectStatus(await admin.client().get('/outbox/1'), 401);
    expectStatus(await admin.client().post('/outbox/1/resend'), 401);
    expectStatus(await owner.get('/outbox/999999'), 404);
    expectStatus(await owner.post('/outbox/999999/resend'), 404);
  });
});

describe('one message', () => {
  it('masks a sealed secret: the console never gets it, the e-mail alone carries it', async () => {
    const token = `reset-${randomUUID()}`;
    const sealed = seal(shop.app.deps.mail.secret, token);
    const reset = await written({
      kind: 'password_reset',
      recipient: 'asha.outbox@example.in',
      subject: 'Choose a new password',
      html: `<p><a href="https://kapaas.example.in/reset-password?token=${SEALED_PLACEHOLDER}">Choose a new password</a></p>`,
      text: `Choose a new password: https://kapaas.example.in/reset-password?token=${SEALED_PLACEHOLDER}`,
      sealed,
      payload: { expires_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await deliver(shop.app, mailbox);
    const received = await mailbox.waitFor((message) => message.to.includes('asha.outbox@example.in'));
    expect(received.mail.text).toContain(`token=${token}`);

    const response = await owner.get(`/outbox/${reset.id}`);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(sealed);
    expect(response.body).not.toContain(SEALED_PLACEHOLDER);
    const message = AdminOutboxAnswer.parse(expectStatus(response, 200)).data;
    expect(message.html).toContain(`token=${SEALED_MASK}`);
    expect(message.text).toBe(`Choose a new password: https://kapaas.example.in/reset-password?token=${SEALED_MASK}`);
    expect(message.status).toBe('sent');
    expect(message.message_id).toBe(received.mail.messageId);
  });

  it('masks the link of a real password reset, which only the e-mail carries, and hides an admin’s from staff', async () => {
    const shopper = await shop.user({ name: 'Nisha Menon' });
    expectStatus(await shop.post('forgot_password', { email: shopper.email }), 200);
    expectStatus(await admin.client().post('/forgot_password', { email: staff.email }), 200);
    await deliver(shop.app, mailbox);
    const received = await mailbox.waitFor(
      (message) => message.to.includes(shopper.email) && /password/i.test(message.mail.subject ?? ''),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(received.mail.text ?? '')?.[1];
    expect(token).toBeDefined();

    const resets = await list(owner, { kind: 'password_reset', q: shopper.email });
    const [reset] = resets.data;
    const response = await owner.get(`/outbox/${reset?.id}`);
    expect(response.body).not.toContain(String(token));
    const message = AdminOutboxAnswer.parse(expectStatus(response, 200)).data;
    expect(message.text).toContain(`token=${SEALED_MASK}`);
    expect(message.html).toContain(SEALED_MASK);
    expect(message.resend_refusal).toBeNull();

    const staffReset = (await list(owner, { kind: 'password_reset', q: staff.email })).data[0];
    expect(staffReset?.recipient).toBe(staff.email.toLowerCase());
    expectStatus(await staff.get(`/outbox/${staffReset?.id}`), 404);
  });

  it('shows the headers it goes out with, its attempts and the server’s replies', async () => {
    const shopper = await shop.user({ name: 'Lakshmi Rao' });
    await deliver(shop.app, mailbox);
    const [received] = mailbox.to(shopper.email);
    const welcome = await welcomeOf(shopper.email);
    const message = await detail(owner, welcome.id);
    expect(message).toMatchObject({
      status: 'sent',
      status_text: 'Sent',
      subject: 'Welcome to Kapaas',
      recipient: shopper.email,
      attempts: 1,
      mail_server: true,
      resend_refusal: null,
      marketing: false,
      audience: 'shopper',
    });
    expect(message.text).toContain('Welcome, Lakshmi Rao');
    expect(message.html).toContain('https://kapaas.example.in/mail/logo.png');
    expect(message.headers).toEqual({
      From: 'Kapaas <orders@kapaas.example.in>',
      To: shopper.email,
      Subject: 'Welcome to Kapaas',
      'Message-ID': received?.mail.messageId,
      'X-Kapaas-Message': 'welcome',
    });
    expect(received?.mail.headers.get('x-kapaas-message')).toBe('welcome');
    expect(message.attempt_history).toHaveLength(1);
    expect(message.attempt_history[0]).toMatchObject({ attempt: 1, ok: true });
    expect(message.attempt_history[0]?.reply).toMatch(/^250/);
    expect(message.attempt_history[0]?.finished_at).not.toBeNull();
  });

  it('shows the one-click unsubscribe of a marketing message', async () => {
    const alert = await written({
      kind: 'back_in_stock',
      marketing: true,
      recipient: 'neha.outbox@example.in',
      status: 'sent',
      sentAt: new Date(),
    });
    const message = await detail(owner, alert.id);
    expect(message.headers['List-Unsubscribe']).toBe(
      `<${unsubscribeUrl(shop.app.deps.mail, 'neha.outbox@example.in', 'back_in_stock')}>`,
    );
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('resend', () => {
  it('queues a copy as a new message, which the mailbox receives with a new Message-ID, and audits it', async () => {
    const shopper = await shop.user({ name: 'Farah Khan' });
    const welcome = await welcomeOf(shopper.email);

    const early = expectStatus(await owner.post(`/outbox/${welcome.id}/resend`), 409);
    expect(early.message).toBe('This message is still waiting to go out; it can be resent once it was sent.');
    expect((await detail(owner, welcome.id)).resend_refusal).toBe(early.message);

    await deliver(shop.app, mailbox);
    const answer = AdminOutboxResendAnswer.parse(expectStatus(await owner.post(`/outbox/${welcome.id}/resend`), 200));
    const copyId = answer.data.id;
    expect(copyId).not.toBe(welcome.id);
    const [copy] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, copyId));
    expect(copy).toMatchObject({
      key: `resend:${welcome.id}:1`,
      kind: 'welcome',
      recipient: shopper.email,
      payload: welcome.payload,
      sealed: welcome.sealed,
      marketing: false,
      resentFrom: welcome.id,
      status: 'queued',
      subject: null,
    });
    expect(copy?.messageId).not.toBe(welcome.messageId);

    // While the copy waits, it cannot itself be resent; the original can, again.
    expectStatus(await owner.post(`/outbox/${copyId}/resend`), 409);

    await deliver(shop.app, mailbox);
    const [first, second, ...more] = mailbox.to(shopper.email);
    expect(more).toHaveLength(0);
    expect(second?.mail.subject).toBe(first?.mail.subject);
    expect(second?.mail.text).toContain('Welcome, Farah Khan');
    expect(second?.mail.messageId).toBeDefined();
    expect(second?.mail.messageId).not.toBe(first?.mail.messageId);
    expect(second?.mail.messageId).toBe(`<${copy?.messageId}@kapaas.example.in>`);

    expect((await detail(owner, welcome.id)).resent_as).toEqual([copyId]);
    expect(await detail(owner, copyId)).toMatchObject({ resent_from: welcome.id, status: 'sent' });
    expect(await admin.lastAudit(owner, 'outbox', welcome.id)).toMatchObject({
      action: 'resend',
      admin_email: OWNER.email,
      after: { id: copyId, resent_from: welcome.id, kind: 'welcome', recipient: shopper.email },
    });

    const again = AdminOutboxResendAnswer.parse(expectStatus(await owner.post(`/outbox/${welcome.id}/resend`), 200));
    const [third] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, again.data.id));
    expect(third?.key).toBe(`resend:${welcome.id}:2`);
  });

  it('refuses a password reset whose link expired, and a message being sent', async () => {
    const expired = await written({
      kind: 'password_reset',
      recipient: 'old.outbox@example.in',
      status: 'sent',
      sentAt: new Date(Date.now() - 7_200_000),
      payload: { expires_at: new Date(Date.now() - 3_600_000).toISOString() },
    });
    const refused = expectStatus(await owner.post(`/outbox/${expired.id}/resend`), 409);
    expect(refused.message).toBe('This link has expired; the shopper can ask for a new one.');
    expect((await detail(owner, expired.id)).resend_refusal).toBe(refused.message);
    const sending = await written({ kind: 'welcome', recipient: 'busy.outbox@example.in', status: 'sending' });
    expect(expectStatus(await owner.post(`/outbox/${sending.id}/resend`), 409).message).toMatch(/being sent right now/);
    const copies = await db().select().from(outboxMessages).where(eq(outboxMessages.resentFrom, expired.id));
    expect(copies).toHaveLength(0);
    expect(await admin.lastAudit(owner, 'outbox', expired.id)).toBeUndefined();
  });
});

describe('staff and owners', () => {
  it('lets staff read and resend the shoppers’ messages, not the team’s', async () => {
    const shopper = await shop.user();
    await deliver(shop.app, mailbox);
    const welcome = await welcomeOf(shopper.email);
    const toOwners = await written({
      kind: 'owner_new_order',
      audience: 'owner',
      recipient: OWNER.email,
      subject: 'New order #77',
      status: 'sent',
    });
    const toStaff = await written({ kind: 'password_reset', recipient: staff.email.toUpperCase(), status: 'sent' });

    const seen = (await list(staff)).data.map((message) => message.id);
    expect(seen).toContain(welcome.id);
    expect(seen).not.toContain(toOwners.id);
    expect(seen).not.toContain(toStaff.id);
    const ownerSees = (await list(owner)).data.map((message) => message.id);
    expect(ownerSees).toEqual(expect.arrayContaining([welcome.id, toOwners.id, toStaff.id]));

    expectStatus(await staff.get(`/outbox/${toOwners.id}`), 404);
    expectStatus(await staff.post(`/outbox/${toOwners.id}/resend`), 404);
    expectStatus(await staff.get(`/outbox/${toStaff.id}`), 404);
    expect((await detail(owner, toOwners.id)).subject).toBe('New order #77');

    expect((await detail(staff, welcome.id)).status).toBe('sent');
    const copy = AdminOutboxResendAnswer.parse(expectStatus(await staff.post(`/outbox/${welcome.id}/resend`), 200));
    expect(await admin.lastAudit(owner, 'outbox', welcome.id)).toMatchObject({
      action: 'resend',
      admin_email: staff.email,
      after: { id: copy.data.id },
    });
  });
});
