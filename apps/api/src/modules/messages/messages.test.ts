import {
  ContactRequest,
  ErrorAnswer,
  NewsletterConfirmRequest,
  NewsletterSubscribeRequest,
  StockAlertRequest,
} from '@kapaas/contract';
import { contactMessages, eq, newsletterSubscribers, sql, stockAlerts } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const contact = {
  name: 'Kavya Iyer',
  email: 'kavya@example.in',
  mobile: '9876543210',
  message: 'Do the mulmul jhablas come in 0–3 months?\nThank you.',
};

const subscribersNamed = (email: string) =>
  shop.database.db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

describe('contact', () => {
  it('stores the message, trimmed, and answers the documented text', async () => {
    const response = await shop.post('contact', { ...contact, name: '  Kavya Iyer ', email: ' kavya@example.in' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your message has been sent!' });
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.mobile, '9876543210'));
    expect(row).toMatchObject({ ...contact, readAt: null });
  });

  it('needs no session, and works with one too', async () => {
    const user = await shop.user();
    expect((await user.post('contact', contact)).statusCode).toBe(200);
  });

  it('names every missing field with the documented texts', async () => {
    for (const body of [
      {},
      { name: '', email: '', mobile: '', message: '' },
      { name: ' ', email: null, mobile: '  ' },
    ]) {
      const response = await shop.post('contact', body);
      expect(response.statusCode).toBe(400);
      expect(ErrorAnswer.parse(response.json())).toMatchObject({
        success: false,
        errors: {
          name: ['Name is required'],
          email: ['Email is required'],
          mobile: ['Mobile number is required'],
          message: ['Message is required'],
        },
      });
    }
  });

  it.each([
    [{ email: 'kavya-at-example.in' }, 'email', 'Invalid email format'],
    [{ email: 'kavya@' }, 'email', 'Invalid email format'],
    [{ mobile: '98765' }, 'mobile', 'Enter a valid 10-digit mobile number'],
    [{ mobile: '98765432101' }, 'mobile', 'Enter a valid 10-digit mobile number'],
    [{ mobile: '98765-4321' }, 'mobile', 'Enter a valid 10-digit mobile number'],
    [{ message: 'x'.repeat(5001) }, 'message', 'The message can be at most 5000 characters.'],
    [{ name: 'n'.repeat(101) }, 'name', 'The name can be at most 100 characters.'],
    [{ name: 'Kavya\u0007' }, 'name', 'The name contains characters that are not allowed.'],
    [{ message: 'Hello\u001b' }, 'message', 'The message contains characters that are not allowed.'],
  ])('refuses %j on %s: %s', async (change, field, message) => {
    const before = await shop.database.db.select().from(contactMessages);
    const response = await shop.post('contact', { ...contact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: [message] });
    expect(await shop.database.db.select().from(contactMessages)).toEqual(before);
  });

  it('keeps a message of exactly 5000 characters, with its line breaks', async () => {
    const long = `${'a'.repeat(4000)}\n\t${'b'.repeat(998)}`;
    expect(long).toHaveLength(5000);
    expect((await shop.post('contact', { ...contact, message: long })).statusCode).toBe(200);
  });

  it('refuses unknown fields', async () => {
    const response = await shop.post('contact', { ...contact, admin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});

describe('newsletter_subscribe', () => {
  it('stores the address once, unconfirmed, and a second time is harmless and answers the same', async () => {
    for (const email of ['Rohan@Example.in', 'rohan@example.in', '  ROHAN@example.IN ']) {
      const response = await shop.post('newsletter_subscribe', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Almost done: please check your inbox and follow the link we sent to confirm your subscription.',
      });
    }
    const stored = await subscribersNamed('rohan@example.in');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ confirmedAt: null, confirmTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'rohan' }, 'Invalid email format'],
    [{ email: 'rohan@example.in<script>' }, 'Invalid email format'],
  ])('refuses %j: %s', async (body, message) => {
    const response = await shop.post('newsletter_subscribe', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: { email: [message] } });
  });
});

describe('rate limits', () => {
  it('stops a third contact message, subscription and stock alert from one address within the window', async () => {
    const limited = await startTestShop({
      limits: { ...DEFAULT_LIMITS, messagesPerAddress: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const contacts: number[] = [];
      for (let i = 0; i < 3; i++) contacts.push((await limited.post('contact', contact)).statusCode);
      expect(contacts).toEqual([200, 200, 429]);
      const third = await limited.post('contact', contact);
      expect(third.json()).toMatchObject({ success: false, message: expect.stringMatching(/Too many attempts/) });
      const stored = await limited.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, contact.email));
      expect(stored).toHaveLength(2);

      const subscriptions: number[] = [];
      for (const email of ['a@example.in', 'b@example.in', 'c@example.in']) {
        subscriptions.push((await limited.post('newsletter_subscribe', { email })).statusCode);
      }
      expect(subscriptions).toEqual([200, 200, 429]);
      expect(await limited.database.db.select().from(newsletterSubscribers)).toHaveLength(2);

      // "Notify me" counts every request, refused ones included, before it looks at the product.
      const alerts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const body = { product_id: 999_999, size_id: 1, email: 'a@example.in' };
        alerts.push((await limited.post('stock_alert', body)).statusCode);
      }
      expect(alerts).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('malformed bodies', () => {
  const tableState = async () => ({
    contact: await shop.database.db.select().from(contactMessages).orderBy(contactMessages.id),
    newsletter: await shop.database.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id),
    alerts: await shop.database.db.select().from(stockAlerts).orderBy(stockAlerts.id),
  });

  it('answers 400 with success:false to anything malformed, and stores nothing', async () => {
    const before = await tableState();
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom(
        "Robert'); DROP TABLE contact_messages; --",
        "' OR 1=1 --",
        '<img src=x onerror=alert(1)>',
        'kavya@example.in\u0000',
        '98765\u000043210',
        'x'.repeat(100_000),
        `${'a'.repeat(250)}@example.in`,
        '',
        '   ',
      ),
    );
    const weird = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.constantFrom(-1, 1e308, 9_876_543_210),
      fc.constant(null),
      fc.boolean(),
      fc.array(text, { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
    );
    // Mostly one field spoiled in an otherwise valid body, so each check is reached on its own.
    const spoiled = fc
      .record({ field: fc.constantFrom('name', 'email', 'mobile', 'message', 'extra'), value: weird })
      .map(({ field, value }) => ({ ...contact, [field]: value }));
    const alert = { product_id: 1, size_id: 1, email: 'kavya@example.in' };
    const spoiledAlert = fc
      .record({ field: fc.constantFrom('product_id', 'size_id', 'email', 'extra'), value: weird })
      .map(({ field, value }) => ({ ...alert, [field]: value }));
    const body = fc.oneof(
      fc.jsonValue(),
      spoiled,
      spoiledAlert,
      fc.record({ token: weird }, { requiredKeys: [] }),
      fc.record({ name: weird, email: weird, mobile: weird, message: weird }, { requiredKeys: [] }),
    );
    const endpoints = [
      ['contact', ContactRequest],
      ['newsletter_subscribe', NewsletterSubscribeRequest],
      ['newsletter_confirm', NewsletterConfirmRequest],
      ['stock_alert', StockAlertRequest],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async ([endpoint, schema], payload) => {
        fc.pre(!schema.safeParse(payload).success);
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 300 },
    );
    expect(await tableState()).toEqual(before);
  });

  it('stores what a valid body carries, SQL and HTML fragments included, as plain text', async () => {
    const fragments = "<b>hi</b>'); DROP TABLE contact_messages; --";
    expect((await shop.post('contact', { ...contact, name: 'Robert <b>', message: fragments })).statusCode).toBe(200);
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.message, fragments));
    expect(row?.name).toBe('Robert <b>');
  });
});
