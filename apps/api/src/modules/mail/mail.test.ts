import { outboxAttempts, outboxMessages, productImages } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import {
  MAX_ATTEMPTS,
  mailPictureUrl,
  prepareMessages,
  queueMail,
  retryDelayMs,
  sendDueMessages,
  smtpTransport,
} from '.';

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

describe('the welcome message', () => {
  it('reaches a new account through a real SMTP server, once', async () => {
    const user = await shop.user({ name: 'Meera Iyer' });
    await deliver(shop.app, mailbox);
    await deliver(shop.app, mailbox);
    const [welcome, ...more] = mailbox.to(user.email);
    expect(more).toHaveLength(0);
    expect(welcome?.mail.subject).toBe('Welcome to Kapaas');
    expect(welcome?.mail.from?.text).toBe('"Kapaas" <orders@kapaas.example.in>');
    expect(welcome?.mail.text).toContain('Welcome, Meera Iyer');
    expect(welcome?.mail.html).toContain('https://kapaas.example.in/mail/logo.png');
    expect(welcome?.raw).not.toMatch(/^List-Unsubscribe/m);
    const [row] = await shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
    expect(row?.status).toBe('sent');
    expect(welcome?.mail.messageId).toBe(`<${row?.messageId}@kapaas.example.in>`);
  });
});

const rowsTo = (email: string) =>
  shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email.toLowerCase()));
const attemptsOf = (outboxId: number) =>
  shop.database.db
    .select()
    .from(outboxAttempts)
    .where(eq(outboxAttempts.outboxId, outboxId))
    .orderBy(outboxAttempts.attempt);

describe('the sender when the mail server fails', () => {
  it('keeps a message while the server answers "try later", backing off, and sends it once the server is back', async () => {
    const user = await shop.user();
    mailbox.down = true;
    try {
      expect(await deliver(shop.app, mailbox)).toBe(0);
    } finally {
      mailbox.down = false;
    }
    const [waiting] = await rowsTo(user.email);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.lastReply).toMatch(/^451 /);
    const wait = (waiting?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1));
    const [attempt] = await attemptsOf(waiting?.id ?? 0);
    expect(attempt).toMatchObject({ attempt: 1, ok: false });
    expect(attempt?.reply).toContain('Mailbox unavailable');

    // Not due yet: the next pass leaves it alone.
    expect(await deliver(shop.app, mailbox)).toBe(0);
    expect(mailbox.to(user.email)).toHaveLength(0);

    const transport = smtpTransport(mailbox.url);
    try {
      await sendDueMessages(shop.app.deps, transport, new Date(Date.now() + retryDelayMs(1) + 1_000));
    } finally {
      transport.close();
    }
    expect(mailbox.to(user.email).map((m) => m.mail.subject)).toEqual(['Welcome to Kapaas']);
    const [sent] = await rowsTo(user.email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await attemptsOf(sent?.id ?? 0)).map((a) => a.ok)).toEqual([false, true]);
  });

  it('gives up at once on a final "no" (5xx), keeping the reply', async () => {
    const user = await shop.user();
    mailbox.down = true;
    mailbox.downCode = 550;
    try {
      await deliver(shop.app, mailbox);
    } finally {
      mailbox.down = false;
      mailbox.downCode = 451;
    }
    const [row] = await rowsTo(user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastReply).toMatch(/^550 .*No such mailbox here/);
  });

  it('retries when nobody listens, and gives up after the last attempt', async () => {
    const user = await shop.user();
    await prepareMessages(shop.app.deps);
    const nobody = smtpTransport('smtp://127.0.0.1:9');
    try {
      let at = Date.now();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await sendDueMessages(shop.app.deps, nobody, new Date(at));
        at += retryDelayMs(attempt) + 1_000;
      }
    } finally {
      nobody.close();
    }
    const [row] = await rowsTo(user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row?.lastReply).toMatch(/ECONNREFUSED/);
    expect(await attemptsOf(row?.id ?? 0)).toHaveLength(MAX_ATTEMPTS);
  });

  it('backs off by doubling from 30 s, at most an hour apart', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});

describe('what messages load from the shop', () => {
  it('the logo and product pictures are PNG and JPEG any mail client shows, embeddable from another origin', async () => {
    const logo = await shop.app.inject({ method: 'GET', url: '/mail/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const [line] = await shop.database.db.select({ url: productImages.url }).from(productImages).limit(1);
    expect(line?.url).toMatch(/^\/media\//);
    const url = new URL(mailPictureUrl('https://kapaas.example.in', line?.url ?? ''));
    expect(url.origin).toBe('https://kapaas.example.in');
    const picture = await shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const src of ['/media/../../etc/passwd', '/api/cart_list', '/media/demo/none.svg']) {
      const refused = await shop.app.inject({ method: 'GET', url: `/mail/picture.jpg?src=${encodeURIComponent(src)}` });
      expect(refused.statusCode, src).toBe(404);
    }
  });
});

describe('a message that cannot be written', () => {
  it('is given up with the reason, and not written again on every pass', async () => {
    await shop.database.db.transaction((tx) =>
      queueMail(tx, {
        kind: 'order_paid',
        key: 'order-paid:999999',
        to: 'nobody@example.in',
        payload: { order_id: 999_999 },
      }),
    );
    await prepareMessages(shop.app.deps);
    const [row] = await rowsTo('nobody@example.in');
    expect(row).toMatchObject({ status: 'failed', subject: null, preparedAt: null });
    expect(row?.lastReply).toBe("Could not be written: the message's order 999999 was not found");
    const again = await prepareMessages(shop.app.deps);
    expect(again).toBe(0);
  });
});
