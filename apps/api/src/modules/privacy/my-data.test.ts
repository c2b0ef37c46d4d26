import { ErrorAnswer } from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { EXPORT_LINK_MS, sweepExports } from './export';
import { myDataFixtures, personalColumns, shopperTables } from './my-data.fixtures';
import { PERSON_QUERIES, WITHHELD } from './person-data';

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = myDataFixtures(
  () => shop,
  () => staff,
);

// Every limit out of reach but the one under test: three exports a day per account.
const limits = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
) as Limits;
limits.dataExportsPerAccount = DEFAULT_LIMITS.dataExportsPerAccount;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ limits, env: { SMTP_URL: mailbox.url } });
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

/** The token of the last export link mailed to `email`. */
async function exportLink(email: string): Promise<string> {
  await deliver(shop.app, mailbox);
  const mails = mailbox.to(email).filter((m) => m.mail.subject?.includes('your copy is ready'));
  const token = /\/api\/my_data\?token=([\w-]+)/.exec(String(mails.at(-1)?.mail.text))?.[1];
  if (!token) throw new Error(`no export link was mailed to ${email}`);
  return token;
}

const open = (token: string, cookie: string) =>
  shop.app.inject({ method: 'GET', url: `/api/my_data?token=${token}`, headers: cookie ? { cookie } : {} });

/** The JSON file inside the summary page (its download link's data). */
function jsonOf(page: string): { data: Record<string, Record<string, unknown>[]> } {
  const base64 = /href="data:application\/json;base64,([^"]+)"/.exec(page)?.[1];
  if (!base64) throw new Error('the page holds no JSON file');
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
}

describe('POST /api/my_data_export', () => {
  it('mails a link that works once, for that shopper only, to a summary holding their order and the JSON file', async () => {
    const shopper = await fixtures.busyShopper();
    const other = await shop.user();
    expect(expectStatus(await shopper.post('my_data_export', {}), 200).message).toMatch(/works once, for 24 hours/);
    const token = await exportLink(shopper.email);

    expect((await open(token, '')).statusCode).toBe(401);
    const foreign = await open(token, other.cookie);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain('another account');

    const page = await open(token, shopper.cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Your data at Kapaas');
    expect(page.body).toContain(shopper.email);
    const { data } = jsonOf(page.body);
    expect(data.orders?.map((order) => order.id)).toEqual([shopper.orderId]);
    expect(data.order_items?.length).toBeGreaterThan(0);
    expect(data.users?.[0]).toMatchObject({ email: shopper.email, name: shopper.name });
    expect(data.users?.[0]).not.toHaveProperty('password_hash');
    expect(data.payments?.[0]).toHaveProperty('method');
    expect(data.payments?.[0]).not.toHaveProperty('card_last4');

    const again = await open(token, shopper.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('used already or it expired');
  });

  it('asks for a login, and allows three copies a day per account', async () => {
    expect(ErrorAnswer.parse(expectStatus(await shop.visitor().post('my_data_export', {}), 401)).message).toMatch(
      /log in/,
    );
    const shopper = await shop.user();
    for (let i = 0; i < 3; i += 1) expectStatus(await shopper.post('my_data_export', {}), 200);
    expectStatus(await shopper.post('my_data_export', {}), 429);
  });

  it('deletes a copy left unopened once its day is over, and its link then says so', async () => {
    const shopper = await shop.user();
    expectStatus(await shopper.post('my_data_export', {}), 200);
    const token = await exportLink(shopper.email);
    expect(await sweepExports(shop.privateDir, new Date(Date.now() + EXPORT_LINK_MS / 2))).toBe(0);
    // Its three files (the JSON, the page, the link's record), and those of copies the tests above left unopened.
    expect(await sweepExports(shop.privateDir, new Date(Date.now() + EXPORT_LINK_MS + 60_000))).toBeGreaterThanOrEqual(
      3,
    );
    expect((await open(token, shopper.cookie)).statusCode).toBe(404);
  });
});

describe('the export against the registry of personal data', () => {
  it('has a query for every table the registry ties to a shopper, and every personal column of theirs in it', async () => {
    const tables = shopperTables();
    expect(tables).toEqual(expect.arrayContaining(['users', 'orders', 'order_items', 'reviews', 'consents']));
    expect(tables.filter((table) => !(table in PERSON_QUERIES))).toEqual([]);
    for (const column of Object.keys(WITHHELD)) {
      const [table = '', name = ''] = column.split('.');
      expect(personalColumns(table), column).toContain(name);
    }

    const shopper = await fixtures.busyShopper();
    expectStatus(await shopper.post('my_data_export', {}), 200);
    const { data } = jsonOf((await open(await exportLink(shopper.email), shopper.cookie)).body);
    const filled = tables.filter((table) => (data[table]?.length ?? 0) > 0);
    // The shopper has rows in most tables, so that the columns below are checked on real rows.
    expect(filled).toEqual(expect.arrayContaining(['users', 'addresses', 'orders', 'payments', 'reviews']));
    expect(filled).toEqual(
      expect.arrayContaining(['shopper_photos', 'wishlist_items', 'child_profiles', 'cart_items', 'outbox_messages']),
    );
    expect(filled).toEqual(expect.arrayContaining(['contact_messages', 'newsletter_subscribers', 'privacy_requests']));
    const missing: string[] = [];
    for (const table of filled) {
      for (const column of personalColumns(table)) {
        if (`${table}.${column}` in WITHHELD) continue;
        if (!data[table]?.every((row) => column in row)) missing.push(`${table}.${column}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
