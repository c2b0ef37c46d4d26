import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INFRASTRUCTURE_TABLES, TABLE_OWNERS } from '../../apps/api/src/modules/table-owners.ts';
import { READ_MODELS } from '../../apps/api/src/modules/table-readers.ts';
import { readProblems, readsIn } from './table-reads.mjs';
import { schemaTables } from './table-writes.mjs';

const root = resolve(import.meta.dirname, '../..');
const tables = schemaTables(root);
const problemsOf = (tree, readers = READ_MODELS) => readProblems(tree, TABLE_OWNERS, INFRASTRUCTURE_TABLES, readers);

describe('the reads found in a file', () => {
  it('sees drizzle reads and joins under a table, a renamed import and a schema namespace', () => {
    const source = [
      "import { orders, orderItems as lines, payments, schema, eq } from '@kapaas/db';",
      "import * as db from '@kapaas/db';",
      'await tx.select().from(orders).where(eq(orders.id, 1));',
      'await tx.select().from( lines ).innerJoin(payments, eq(payments.orderId, lines.orderId));',
      'await tx.select().from(schema.carts).leftJoin(db.users, eq(db.users.id, schema.carts.userId));',
      'const names = Array.from(orders); const bytes = Buffer.from(payments);',
    ].join('\n');
    expect(readsIn(source, tables).map((r) => [r.table, r.line, r.how])).toEqual([
      ['orders', 3, '.from()'],
      ['order_items', 4, '.from()'],
      ['payments', 4, '.innerJoin()'],
      ['carts', 5, '.from()'],
      ['users', 5, '.leftJoin()'],
    ]);
  });

  it('sees raw SQL reads, by name, interpolated, aliased and in a comma list, and not a delete or a comment', () => {
    const source = [
      "import { sql, coupons, productImages } from '@kapaas/db';",
      '/* SELECT * FROM orders is how it used to be done */',
      '// JOIN carts, in a comment',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal.
      'await tx.execute(sql`SELECT * FROM ${coupons} WHERE id = 1`);',
      'await tx.execute(sql`SELECT 1 FROM "order_events" e JOIN users u ON u.id = e.user_id`);',
      'await tx.execute(sql`DELETE FROM cart_items WHERE id = 1`);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal.
      'await tx.execute(sql`SELECT 1 FROM reviews, unnest(reviews.photos) AS p(url), ${productImages} AS pi`);',
      'await tx.execute(sql`SELECT EXTRACT(YEAR FROM created_at) FROM drizzle.__drizzle_migrations`);',
    ].join('\n');
    expect(readsIn(source, tables).map((r) => [r.table, r.line, r.how])).toEqual([
      ['coupons', 4, 'FROM'],
      ['order_events', 5, 'FROM'],
      ['users', 5, 'JOIN'],
      ['reviews', 7, 'FROM'],
    ]);
  });
});

describe('the read models on the real tree (ADR 043)', () => {
  const copies = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the schema and the apps' sources with `text` added at the end of one module file. */
  function probed(file, text) {
    const copy = mkdtempSync(join(tmpdir(), 'table-readers-'));
    copies.push(copy);
    for (const dir of ['packages/db/src/schema', 'apps/api/src', 'apps/storefront/src', 'apps/admin/src']) {
      cpSync(join(root, dir), join(copy, dir), { recursive: true });
    }
    const path = join(copy, 'apps/api/src/modules', file);
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n${text}\n`);
    return copy;
  }

  /** npm run check's boundary script on a tree: its exit code and what it printed. */
  function checkBoundaries(tree) {
    try {
      const out = execFileSync(process.execPath, [join(root, 'scripts/check-boundaries.mjs')], {
        stdio: 'pipe',
        env: { ...process.env, BOUNDARIES_ROOT: tree },
      });
      return { code: 0, output: out.toString() };
    } catch (failed) {
      return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
    }
  }

  const wishlistReadsPayments = [
    "import { payments as probePayments } from '@kapaas/db';",
    'export const probe = (db: Queryable) => db.select().from(probePayments);',
  ].join('\n');

  it("holds on the tree as it is: every read of another module's table is declared, and every declared one made", () => {
    expect(problemsOf(root)).toEqual([]);
  });

  it('fails when the wishlist reads payments, naming the file, the table and its owner', () => {
    const copy = probed('wishlist/wishlist.repository.ts', wishlistReadsPayments);
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^apps\/api\/src\/modules\/wishlist\/wishlist\.repository\.ts:\d+ reads payments \(\.from\(\)\) from module wishlist; its owner is module checkout: read it through checkout's index\.ts or declare a read model/,
      ),
    ]);
  });

  it('fails on a raw SQL read of an undeclared table too', () => {
    const copy = probed(
      'wishlist/wishlist.repository.ts',
      'export const probe = (db: Queryable) => db.execute(sql`SELECT count(*) FROM refunds r JOIN payments p ON p.id = r.payment_id`);',
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /wishlist\.repository\.ts:\d+ reads refunds \(FROM\) from module wishlist; its owner is module checkout/,
      ),
      expect.stringMatching(
        /wishlist\.repository\.ts:\d+ reads payments \(JOIN\) from module wishlist; its owner is module checkout/,
      ),
    ]);
  });

  it('passes once the read is declared as a read model', () => {
    const copy = probed('wishlist/wishlist.repository.ts', wishlistReadsPayments);
    const readers = {
      ...READ_MODELS,
      wishlist: { ...READ_MODELS.wishlist, 'paid for': { for: 'a probe', tables: ['payments'] } },
    };
    expect(problemsOf(copy, readers)).toEqual([]);
  });

  it('fails when a read model lists a table the module no longer reads', () => {
    const readers = {
      ...READ_MODELS,
      wishlist: { ...READ_MODELS.wishlist, 'stale model': { for: 'nothing', tables: ['refunds'] } },
    };
    expect(problemsOf(root, readers)).toEqual([
      `table-readers.ts: wishlist's "stale model" lists refunds, which module wishlist no longer reads`,
    ]);
  });

  it("fails on a module the map forgets, a module's own table, a table the schema lacks and a table listed twice", () => {
    const { search: _forgotten, ...forgetful } = READ_MODELS;
    expect(problemsOf(root, forgetful)).toEqual([
      'table-readers.ts has no entry for module search (write {} if it reads only its own tables)',
    ]);
    const wrong = {
      ...READ_MODELS,
      search: { odd: { for: 'a probe', tables: ['wishlist_items', 'basket', 'wishlist_items'] } },
    };
    expect(problemsOf(root, wrong)).toEqual(
      expect.arrayContaining([
        `table-readers.ts: search's "odd" names basket, which packages/db/src/schema lacks`,
        `table-readers.ts: search's "odd" names wishlist_items twice`,
        `table-readers.ts: search's "odd" lists wishlist_items, which module search no longer reads`,
      ]),
    );
    const own = { ...READ_MODELS, wishlist: { mine: { for: 'a probe', tables: ['wishlist_items'] } } };
    expect(problemsOf(root, own)).toContain(
      `table-readers.ts: wishlist's "mine" names wishlist_items, which module wishlist owns`,
    );
  });

  it("makes npm run check's boundary script fail on the wishlist probe, and pass on the tree as it is", () => {
    const { code, output } = checkBoundaries(probed('wishlist/wishlist.repository.ts', wishlistReadsPayments));
    expect(code).toBe(1);
    expect(output).toMatch(
      /wishlist\.repository\.ts:\d+ reads payments \(\.from\(\)\) from module wishlist; its owner is module checkout: read it through checkout's index\.ts or declare a read model/,
    );
    expect(checkBoundaries(root)).toEqual({
      code: 0,
      output: expect.stringContaining('every cross-module read is declared'),
    });
  });
});

describe('ADR 043, the read models record', () => {
  it('lists every module with exactly the read models, tables and purposes the map gives it', () => {
    const adr = readFileSync(join(root, 'docs/decisions/043-read-models-declared.md'), 'utf8');
    const rows = [...adr.matchAll(/^\| `([a-z-]+)` \| ([^|]+) \| ([^|]+) \|([^|]*)\|$/gm)].map(
      ([, module, model, listed, why]) => [
        module,
        model.trim(),
        [...listed.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]),
        why.trim(),
      ],
    );
    const expected = Object.entries(READ_MODELS).flatMap(([module, models]) => {
      const entries = Object.entries(models);
      if (entries.length === 0) return [[module, '—', [], '']];
      return entries.map(([model, { for: why, tables: listed }]) => [module, model, [...listed], why]);
    });
    expect(rows).toEqual(expected);
  });
});
