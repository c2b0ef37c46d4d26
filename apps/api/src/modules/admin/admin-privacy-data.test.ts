import { AdminEraseAnswer, ErrorAnswer } from '@kapaas/contract';
import { sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { rowsOf } from '../../lib/person';
import { myDataFixtures } from '../privacy/my-data.fixtures';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = myDataFixtures(
  () => shop,
  () => staff,
);

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { SMTP_URL: mailbox.url } });
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

/** The id of the newest rights request of `email`. */
async function requestOf(email: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await shop.database.db.execute(
      sql`SELECT id FROM privacy_requests WHERE email = ${email} ORDER BY id DESC LIMIT 1`,
    ),
  );
  if (!row) throw new Error(`no request of ${email}`);
  return row.id;
}

describe("the owner's export and erasure of a rights request's person", () => {
  it('downloads their data, refuses staff, an unconfirmed erasure and an open order, then erases, audited', async () => {
    const shopper = await fixtures.busyShopper();
    const id = await requestOf(shopper.email);
    const json = await owner.get(`/privacy-requests/${id}/data`, { format: 'json' });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="kapaas-data-request-${id}.json"`);
    expect(JSON.parse(json.body).data.orders.map((o: { id: number }) => o.id)).toEqual([shopper.orderId]);
    const html = await owner.get(`/privacy-requests/${id}/data`, { format: 'html' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain(shopper.email);
    expectStatus(await staff.get(`/privacy-requests/${id}/data`, { format: 'json' }), 403);
    expectStatus(await staff.post(`/privacy-requests/${id}/erase`, { confirm: 'ERASE' }), 403);

    const unconfirmed = ErrorAnswer.parse(
      expectStatus(await owner.post(`/privacy-requests/${id}/erase`, { confirm: 'yes' }), 400),
    );
    expect(unconfirmed.errors?.confirm).toEqual(['Type ERASE to confirm.']);
    const item = await fixtures.reviews.product();
    const open = await fixtures.reviews.ordered(shopper, [item], { until: 'paid' });
    const refused = ErrorAnswer.parse(
      expectStatus(await owner.post(`/privacy-requests/${id}/erase`, { confirm: 'ERASE' }), 409),
    );
    expect(refused.errors?.confirm?.[0]).toContain(`#${open}`);
    expectStatus(await owner.post(`/orders/${open}/status`, { status: 'packed' }), 200);
    for (const status of ['shipped', 'delivered'])
      expectStatus(await staff.post(`/orders/${open}/status`, { status }), 200);

    const erased = AdminEraseAnswer.parse(
      expectStatus(await owner.post(`/privacy-requests/${id}/erase`, { confirm: 'ERASE' }), 200),
    );
    expect(erased.orders_kept).toEqual([shopper.orderId, open]);
    expectStatus(await shop.visitor().post('login', { user_name: shopper.email, password: shopper.password }), 401);
    const request = expectStatus(await owner.get(`/privacy-requests/${id}`), 200).data;
    expect(request).toMatchObject({ status: 'answered', email: 'erased@invalid' });
    expect(request.trail.map((step: { action: string }) => step.action)).toEqual(
      expect.arrayContaining(['export', 'erase']),
    );
    // They are told, at the address they asked from.
    await deliver(shop.app, mailbox);
    expect(mailbox.to(shopper.email).at(-1)?.mail.subject).toBe('Our answer to your privacy request');
    expect((await admin.lastAudit(owner, 'privacy_requests', id))?.action).toBe('erase');
  });
});

describe("the owner's export and erasure of a customer's account", () => {
  it('downloads and erases the account from the customer page, audited', async () => {
    const shopper = await fixtures.busyShopper();
    const json = await owner.get(`/customers/${shopper.userId}/data`, { format: 'json' });
    expect(json.statusCode, json.body).toBe(200);
    expect(JSON.parse(json.body).data.users[0].email).toBe(shopper.email);
    expectStatus(await owner.get('/customers/999999/data', { format: 'json' }), 404);
    // The console's own record of the customer names them: disabling and enabling the account is audited.
    expectStatus(await owner.patch(`/customers/${shopper.userId}`, { status: 'disabled' }), 200);
    expectStatus(await owner.patch(`/customers/${shopper.userId}`, { status: 'active' }), 200);
    const audited = async () =>
      rowsOf<{ entry: string }>(
        await shop.database.db.execute(
          sql`SELECT concat(before::text, after::text) AS entry FROM audit_log
              WHERE resource = 'customers' AND resource_id = ${String(shopper.userId)}`,
        ),
      ).map((row) => row.entry);
    expect((await audited()).join()).toContain(shopper.email);
    expectStatus(await owner.post(`/customers/${shopper.userId}/erase`, { confirm: 'ERASE' }), 200);
    const entries = await audited();
    expect(entries).toHaveLength(2);
    for (const text of [shopper.email, shopper.phone, shopper.name]) expect(entries.join()).not.toContain(text);
    expect((await admin.lastAudit(owner, 'customer_data', shopper.userId))?.action).toBe('erase');
    const after = JSON.parse((await owner.get(`/customers/${shopper.userId}/data`, { format: 'json' })).body);
    expect(after.data.users[0]).toMatchObject({ name: 'Erased shopper', email: `erased-${shopper.userId}@invalid` });
    expect(after.data.addresses).toEqual([]);
  });
});
