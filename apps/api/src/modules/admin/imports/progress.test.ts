import { createHash } from 'node:crypto';
import { AdminImportAnswer, type AdminImportProgress, AdminImportProgressAnswer } from '@kapaas/contract';
import { catalogueImports, eq } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin.fixtures';
import { startImport } from './imports.repository';
import { ImportProgress, PROGRESS_EVERY_MS } from './progress';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

const HEADER = 'Handle,Title,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price';
const SIZES = ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M'];

/** A Shopify file of `count` products of five sizes each, filed under a subcategory the test shop has. */
function shopifyFile(count: number, tag: string): Buffer {
  const lines = [HEADER];
  for (let p = 0; p < count; p += 1) {
    for (const [s, size] of SIZES.entries()) {
      const product = s === 0 ? `Progress ${tag} ${p},Jhablas & Tops > Kurtas,Size` : ',,';
      lines.push(`progress-${tag}-${p},${product},${size},PRG-${tag}-${p}-${s},4,499.00`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function postImport(csv: Buffer, dryRun: boolean, token = owner.token) {
  const boundary = '----kapaasprogress';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n${dryRun}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n\r\n`),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return shop.app.inject({
    method: 'POST',
    url: '/admin/api/imports',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload,
  });
}

function getProgress(hash: string, dryRun: string, token = owner.token) {
  return shop.app.inject({
    method: 'GET',
    url: `/admin/api/imports/progress?sha256=${hash}&dry_run=${dryRun}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

const progressOf = async (hash: string, dryRun: boolean): Promise<AdminImportProgress> =>
  AdminImportProgressAnswer.parse(expectStatus(await getProgress(hash, String(dryRun)), 200)).data;

const PHASES = ['reading', 'checking', 'pictures', 'writing', 'done'];

describe('GET /admin/api/imports/progress', () => {
  it('answers where the dry run and the commit of a file got to, by its SHA-256, polled while the POST runs', async () => {
    const csv = shopifyFile(1500, 'a');
    const hash = sha256(csv);
    expect((await getProgress(hash, 'true')).statusCode).toBe(404);
    // Polled as the console does while the POST is in flight: each answer is a phase no earlier than the last.
    const seen: AdminImportProgress[] = [];
    let answered = false;
    const posting = postImport(csv, true).finally(() => {
      answered = true;
    });
    while (!answered) {
      const response = await getProgress(hash, 'true');
      if (response.statusCode === 200) seen.push(AdminImportProgressAnswer.parse(response.json()).data);
    }
    expectStatus(await posting, 200);
    expect(seen.some((state) => state.phase !== 'done')).toBe(true);
    // The file names no picture: no "pictures" phase with nothing to do.
    expect(seen.map((state) => state.phase)).not.toContain('pictures');
    const order = seen.map((s) => PHASES.indexOf(s.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const state of seen) expect(state.rows_done).toBeLessThanOrEqual(state.rows_total ?? Number.MAX_VALUE);
    expect(await progressOf(hash, true)).toEqual({ phase: 'done', rows_done: 7500, rows_total: 7500 });
    // The commit has its own progress; the dry run's stays as it ended.
    expect((await getProgress(hash, 'false')).statusCode).toBe(404);
    const report = AdminImportAnswer.parse(expectStatus(await postImport(csv, false), 200)).data;
    expect(report.products.created).toBe(1500);
    expect(await progressOf(hash, false)).toEqual({ phase: 'done', rows_done: 7500, rows_total: 7500 });
  });

  it('records a phase as it starts and ends and at most every 500 ms between, read from the store by any process', async () => {
    const csv = shopifyFile(1, 'b');
    const hash = sha256(csv);
    const reading = { phase: 'reading' as const, rows_done: 0, rows_total: null };
    const id = await startImport(shop.database.db, {
      adminId: null,
      sha256: hash,
      optionsHash: 'test',
      dryRun: true,
      progress: reading,
    });
    expect(await progressOf(hash, true)).toEqual(reading);
    let clock = 1_000_000;
    const progress = new ImportProgress(shop.database.db, id, false, () => clock);
    await progress.report('reading', 2000, null);
    expect(await progressOf(hash, true)).toEqual({ phase: 'reading', rows_done: 2000, rows_total: null });
    clock += PROGRESS_EVERY_MS - 1;
    await progress.report('reading', 4000, null);
    expect((await progressOf(hash, true)).rows_done).toBe(2000);
    clock += 1;
    await progress.report('reading', 6000, null);
    expect((await progressOf(hash, true)).rows_done).toBe(6000);
    await progress.report('checking', 0, 50_000);
    expect(await progressOf(hash, true)).toEqual({ phase: 'checking', rows_done: 0, rows_total: 50_000 });
    await progress.report('checking', 50_000, 50_000);
    expect((await progressOf(hash, true)).rows_done).toBe(50_000);
    // PGlite's one connection is the commit's: nothing is written beside its transaction there.
    clock += PROGRESS_EVERY_MS;
    await progress.during(() => progress.report('writing', 10, 50_000));
    expect((await progressOf(hash, true)).phase).toBe('checking');
    const beside = new ImportProgress(shop.database.db, id, true, () => clock);
    await beside.during(() => beside.report('writing', 10, 50_000));
    expect(await progressOf(hash, true)).toEqual({ phase: 'writing', rows_done: 10, rows_total: 50_000 });
  });

  // PostgreSQL only: there the POST and the poll may be served by two processes, and the commit's transaction holds
  // one connection of the pool while the progress is written through another (PGlite has one connection).
  it.runIf(inject('postgresUrl'))(
    'on PostgreSQL, writes the commit’s progress beside its open transaction, where another connection reads it',
    async () => {
      const csv = shopifyFile(1, 'e');
      const started = { phase: 'writing' as const, rows_done: 0, rows_total: 500 };
      const entry = { adminId: null, sha256: sha256(csv), optionsHash: 'test', dryRun: false, progress: started };
      const id = await startImport(shop.database.db, entry);
      const progress = new ImportProgress(shop.database.db, id, true);
      const seen = await progress.during(() =>
        shop.database.db.transaction(async (tx) => {
          // The commit's own statements run on this connection meanwhile.
          await tx.select({ id: catalogueImports.id }).from(catalogueImports).where(eq(catalogueImports.id, id));
          await progress.report('writing', 250, 500);
          return progressOf(sha256(csv), false);
        }),
      );
      expect(seen).toEqual({ phase: 'writing', rows_done: 250, rows_total: 500 });
    },
  );

  it('does not take a dry run still running as answered: its commit is refused (409)', async () => {
    const csv = shopifyFile(1, 'c');
    const progress = { phase: 'checking' as const, rows_done: 0, rows_total: 5 };
    const entry = { adminId: null, sha256: sha256(csv), dryRun: true, progress };
    // The options' hash of a form without options, as the commit below sends it.
    for (const optionsHash of await optionHashes()) await startImport(shop.database.db, { ...entry, optionsHash });
    const response = await postImport(csv, false);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'DRY_RUN_FIRST' });
  });

  it('leaves nothing of a file refused whole: 404, and no dry run to commit after', async () => {
    const broken = Buffer.from([0x48, 0x61, 0x6e, 0x64, 0x6c, 0x65, 0x0a, 0xff, 0xfe]);
    expect((await postImport(broken, true)).statusCode).toBe(400);
    expect((await getProgress(sha256(broken), 'true')).statusCode).toBe(404);
    const rows = await shop.database.db
      .select()
      .from(catalogueImports)
      .where(eq(catalogueImports.sha256, sha256(broken)));
    expect(rows).toEqual([]);
  });

  it('lets staff read it; refuses a malformed hash (400) and a visitor (401)', async () => {
    const csv = shopifyFile(2, 'd');
    expectStatus(await postImport(csv, true), 200);
    const staff = await admin.staff(owner);
    expect((await getProgress(sha256(csv), 'true', staff.token)).statusCode).toBe(200);
    const bad = await getProgress('abc', 'true');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('64 hexadecimal digits');
    expect((await getProgress(sha256(csv), 'maybe')).statusCode).toBe(400);
    const visitor = await shop.app.inject({
      method: 'GET',
      url: `/admin/api/imports/progress?sha256=${sha256(csv)}&dry_run=true`,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

/** The options' hashes a commit without options could be sent with: the one `runImport` computes, found by a dry run. */
async function optionHashes(): Promise<string[]> {
  const probe = shopifyFile(1, 'probe');
  expectStatus(await postImport(probe, true), 200);
  const rows = await shop.database.db
    .select({ optionsHash: catalogueImports.optionsHash })
    .from(catalogueImports)
    .where(eq(catalogueImports.sha256, sha256(probe)));
  return rows.map((r) => r.optionsHash);
}
