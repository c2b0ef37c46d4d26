import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { MIGRATIONS_FOLDER } from './migrate';
import { admin, withDatabase } from './testing';

/*
 * What the tests of one migration share: bring a fresh database to the migration before it, write rows as the code of
 * that time did, apply the rest, and check them, on PGlite and (when DATABASE_URL names a server) on PostgreSQL.
 */

/** A copy of the migrations folder that stops at `lastTag`, to migrate a database to that point. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kapaas-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

/** Migrates a fresh database up to and including the migration tagged `lastTag`. */
export async function migrateUpTo(handle: DatabaseHandle, lastTag: string): Promise<void> {
  const folder = await migrationsUpTo(lastTag);
  try {
    await migrateWith(handle, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Applies every migration not yet applied. */
export const migrateToLatest = (handle: DatabaseHandle) => migrateWith(handle, MIGRATIONS_FOLDER);

/** The rows of a query; both drivers answer { rows }. */
export async function rowsOf<Row>(handle: DatabaseHandle, query: Parameters<DatabaseHandle['db']['execute']>[0]) {
  return ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Runs `check` on a fresh PGlite database, and on a fresh PostgreSQL database named after `name` when DATABASE_URL
 * names a server.
 */
export function describeOnBothDatabases(
  title: string,
  name: string,
  check: (handle: DatabaseHandle) => Promise<void>,
): void {
  describe(title, () => {
    it('on PGlite', async () => {
      const handle = await openDatabase({ kind: 'pglite' });
      try {
        await check(handle);
      } finally {
        await handle.close();
      }
    });

    describe.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL', () => {
      const serverUrl = process.env.DATABASE_URL as string;
      const database = `kapaas_migration_${name}_${process.pid}`;
      let handle: DatabaseHandle;
      beforeAll(async () => {
        await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${database}`));
        handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, database), poolSize: 2 });
      });
      afterAll(async () => {
        await handle?.close();
        await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      });
      it('on PostgreSQL', () => check(handle));
    });
  });
}
