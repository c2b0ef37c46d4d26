import { adminSessions, adminUsers, auditLog, eq, outboxMessages, passwordResetTokens, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, type Received, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { callsBeforeAnswer } from '../../../test/work-before-answer';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from '../identity';
import { SEALED_PLACEHOLDER } from '../mail';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

const PUBLIC_URL = 'https://kapaas.example.in';
const SUBJECT = 'Reset your Kapaas password';

/** Three requests per e-mail address an hour; the rest as high as in every test shop. */
const LIMITS: Limits = {
  ...(Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
  ) as Limits),
  passwordResetsPerEmail: { max: 3, windowSeconds: 3600 },
};

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
const admin = adminFixtures(() => shop);

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ limits: LIMITS, env: { PUBLIC_URL } });
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const resetMails = (email: string) => mailbox.to(email).filter((m) => m.mail.subject === SUBJECT);

function tokenIn(received: Received | undefined): string {
  const pattern = /https:\/\/kapaas\.example\.in\/admin\/reset-password\?token=([A-Za-z0-9_-]{43})\b/;
  const token = pattern.exec(received?.mail.text ?? '')?.[1];
  if (!token) throw new Error(`no console reset link in ${received?.mail.text}`);
  return token;
}

async function linkFor(email: string): Promise<string> {
  const before = resetMails(email).length;
  expectStatus(await admin.client().post('/forgot_password', { email }), 200);
  await deliver(shop.app, mailbox);
  expect(resetMails(email)).toHaveLength(before + 1);
  return tokenIn(resetMails(email).at(-1));
}

const reset = (token: string, password: string, confirmation = password) =>
  admin.client().post('/reset_password', { token, password, password_confirmation: confirmation });

describe('an admin who forgot the password', () => {
  it('hears the same answer for an address that is no admin, and only an admin gets a message', async () => {
    const staff = await admin.staff(owner);
    const shopper = await shop.user();
    const answers = await Promise.all(
      [staff.email, 'nobody@kapaas.local', shopper.email].map((email) =>
        admin.client().post('/forgot_password', { email }),
      ),
    );
    for (const answer of answers)
      expect(expectStatus(answer, 200)).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    await deliver(shop.app, mailbox);
    expect(resetMails(staff.email)).toHaveLength(1);
    expect(resetMails('nobody@kapaas.local')).toHaveLength(0);
    expect(resetMails(shopper.email)).toHaveLength(0);
    const [row] = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.recipient} = ${staff.email} AND ${outboxMessages.kind} = 'password_reset'`);
    expect(row?.payload).toMatchObject({ audience: 'admin', name: 'Staff' });
    expect(row?.html).toContain(`${PUBLIC_URL}/admin/reset-password?token=${SEALED_PLACEHOLDER}`);
    expect(row?.html).not.toContain(tokenIn(resetMails(staff.email)[0]));
  });

  it('answers before it looks the address up: an admin and an unknown address wait for the same calls', async () => {
    const staff = await admin.staff(owner);
    const ask = (email: string) => ({ method: 'POST' as const, url: '/admin/api/forgot_password', payload: { email } });
    const known = await callsBeforeAnswer(shop, ask(staff.email));
    const unknown = await callsBeforeAnswer(shop, ask('nobody-2@kapaas.local'));
    // Only the two rate-limit counters (address and e-mail) are counted before the answer, for both.
    expect(known.calls).toEqual(['insert', 'insert']);
    expect(unknown.calls).toEqual(known.calls);
    expect(known.response.body).toBe(unknown.response.body);
    await deliver(shop.app, mailbox);
    expect(resetMails(staff.email)).toHaveLength(1);
    expect(resetMails('nobody-2@kapaas.local')).toHaveLength(0);
  });

  it('sets a new password once, ends every session of that admin, and records it in the audit log', async () => {
    const staff = await admin.staff(owner);
    const other = await admin.login(staff.email, 'staff-password-1');
    const token = await linkFor(staff.email);
    const answer = expectStatus(await reset(token, 'indigo-dyed-chanderi-9'), 200);
    expect(answer).toEqual({ success: true, message: PASSWORD_RESET_MESSAGE });

    for (const client of [staff, other]) expect((await client.get('/me')).statusCode).toBe(401);
    const left = await shop.database.db.select().from(adminSessions).where(eq(adminSessions.adminId, staff.id));
    expect(left).toHaveLength(0);
    expect((await owner.get('/me')).statusCode).toBe(200);
    expect((await admin.client().post('/login', { email: staff.email, password: 'staff-password-1' })).statusCode).toBe(
      401,
    );
    await admin.login(staff.email, 'indigo-dyed-chanderi-9');

    const again = await reset(token, 'indigo-dyed-chanderi-10');
    expect(expectStatus(again, 400)).toMatchObject({ message: 'This link was already used. Ask for a new one.' });
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.adminId} = ${staff.id} AND ${auditLog.action} = 'password'`);
    expect(entry?.after).toEqual({ password: 'reset by e-mail link', sessions: 'ended' });
  });

  it("keeps admins' longer password rule, and refuses an expired link", async () => {
    const staff = await admin.staff(owner);
    const token = await linkFor(staff.email);
    const short = expectStatus(await reset(token, 'eleven-char'), 400);
    expect(short.errors.password).toEqual(['The password must be at least 12 characters.']);
    const mismatch = expectStatus(await reset(token, 'handwoven-linen-1', 'handwoven-linen-2'), 400);
    expect(mismatch.errors.password_confirmation).toEqual(['The new passwords do not match.']);
    await shop.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.adminUserId, staff.id));
    const expired = expectStatus(await reset(token, 'handwoven-linen-1'), 400);
    expect(expired).toMatchObject({ message: 'This link expired. Ask for a new one.', code: 'RESET_LINK_EXPIRED' });
  });

  it("does not take a shopper's link, nor give a shopper an admin's", async () => {
    const shopper = await shop.user();
    await shop.post('forgot_password', { email: shopper.email });
    await deliver(shop.app, mailbox);
    const mail = resetMails(shopper.email).at(-1);
    const shopToken = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail?.mail.text ?? '')?.[1] ?? '';
    expect(shopToken).not.toBe('');
    expect(expectStatus(await reset(shopToken, 'handwoven-linen-1'), 400).code).toBe('RESET_LINK_INVALID');

    const staff = await admin.staff(owner);
    const adminToken = await linkFor(staff.email);
    const viaShop = await shop.post('reset_password', {
      token: adminToken,
      password: 'handwoven-linen-1',
      password_confirmation: 'handwoven-linen-1',
    });
    expect(expectStatus(viaShop, 400).code).toBe('RESET_LINK_INVALID');
    expectStatus(await reset(adminToken, 'handwoven-linen-1'), 200);
  });

  it('writes nothing to a disabled admin', async () => {
    const staff = await admin.staff(owner);
    await shop.database.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, staff.id));
    expectStatus(await admin.client().post('/forgot_password', { email: staff.email }), 200);
    await deliver(shop.app, mailbox);
    expect(resetMails(staff.email)).toHaveLength(0);
  });

  it('refuses a fourth request for one address within the hour with 429, admin or not', async () => {
    const staff = await admin.staff(owner);
    for (const email of [staff.email, 'someone-else@kapaas.local']) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await admin.client().post('/forgot_password', { email })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
  });
});
