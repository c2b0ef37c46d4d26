import { ErrorAnswer } from '@kapaas/contract';
import { type DatabaseHandle, sql } from '@kapaas/db';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { rowsOf } from '../../lib/person';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { ERASED } from './erasure';
import { myDataFixtures, personalColumns, shopperTables } from './my-data.fixtures';
import { PERSON_QUERIES } from './person-data';
import { type Fate, personalOf, REGISTRY } from './registry';

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = myDataFixtures(
  () => shop,
  () => staff,
);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
});

type Row = Record<string, unknown>;

/** Whether erasure changes a value of this fate: it deletes it, or anonymises it other than by keeping it. */
const changes = (fate: Fate) =>
  fate.kind === 'delete' || (fate.kind === 'anonymise' && !fate.becomes.startsWith('kept'));

/** A row's identity within its table: its id, or its key columns when it has none. */
function rowKey(table: string, row: Row): string {
  if ('id' in row) return String(row.id);
  if (table === 'review_votes') return `${row.review_id}:${row.voter}`;
  return String(row.order_id);
}

/** The person's rows in every table tied to a shopper, as the export finds them, by table and key. */
async function rowsOfPerson(database: DatabaseHandle, keys: Parameters<(typeof PERSON_QUERIES)['users']>[0]) {
  const found = new Map<string, Map<string, Row>>();
  for (const table of shopperTables()) {
    const query = PERSON_QUERIES[table];
    if (!query) throw new Error(`no query for ${table}`);
    const rows = rowsOf<Row>(await database.db.execute(query(keys)));
    found.set(table, new Map(rows.map((row) => [rowKey(table, row), row])));
  }
  return found;
}

/** The row of `table` with this key as it is now, or undefined when it is gone. */
async function rowNow(database: DatabaseHandle, table: string, key: string, row: Row): Promise<Row | undefined> {
  const where =
    'id' in row
      ? sql`id = ${row.id}`
      : table === 'review_votes'
        ? sql`review_id = ${row.review_id} AND voter = ${row.voter}`
        : sql`order_id = ${row.order_id}`;
  const rows = rowsOf<Row>(await database.db.execute(sql`SELECT * FROM ${sql.identifier(table)} WHERE ${where}`));
  expect(rows.length, `${table} ${key}`).toBeLessThanOrEqual(1);
  return rows[0];
}

/** What went wrong with one column of one erased row, against its fate in the registry. */
function columnProblem(table: string, column: string, before: unknown, after: Row | undefined): string | null {
  const found = personalOf(table, column);
  if (!found) return null;
  const where = `${table}.${column}`;
  if (found.fate.kind === 'delete' && REGISTRY[table]?.row?.fate.kind === 'delete') {
    return after === undefined ? null : `${where}: the row should be deleted`;
  }
  if (after === undefined) return changes(found.fate) ? null : `${where}: the row was deleted, the value kept for law`;
  // A bigint column (the reports' ledger) reads as a BigInt here and as text in the person's copy.
  const json = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
  const same = json(after[column]) === json(before);
  const empty = before === null || (Array.isArray(before) && before.length === 0);
  if (changes(found.fate) && same && !empty) return `${where}: still ${JSON.stringify(before)}`;
  if (!changes(found.fate) && !same) return `${where}: changed, but the registry keeps it`;
  return null;
}

describe('the erasure against the registry of personal data', () => {
  it('has a step for every personal column it must change, in every table tied to a shopper', () => {
    const unhandled: string[] = [];
    for (const table of shopperTables()) {
      for (const column of personalColumns(table)) {
        const found = personalOf(table, column);
        if (!found || !changes(found.fate)) continue;
        const handled = ERASED[table];
        if (handled !== 'the row' && !handled?.includes(column)) unhandled.push(`${table}.${column}`);
      }
    }
    expect(unhandled).toEqual([]);
  });

  it('does to each of a busy shopper’s values what the registry says: deleted, anonymised, or kept for law', async () => {
    const shopper = await fixtures.busyShopper();
    const keys = { userId: shopper.userId, guestIds: [], emails: [shopper.email], phones: [shopper.phone] };
    const before = await rowsOfPerson(shop.database, keys);
    const filled = [...before].filter(([, rows]) => rows.size > 0).map(([table]) => table);
    expect(filled).toEqual(expect.arrayContaining(['users', 'addresses', 'orders', 'reviews', 'shopper_photos']));
    expect(filled).toEqual(expect.arrayContaining(['sessions', 'contact_messages', 'outbox_messages', 'payments']));

    expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 200);
    const problems: string[] = [];
    for (const [table, rows] of before) {
      for (const [key, row] of rows) {
        const after = await rowNow(shop.database, table, key, row);
        for (const [column, value] of Object.entries(row)) {
          const problem = columnProblem(table, column, value, after);
          if (problem) problems.push(`${problem} (row ${key})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** A PDF's text, as a reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

describe('POST /api/delete_my_account', () => {
  it('refuses a wrong password beside the field, and an open order by its number, and erases nothing', async () => {
    const shopper = await shop.user();
    const wrong = ErrorAnswer.parse(
      expectStatus(await shopper.post('delete_my_account', { password: 'not-it-1' }), 400),
    );
    expect(wrong.errors?.password).toEqual(['The password is incorrect.']);
    const item = await fixtures.reviews.product();
    const orderId = await fixtures.reviews.ordered(shopper, [item], { until: 'shipped' });
    const open = ErrorAnswer.parse(
      expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 409),
    );
    expect(open.errors?.password?.[0]).toContain(`#${orderId}`);
    expect(open.message).toMatch(/under way/);
    // Nothing changed: the shopper still logs in and still has the order's address.
    expectStatus(await shop.visitor().post('login', { user_name: shopper.email, password: shopper.password }), 200);
    const [order] = rowsOf<{ snapshot: { email_id: string } }>(
      await shop.database.db.execute(sql`SELECT address_snapshot AS snapshot FROM orders WHERE id = ${orderId}`),
    );
    expect(order?.snapshot.email_id).not.toBe('');
  });

  it('ends the account: no login, the session gone, and the e-mail and phone register again', async () => {
    const shopper = await fixtures.busyShopper();
    const answer = expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 200);
    expect(answer.message).toMatch(/72 months/);
    expectStatus(await shop.visitor().post('login', { user_name: shopper.email, password: shopper.password }), 401);
    expectStatus(await shopper.post('my_data_export', {}), 401);
    const again = { name: 'New Person', email: shopper.email, phone: shopper.phone, password: 'cotton-kurta-99' };
    expectStatus(await shop.post('register', { ...again, password_confirmation: again.password }), 200);
    const [review] = rowsOf<{ author: string; photos: string[] }>(
      await shop.database.db.execute(sql`SELECT author, photos FROM reviews WHERE order_id = ${shopper.orderId}`),
    );
    expect(review).toEqual({ author: 'A parent from Kerala', photos: [] });
  });

  it('answers their open erasure request, which says it was done by the account, and leaves other requests open', async () => {
    const shopper = await shop.user();
    expectStatus(await shopper.post('privacy_request', { kind: 'erasure', message: 'Delete me, please.' }), 200);
    expectStatus(await shopper.post('privacy_request', { kind: 'grievance', message: 'A late parcel.' }), 200);
    expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 200);
    const requests = rowsOf<{ kind: string; status: string; answer: string | null; answered_at: Date | null }>(
      await shop.database.db.execute(
        sql`SELECT kind, status, answer, answered_at FROM privacy_requests
            WHERE message = '(erased)' AND created_at > now() - interval '1 minute' ORDER BY id DESC LIMIT 2`,
      ),
    );
    expect(requests.map((r) => [r.kind, r.status])).toEqual([
      ['grievance', 'open'],
      ['erasure', 'answered'],
    ]);
    expect(requests[1]?.answer).toMatch(/deleted the account themselves/);
    expect(requests[1]?.answered_at).not.toBeNull();
  });

  it('leaves the GST report and the owner’s invoice PDF as they were, but for the buyer’s name and street', async () => {
    const shopper = await fixtures.busyShopper();
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const report = async () => {
      const response = await owner.get('/reports/gst.csv', { month });
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const invoice = async () => pdfText((await owner.get(`/orders/${shopper.orderId}/invoice.pdf`)).rawPayload);
    const [reportBefore, invoiceBefore] = [await report(), await invoice()];
    expect(invoiceBefore).toContain('Nandini Pillai');
    expect(invoiceBefore).toContain('22 Market Road, Ernakulam');

    expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 200);
    expect(await report()).toBe(reportBefore);
    const invoiceAfter = await invoice();
    expect(invoiceAfter, invoiceAfter).not.toContain('Nandini');
    expect(invoiceAfter).not.toContain('22 Market Road');
    expect(invoiceAfter).toContain('Erased shopper');
    const withoutBuyer = (text: string) =>
      text.replace('Nandini Pillai', 'Erased shopper').replace('22 Market Road, Ernakulam', '').replace(/\s+/g, ' ');
    expect(withoutBuyer(invoiceAfter)).toBe(withoutBuyer(invoiceBefore));
  });
});
