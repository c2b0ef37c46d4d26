import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INFRASTRUCTURE_TABLES, TABLE_OWNERS } from '../../apps/api/src/modules/table-owners.ts';
import { ownershipProblems, schemaTables, writesIn } from './table-writes.mjs';

const root = resolve(import.meta.dirname, '../..');
const tables = schemaTables(root);

describe('the writes found in a file', () => {
  it('sees drizzle writes under a table, a renamed import and a schema namespace', () => {
    const source = [
      "import { orders, orderEvents as events, schema, eq } from '@kapaas/db';",
      "import * as db from '@kapaas/db';",
      'await tx.update(orders).set({ status });',
      'await tx.insert( events ).values(row);',
      'await tx.delete(schema.carts).where(eq(schema.carts.id, 1));',
      'await tx.delete(db.wishlistItems);',
      'hash.update(password); list.delete(key);',
    ].join('\n');
    expect(writesIn(source, tables).map((w) => [w.table, w.line])).toEqual([
      ['orders', 3],
      ['order_events', 4],
      ['carts', 5],
      ['wishlist_items', 6],
    ]);
  });

  it('sees raw SQL writes, by name or interpolated, and not a read, a lock or a comment', () => {
    const source = [
      "import { sql, coupons } from '@kapaas/db';",
      '/* UPDATE orders SET status = 1 is how it used to be done */',
      '// DELETE FROM carts, in a comment',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal.
      'await tx.execute(sql`UPDATE ${coupons} SET used = used + 1`);',
      'await tx.execute(sql`INSERT INTO "order_events" (order_id) VALUES (1)`);',
      'await tx.execute(sql`DELETE FROM cart_items WHERE id = 1`);',
      'await tx.execute(sql`SELECT * FROM orders FOR UPDATE SKIP LOCKED`);',
      'await tx.execute(sql`INSERT INTO payments VALUES (1) ON CONFLICT DO UPDATE SET a = 1`);',
    ].join('\n');
    expect(writesIn(source, tables).map((w) => [w.table, w.line, w.how])).toEqual([
      ['coupons', 4, 'UPDATE'],
      ['order_events', 5, 'INSERT INTO'],
      ['cart_items', 6, 'DELETE FROM'],
      ['payments', 8, 'INSERT INTO'],
    ]);
  });

  it("sees every table a generic resource's typed variable stands for", () => {
    const source = [
      "import { patterns, genders } from '@kapaas/db';",
      'function namedResource(path: string, table: typeof patterns | typeof genders) {',
      '  return { run: (tx) => tx.insert(table).values({}) };',
      '}',
    ].join('\n');
    expect(writesIn(source, tables).map((w) => w.table)).toEqual(['patterns', 'genders']);
  });
});

describe('the table owners on the real tree', () => {
  const copies = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the schema and the apps' sources, which a probe may change without touching the working tree. */
  function copyOfTheTree() {
    const copy = mkdtempSync(join(tmpdir(), 'table-owners-'));
    copies.push(copy);
    for (const dir of ['packages/db/src/schema', 'apps/api/src', 'apps/storefront/src', 'apps/admin/src']) {
      cpSync(join(root, dir), join(copy, dir), { recursive: true });
    }
    return copy;
  }

  it('holds on the tree as it is: every table has one owner, and no module writes what it does not own', () => {
    expect(ownershipProblems(root, TABLE_OWNERS, INFRASTRUCTURE_TABLES)).toEqual([]);
  });

  it("fails on the issue's probe, db.update(orders) in the wishlist's repository, naming orders and its owner", () => {
    const copy = copyOfTheTree();
    const file = join(copy, 'apps/api/src/modules/wishlist/wishlist.repository.ts');
    const probe = [
      "import { orders as probeOrders } from '@kapaas/db';",
      readFileSync(file, 'utf8'),
      'export const probe = (db: Queryable) => db.update(probeOrders).set({ status: "cancelled" });',
    ].join('\n');
    writeFileSync(file, probe);
    expect(ownershipProblems(copy, TABLE_OWNERS, INFRASTRUCTURE_TABLES)).toEqual([
      expect.stringMatching(
        /^apps\/api\/src\/modules\/wishlist\/wishlist\.repository\.ts:\d+ writes orders \(\.update\(\)\) from module wishlist; its owner is module orders/,
      ),
    ]);
  });

  it('fails on a table the map forgets, and on one given two owners', () => {
    const { orders: _dropped, ...forgetful } = TABLE_OWNERS;
    const doubled = { ...TABLE_OWNERS, cart: [...TABLE_OWNERS.cart, 'orders'] };
    expect(ownershipProblems(root, forgetful, INFRASTRUCTURE_TABLES)).toContain(
      'table orders has no owner in table-owners.ts',
    );
    expect(ownershipProblems(root, doubled, INFRASTRUCTURE_TABLES)).toContain(
      'table-owners.ts gives orders two owners: module cart and module orders',
    );
  });

  /** Runs npm run check's boundary script on a tree: its exit code and what it printed. */
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

  it("is part of npm run check's boundary script, which passes on the tree as it is", () => {
    expect(checkBoundaries(root)).toEqual({ code: 0, output: expect.stringContaining('written by its owner alone') });
  });

  it("makes npm run check's boundary script fail on the probe, naming orders and its owner", () => {
    const copy = copyOfTheTree();
    const file = join(copy, 'apps/api/src/modules/wishlist/wishlist.repository.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const probe = (db: Queryable) => db.update(orders);\n`);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "from '@kapaas/db';",
        "from '@kapaas/db';\nimport { orders } from '@kapaas/db';",
      ),
    );
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toMatch(
      /wishlist\.repository\.ts:\d+ writes orders \(\.update\(\)\) from module wishlist; its owner is module orders/,
    );
  });

  it('fails when lib/, the ground floor, imports a module above it', () => {
    const copy = copyOfTheTree();
    const file = join(copy, 'apps/api/src/lib/deps.ts');
    writeFileSync(file, `import type { Payments } from '../modules/razorpay';\n${readFileSync(file, 'utf8')}`);
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toContain('apps/api/src/lib/deps.ts imports ../modules/razorpay (lib/ is below the modules');
  });
});

describe("the API's floors: lib/, then plugins/, then the modules, then app.ts (ADR 041)", () => {
  const copies = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the tree with `text` put at the top (or, with `atEnd`, the end) of one API file. */
  function probed(file, text, atEnd = false) {
    const copy = mkdtempSync(join(tmpdir(), 'api-floors-'));
    copies.push(copy);
    for (const dir of ['packages/db/src/schema', 'apps/api/src', 'apps/storefront/src', 'apps/admin/src']) {
      cpSync(join(root, dir), join(copy, dir), { recursive: true });
    }
    const path = join(copy, 'apps/api/src', file);
    const source = readFileSync(path, 'utf8');
    writeFileSync(path, atEnd ? `${source}\n${text}\n` : `${text}\n${source}`);
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

  it('fails when a plugin imports a module above it', () => {
    const copy = probed('plugins/no-store.ts', "import { queueCartReminders } from '../modules/cart';");
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toContain(
      'apps/api/src/plugins/no-store.ts imports ../modules/cart (plugins/ is below the modules: invert the dependency)',
    );
  });

  it('fails when lib/ imports a plugin, even for a type only', () => {
    const copy = probed('lib/money.ts', "import type { ShopMetrics } from '../plugins/metrics';");
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toContain('apps/api/src/lib/money.ts imports ../plugins/metrics (lib/ is below plugins/');
  });

  it("fails when lib/ or a plugin writes a module's table, naming the table and its owner", () => {
    const probe = [
      "import { sessions as probeSessions } from '@kapaas/db';",
      'export const probe = (db: Queryable) => db.delete(probeSessions);',
    ].join('\n');
    for (const file of ['lib/money.ts', 'plugins/no-store.ts']) {
      const copy = probed(file, probe, true);
      const layer = file.split('/')[0];
      expect(ownershipProblems(copy, TABLE_OWNERS, INFRASTRUCTURE_TABLES)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^apps/api/src/${file.replace('.', '\\.')}:\\d+ writes sessions \\(\\.delete\\(\\)\\) from ${layer}/, ` +
              'below the modules; its owner is module identity',
          ),
        ),
      ]);
    }
  });

  it('fails when code below the modules writes an infrastructure table another file owns', () => {
    const copy = probed(
      'plugins/no-store.ts',
      "import { rateLimitCounters } from '@kapaas/db';\nexport const probe = (db: Queryable) => db.delete(rateLimitCounters);",
      true,
    );
    const { code, output } = checkBoundaries(copy);
    expect(code).toBe(1);
    expect(output).toMatch(
      /apps\/api\/src\/plugins\/no-store\.ts:\d+ writes rate_limit_counters \(\.delete\(\)\) from plugins\/; its owner is lib\/rate-limit\.ts/,
    );
  });

  it('holds on the tree as it is', () => {
    expect(checkBoundaries(root)).toEqual({ code: 0, output: expect.stringContaining('Import boundaries hold') });
  });
});

describe('ADR 039, the module → tables record', () => {
  it('gives every module of apps/api/src/modules an entry in the map, and nothing else', () => {
    const modules = readdirSync(join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(modules.sort());
  });

  it('lists every module of apps/api/src/modules with exactly the tables the map gives it', () => {
    const adr = readFileSync(join(root, 'docs/decisions/039-table-owners-checked.md'), 'utf8');
    const rows = [...adr.matchAll(/^\| `([a-z-]+)` \| ([^|]*) \|/gm)].map(([, module, written]) => [
      module,
      [...written.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]),
    ]);
    const expected = Object.entries(TABLE_OWNERS).map(([module, owned]) => [module, [...owned]]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});
