import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { type DatabaseHandle, DataDirLockedError, openDatabase, sql } from '@kapaas/db';

/**
 * Snapshots and loads of the shop's database (ADR 017); backup-file.ts puts a snapshot and the
 * pictures into one backup file. The embedded database is backed up by the process that has it
 * open, through a Unix socket in DATA_DIR: PGlite serves one process, so no second process may open
 * a folder the shop is running on. PostgreSQL is backed up with pg_dump in its custom format.
 */

/** What the running shop answers first on the backup socket, before the gzipped tarball. */
const READY = 'KAPAAS-BACKUP 1\n';
/** A PGlite backup is a gzipped tarball; these are gzip's first two bytes. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** pg_dump's custom format starts with these bytes. */
const PGDMP_MAGIC = Buffer.from('PGDMP');

/** Where the running shop listens for backup requests: next to the database folder, not inside it. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'backup.sock');
}

/** The embedded database's folder under DATA_DIR, as the shop opens it. */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** Thrown for a backup or restore that cannot be done; its message says why and what to do. */
export class BackupError extends Error {}

/**
 * Writes a consistent snapshot of an open PGlite database to `out` as a gzipped tarball. A
 * CHECKPOINT first flushes the shared buffers, then PGlite copies the data folder while holding its
 * query lock, so no statement writes during the copy: the copy is what a crash at that instant
 * would leave, which PostgreSQL's recovery turns into the last committed state.
 */
export async function dumpPglite(database: DatabaseHandle, out: NodeJS.WritableStream): Promise<void> {
  await database.db.execute(sql`CHECKPOINT`);
  const tarball = await database.dumpDataDir();
  await pipeline(Readable.fromWeb(tarball.stream()), createGzip(), out);
}

/**
 * Lets a backup of the running embedded database be taken by this process: every connection to
 * the socket receives READY and a snapshot, then the socket closes. Only the shop's own OS user
 * can connect (mode 0600). Answers a function that stops listening and removes the socket.
 */
export async function serveBackups(
  database: DatabaseHandle,
  dataDir: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const path = backupSocketPath(dataDir);
  // A socket left by a process that was killed answers nobody; the folder is ours now.
  if (existsSync(path) && !(await answers(path))) await unlink(path);
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.write(READY);
    log.info({}, 'backup requested: writing a snapshot of the embedded database');
    dumpPglite(database, socket).then(
      () => log.info({}, 'backup written'),
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        socket.destroy();
      },
    );
  });
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => done());
    });
    await chmod(path, 0o600);
  } catch (err) {
    // The shop runs on; only `npm run backup` of it running is unavailable (a Unix socket's path
    // is limited to 107 bytes, so a DATA_DIR deep in the tree can be too long).
    log.error({ err, path }, 'cannot listen for backups: npm run backup will not work while the shop runs');
    return async () => undefined;
  }
  return () => closeServer(server, path);
}

async function closeServer(server: Server, path: string): Promise<void> {
  await new Promise<void>((done) => server.close(() => done()));
  await rm(path, { force: true });
}

/** True when a process is listening on the socket at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Connects to the running shop's backup socket; answers undefined only when no shop is listening
 * there (no socket, or one left by a process that ended). Any other failure, a socket of another
 * OS user say, is an error: it does not mean the folder is free to open.
 */
function connectToShop(path: string): Promise<Socket | undefined> {
  return new Promise((done, fail) => {
    const socket = connect(path);
    socket.once('connect', () => done(socket));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
        ? done(undefined)
        : fail(new BackupError(`Cannot reach the shop's backup socket ${path}: ${error.message}`)),
    );
  });
}

/** Has `fill` write `file` under a temporary name, so a failed backup never looks like a finished one. */
export async function writeAtomically(file: string, fill: (path: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await fill(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
}

/** Reads what the shop sends on the backup socket: the header, then a whole gzipped snapshot. */
async function receiveSnapshot(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const answer = Buffer.concat(chunks);
  if (!answer.subarray(0, READY.length).equals(Buffer.from(READY))) {
    throw new BackupError('The shop did not send a backup; its log says why.');
  }
  const snapshot = answer.subarray(READY.length);
  try {
    gunzipSync(snapshot);
  } catch {
    throw new BackupError('The snapshot the shop sent is incomplete; its log says why.');
  }
  return snapshot;
}

/**
 * Writes a snapshot of the embedded database under `dataDir` to `file` (a gzipped tarball): through
 * the running shop when one is listening, or by opening the folder itself when none is (the
 * folder's lock, where there is one, keeps a shop from starting on it meanwhile). Answers how it
 * was taken.
 */
export async function snapshotPglite(dataDir: string, file: string): Promise<'running shop' | 'stopped shop'> {
  const socket = await connectToShop(backupSocketPath(dataDir));
  if (socket) {
    const snapshot = await receiveSnapshot(socket);
    await writeFile(file, snapshot, { flush: true });
    return 'running shop';
  }
  const folder = pgliteFolder(dataDir);
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${folder}.`);
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    await dumpPglite(database, createWriteStream(file, { flush: true }));
  } finally {
    await database.close();
  }
  return 'stopped shop';
}

/** Refuses a DATA_DIR whose embedded database folder holds anything. */
export function refuseFilledPglite(dataDir: string): void {
  const folder = pgliteFolder(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: restore into an empty DATA_DIR, or move this one away first.`);
  }
}

/** True when `bytes` begin as a gzip stream does, as a snapshot of the embedded database does. */
export function isGzip(bytes: Buffer): boolean {
  return bytes.subarray(0, 2).equals(GZIP_MAGIC);
}

/**
 * Loads a snapshot of the embedded database (a gzipped tarball) into DATA_DIR, whose database
 * folder must be empty; answers the number of orders it holds. `file` names the backup in messages.
 */
export async function loadPglite(snapshot: Buffer, dataDir: string, file: string): Promise<number> {
  refuseFilledPglite(dataDir);
  let tarball: Buffer;
  try {
    tarball = gunzipSync(snapshot);
  } catch {
    throw new BackupError(`${file} holds a damaged snapshot of the embedded database.`);
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(dataDir), loadDataDir: new Blob([tarball]) });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(error.message);
    // The folder was empty or missing before, and is ours (locked): what the failed start left in it goes.
    await rm(pgliteFolder(dataDir), { recursive: true, force: true });
    throw new BackupError(`${file} holds no usable snapshot of the embedded database: ${(error as Error).message}`);
  }
  try {
    return await ordersIn(database, file);
  } finally {
    await database.close();
  }
}

/** Runs a `SELECT count(*)::int AS n …` on either engine (both drivers answer `{ rows }`). */
async function countOf(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** The number of orders a restored database holds; a database without the shop's tables is refused. */
async function ordersIn(database: DatabaseHandle, file: string): Promise<number> {
  const shop = await countOf(database, sql`SELECT (to_regclass('public.orders') IS NOT NULL)::int AS n`);
  if (shop === 0) throw new BackupError(`${file} was restored, but it holds no Kapaas shop (it has no orders table).`);
  return countOf(database, sql`SELECT count(*)::int AS n FROM orders`);
}

/** The newest PostgreSQL client tool of Debian's packages, or the one on PATH. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(join(base, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(base, versions[0], 'bin', name) : name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => fail(new BackupError(`${command} could not be run: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Dumps a PostgreSQL database into `file` with pg_dump's custom format: one consistent snapshot while the shop runs. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  await run(postgresTool('pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
}

/** True when `bytes` begin as pg_dump's custom format does. */
export function isPgDump(bytes: Buffer): boolean {
  return bytes.subarray(0, PGDMP_MAGIC.length).equals(PGDMP_MAGIC);
}

/** Refuses a PostgreSQL database that holds any table of its own. */
export async function refuseFilledPostgres(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const count = await countOf(
      database,
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (count > 0) {
      throw new BackupError(
        `The database has ${count} tables already: restore into an empty database (createdb a new one).`,
      );
    }
  } finally {
    await database.close();
  }
}

/**
 * Restores a pg_dump file (`dump`) into an empty PostgreSQL database; answers the number of orders it
 * holds. `file` names the backup in messages.
 */
export async function loadPgDump(dump: string, url: string, file: string): Promise<number> {
  await refuseFilledPostgres(url);
  await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, dump]);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return await ordersIn(database, file);
  } finally {
    await database.close();
  }
}
