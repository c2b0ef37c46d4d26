import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop?.close();
});

describe("the console's privacy notice", () => {
  it('lists the versions newest first; a save is a new version with its time and author, and the storefront shows it', async () => {
    const first = expectStatus(await owner.get('/privacy-notice'), 200).data as {
      versions: { version: number; author_email: string | null }[];
    };
    // Version 1, the funnel's version 2 (migration 0039) and the children's version 3 (migration 0043) were written
    // by no account.
    expect(first.versions.map((v) => [v.version, v.author_email])).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);

    const body = '## What we collect\n\n- Your name, to deliver your order.';
    const saved = expectStatus(await owner.post('/privacy-notice', { body }), 200).data as {
      versions: { version: number; body: string; author_email: string | null; created_at: string }[];
    };
    expect(saved.versions.map((v) => [v.version, v.author_email])).toEqual([
      [4, 'admin@kapaas.local'],
      [3, null],
      [2, null],
      [1, null],
    ]);
    expect(saved.versions[0]?.body).toBe(body);
    expect((await shop.post('privacy_notice', {})).json().notice).toMatchObject({ version: 4, body });

    const audit = expectStatus(await owner.get('/audit-log', { resource: 'privacy_notice' }), 200).data as unknown[];
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses an empty notice and an unchanged one beside the field, and staff', async () => {
    const empty = await owner.post('/privacy-notice', { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBeDefined();
    const current = (await shop.post('privacy_notice', {})).json().notice.body as string;
    const same = await owner.post('/privacy-notice', { body: current });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.body[0]).toContain('change something');
    expect((await staff.post('/privacy-notice', { body: 'A notice by staff' })).statusCode).toBe(403);
  });
});

describe('the grievance officer settings', () => {
  it('are kept and shown on the notice; a bad address is refused beside its field', async () => {
    const bad = await owner.patch('/settings', { grievance_officer_email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.grievance_officer_email).toBeDefined();

    const set = await owner.patch('/settings', {
      grievance_officer_name: 'Anita Borah',
      grievance_officer_email: 'Grievance@Kapaas.example.in',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      grievance_officer_name: 'Anita Borah',
      grievance_officer_email: 'grievance@kapaas.example.in',
    });
    expect((await shop.post('privacy_notice', {})).json().notice.grievance_officer).toEqual({
      name: 'Anita Borah',
      email: 'grievance@kapaas.example.in',
    });
  });
});
