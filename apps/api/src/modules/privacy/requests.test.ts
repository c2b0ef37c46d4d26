import { eq, outboxMessages, privacyRequests } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { CHECK_INBOX_MESSAGE, EMAIL_NEEDED_MESSAGE, REQUEST_TAKEN_MESSAGE } from './requests';

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

const requestsTo = (email: string) =>
  shop.database.db.select().from(privacyRequests).where(eq(privacyRequests.email, email));

/** The token of the newest confirmation link that reached `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  await deliver(shop.app, mailbox);
  const message = mailbox.to(email).at(-1);
  const link = /https:\/\/kapaas\.example\.in\/privacy-request\/confirm\?token=([\w-]+)/.exec(message?.mail.text ?? '');
  if (!link?.[1]) throw new Error(`no confirmation link reached ${email}`);
  return link[1];
}

describe('POST /api/privacy_request from a logged-in shopper', () => {
  it("ties the request to the session's account and its address, counting at once with a 90-day due date", async () => {
    const shopper = await shop.user();
    const answer = await shopper.post('privacy_request', {
      kind: 'access',
      message: 'Please send me a summary of what you keep about me.',
      // An address in the body does not redirect the answer: the session says who asks.
      email: 'someone-else@example.in',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: REQUEST_TAKEN_MESSAGE });
    const [row] = await requestsTo(shopper.email);
    expect(row).toMatchObject({ kind: 'access', status: 'open', userId: shopper.userId, confirmTokenHash: null });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    const days = ((row?.dueAt?.getTime() ?? 0) - (row?.confirmedAt?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(90);
    expect(await requestsTo('someone-else@example.in')).toEqual([]);
    const [owner] = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `owner-privacy-request:${row?.id}`));
    expect(owner?.kind).toBe('owner_privacy_request');
    await deliver(shop.app, mailbox);
    const told = mailbox.received.find((m) => m.mail.subject === 'A privacy request to answer within 90 days');
    expect(told?.mail.text).toContain(`/admin/privacy/requests/${row?.id}`);
  });
});

describe('POST /api/privacy_request from a guest', () => {
  it('needs an e-mail address, said beside the field, and stores nothing without one', async () => {
    const guest = await shop.guest();
    const before = await shop.database.db.select().from(privacyRequests);
    const answer = await guest.post('privacy_request', { kind: 'erasure', message: 'Erase me.' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, errors: { email: [EMAIL_NEEDED_MESSAGE] } });
    expect(await shop.database.db.select().from(privacyRequests)).toEqual(before);
  });

  it('refuses an unknown kind, an empty message and a bad address beside each field', async () => {
    const kind = await shop.post('privacy_request', { kind: 'delete', message: 'x', email: 'a@example.in' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors.kind).toEqual(['Choose what you ask for: access, correction, erasure or grievance.']);
    const message = await shop.post('privacy_request', { kind: 'access', message: '  ', email: 'a@example.in' });
    expect(message.json().errors.message).toEqual(['Message is required']);
    const email = await shop.post('privacy_request', { kind: 'access', message: 'Hello', email: 'not-an-address' });
    expect(email.json().errors.email).toEqual(['Invalid email format']);
  });

  it('counts only once the mailed link is followed; the link works once', async () => {
    const email = 'guest-asks@example.in';
    const answer = await shop.post('privacy_request', {
      kind: 'grievance',
      message: 'My parcel was left with a neighbour.',
      email: 'Guest-Asks@Example.in',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: CHECK_INBOX_MESSAGE });
    const [waiting] = await requestsTo(email);
    expect(waiting).toMatchObject({ confirmedAt: null, dueAt: null, userId: null });

    const token = await tokenMailedTo(email);
    expect(mailbox.to(email).at(-1)?.mail.subject).toBe('Please confirm your privacy request to Kapaas');
    // Kept only hashed: neither the row nor the outbox holds the token itself.
    expect(JSON.stringify(waiting)).not.toContain(token);
    const stored = await shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await shop.post('privacy_request_confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [counted] = await requestsTo(email);
    expect(counted).toMatchObject({ confirmTokenHash: null, confirmedAt: expect.any(Date), dueAt: expect.any(Date) });

    const again = await shop.post('privacy_request_confirm', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/not valid any more/);
  });

  it('refuses an expired link and the request stays unconfirmed', async () => {
    const email = 'slow-guest@example.in';
    await shop.post('privacy_request', { kind: 'correction', message: 'My name is misspelt.', email });
    const token = await tokenMailedTo(email);
    await shop.database.db
      .update(privacyRequests)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyRequests.email, email));
    const late = await shop.post('privacy_request_confirm', { token });
    expect(late.statusCode).toBe(404);
    const [row] = await requestsTo(email);
    expect(row?.confirmedAt).toBeNull();
  });
});

describe('the rate limit', () => {
  it('answers 429 after the limit of the public forms, per client address', async () => {
    const limited = await startTestShop({
      limits: { ...DEFAULT_LIMITS, messagesPerAddress: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const ask = () => limited.post('privacy_request', { kind: 'access', message: 'Hi', email: 'x@example.in' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
      const rows = await limited.database.db.select().from(privacyRequests);
      expect(rows).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
