import { createHash } from 'node:crypto';
import { eq, outboxMessages, passwordResetTokens, sessions, sql, users } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, type Received, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { callsBeforeAnswer } from '../../../test/work-before-answer';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { SEALED_PLACEHOLDER } from '../mail';
import {
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
} from './password-reset';

const PUBLIC_URL = 'https://kapaas.example.in';
const SUBJECT = 'Reset your Kapaas password';

let shop: TestShop;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL, MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' } });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const resetMails = (email: string) => mailbox.to(email).filter((m) => m.mail.subject === SUBJECT);

/** The token in a received message's link (the shop's page), from the plain text and the HTML alike. */
function tokenIn(received: Received | undefined): string {
  const pattern = /https:\/\/kapaas\.example\.in\/reset-password\?token=([A-Za-z0-9_-]{43})\b/;
  const fromText = pattern.exec(received?.mail.text ?? '')?.[1];
  const fromHtml = pattern.exec(typeof received?.mail.html === 'string' ? received.mail.html : '')?.[1];
  if (!fromText || fromText !== fromHtml) throw new Error(`no reset link in ${received?.mail.text}`);
  return fromText;
}

/** Asks for a link for `email` and answers the token the message carried. */
async function linkFor(email: string): Promise<string> {
  const before = resetMails(email).length;
  const response = await shop.post('forgot_password', { email });
  expect(response.statusCode).toBe(200);
  await deliver(shop.app, mailbox);
  const mails = resetMails(email);
  expect(mails).toHaveLength(before + 1);
  return tokenIn(mails.at(-1));
}

const reset = (token: string, password: string, confirmation = password) =>
  shop.post('reset_password', { token, password, password_confirmation: confirmation });

const logIn = (email: string, password: string) => shop.post('login', { user_name: email, password });

describe('forgot_password', () => {
  it('answers an unknown address exactly as a known one, and writes to the known one only', async () => {
    const user = await shop.user({ name: 'Anjali Rao' });
    const unknown = await shop.post('forgot_password', { email: 'nobody-here@example.in' });
    const known = await shop.post('forgot_password', { email: user.email.toUpperCase() });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });

    await deliver(shop.app, mailbox);
    expect(mailbox.to('nobody-here@example.in')).toHaveLength(0);
    const queued = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'nobody-here@example.in'));
    expect(queued).toHaveLength(0);
    const [mail, ...more] = resetMails(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.mail.text).toContain('Hello Anjali Rao');
    expect(mail?.mail.text).toContain('The link works for 30 minutes and only once.');
    expect(mail?.mail.text).toContain('If you did not ask, ignore this message: your password stays as it is.');
  });

  it('answers before it looks the address up: known and unknown addresses wait for the same calls', async () => {
    const user = await shop.user();
    const ask = (email: string) => ({ method: 'POST' as const, url: '/api/forgot_password', payload: { email } });
    const known = await callsBeforeAnswer(shop, ask(user.email));
    const unknown = await callsBeforeAnswer(shop, ask('nobody-2@example.in'));
    // Only the two rate-limit counters (address and e-mail) are counted before the answer, for both.
    expect(known.calls).toEqual(['insert', 'insert']);
    expect(unknown.calls).toEqual(known.calls);
    expect(known.response.body).toBe(unknown.response.body);
    // The link is still made and sent once, after the answer.
    await deliver(shop.app, mailbox);
    expect(resetMails(user.email)).toHaveLength(1);
    expect(mailbox.to('nobody-2@example.in')).toHaveLength(0);
  });

  it('keeps the token out of the database: the outbox holds the placeholder, the table its SHA-256', async () => {
    const user = await shop.user();
    const token = await linkFor(user.email);
    const [row] = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.recipient} = ${user.email} AND ${outboxMessages.kind} = 'password_reset'`);
    expect(row?.status).toBe('sent');
    expect(row?.html).toContain(`${PUBLIC_URL}/reset-password?token=${SEALED_PLACEHOLDER}`);
    expect(row?.text).toContain(SEALED_PLACEHOLDER);
    expect(row?.html).not.toContain(token);
    expect(row?.text).not.toContain(token);
    expect(row?.sealed).not.toContain(token);
    expect(JSON.stringify(row?.payload)).not.toContain(token);
    expect(row?.payload).toMatchObject({ audience: 'shop', name: user.name });
    const [stored] = await shop.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.userId));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.key).toBe(`password-reset:${stored?.id}`);
    // The link works for 30 minutes from the request, and the worker is told when it stops being worth sending.
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(30, 5);
    expect(row?.payload.expires_at).toBe(stored?.expiresAt.toISOString());
  });

  it('writes nothing to a disabled account, with the same answer', async () => {
    const user = await shop.user();
    await shop.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.userId));
    const response = await shop.post('forgot_password', { email: user.email });
    expect(response.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    await deliver(shop.app, mailbox);
    expect(resetMails(user.email)).toHaveLength(0);
  });

  it('refuses an address that is not one, beside the field', async () => {
    const response = await shop.post('forgot_password', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toEqual(['Please enter a valid e-mail address.']);
  });
});

describe('reset_password', () => {
  it('sets the new password through a link that works once', async () => {
    const user = await shop.user();
    const token = await linkFor(user.email);
    const first = await reset(token, 'kora-cotton-dhoti-7');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGE });
    expect((await logIn(user.email, user.password)).statusCode).toBe(401);
    expect((await logIn(user.email, 'kora-cotton-dhoti-7')).statusCode).toBe(200);

    const again = await reset(token, 'another-khadi-shirt-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: RESET_LINK_USED, code: 'RESET_LINK_USED' });
    expect((await logIn(user.email, 'kora-cotton-dhoti-7')).statusCode).toBe(200);
  });

  it('ends every session of the account: a logged-in browser is logged out', async () => {
    const user = await shop.user();
    const elsewhere = shop.visitor();
    expect((await elsewhere.post('login', { user_name: user.email, password: user.password })).statusCode).toBe(200);
    expect((await user.post('edit_profile')).statusCode).toBe(200);
    expect((await user.post('cart_list')).json().success).toBe(true);

    const token = await linkFor(user.email);
    expect((await reset(token, 'handloom-ikat-kurta-4')).statusCode).toBe(200);

    const left = await shop.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(left).toHaveLength(0);
    for (const browser of [user, elsewhere]) {
      const profile = await browser.post('edit_profile');
      expect(profile.statusCode).toBe(401);
      const cart = await browser.post('cart_list');
      expect(cart.json()).toEqual((await shop.post('cart_list')).json());
    }
  });

  it('refuses an expired link in plain words, and changes nothing', async () => {
    const user = await shop.user();
    const token = await linkFor(user.email);
    await shop.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.userId));
    const response = await reset(token, 'madras-check-frock-5');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: RESET_LINK_EXPIRED, code: 'RESET_LINK_EXPIRED' });
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a link nobody sent', async () => {
    const response = await reset('A'.repeat(43), 'madras-check-frock-5');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: RESET_LINK_INVALID, code: 'RESET_LINK_INVALID' });
  });

  it('applies the password policy of registration, beside the field, and leaves the link usable', async () => {
    const user = await shop.user({ name: 'Kavitha Menon' });
    const token = await linkFor(user.email);
    const cases: [string, string, string, string][] = [
      ['short', 'short', 'password', 'The password must be at least 8 characters.'],
      ['password', 'password', 'password', 'This password is too common and easy to guess. Please choose another.'],
      ['KavithaMenon1', 'KavithaMenon1', 'password', 'The password must not be your name, e-mail or phone number.'],
      ['soft-mulmul-9', 'soft-mulmul-8', 'password_confirmation', 'The password confirmation does not match.'],
    ];
    for (const [password, confirmation, field, message] of cases) {
      const response = await reset(token, password, confirmation);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await reset(token, 'soft-mulmul-9')).statusCode).toBe(200);
  });

  it('keeps an earlier link working until a link is used, then voids it', async () => {
    const user = await shop.user();
    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect(first).not.toBe(second);
    expect((await reset(second, 'block-print-quilt-3')).statusCode).toBe(200);
    const older = await reset(first, 'block-print-quilt-4');
    expect(older.json()).toMatchObject({ message: RESET_LINK_USED });
    expect((await logIn(user.email, 'block-print-quilt-3')).statusCode).toBe(200);
  });

  it('lets only one of two requests racing with one link through', async () => {
    const user = await shop.user();
    const token = await linkFor(user.email);
    const answers = await Promise.all([reset(token, 'jamdani-saree-11'), reset(token, 'jamdani-saree-22')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const won = answers.find((a) => a.statusCode === 200) === answers[0] ? 'jamdani-saree-11' : 'jamdani-saree-22';
    expect((await logIn(user.email, won)).statusCode).toBe(200);
  });
});

describe('the limits on forgot_password', () => {
  let limited: TestShop;
  beforeAll(async () => {
    const limits: Limits = {
      ...DEFAULT_LIMITS,
      passwordResetsPerEmail: { max: 2, windowSeconds: 3600 },
      passwordResetsPerAddress: { max: 4, windowSeconds: 3600 },
    };
    limited = await startTestShop({ limits });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const ask = (email: string, address: string) =>
    limited.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email }, remoteAddress: address });

  it('refuses a third request for one address within the hour with 429, known or not', async () => {
    const user = await limited.user();
    for (const email of [user.email, 'no-account@example.in']) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await ask(email, `10.1.0.${i + 1}`));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]?.headers['retry-after']).toBeDefined();
      expect(answers[2]?.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    }
    const made = await limited.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.userId));
    expect(made).toHaveLength(2);
  });

  it('refuses a client address its fifth request within the hour, whatever the e-mail', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(`someone${i}@example.in`, '10.2.0.1'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429]);
    expect((await ask('someone9@example.in', '10.2.0.2')).statusCode).toBe(200);
  });
});
