import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  type ArchiveFile,
  extractTo,
  filesUnder,
  holdsFiles,
  placeUnder,
  readArchive,
  type Tally,
  writeArchive,
} from './archive';
import {
  BackupError,
  dumpPostgres,
  isGzip,
  isPgDump,
  loadPgDump,
  loadPglite,
  refuseFilledPglite,
  refuseFilledPostgres,
  snapshotPglite,
  writeAtomically,
} from './backups';

/**
 * One backup file for the whole shop (ADR 037): a tar archive holding a manifest, the database's
 * snapshot, and the pictures of DATA_DIR/media and DATA_DIR/private, copied after the snapshot.
 * Uploaded pictures are written once under the hash of their content and never rewritten, so every
 * picture the snapshot names is already on disk, as it was, when the copy starts: the copy taken
 * afterwards is consistent with the snapshot. A picture uploaded meanwhile comes along unused.
 */

/** The folders of DATA_DIR a backup holds besides the database: public pictures, and shoppers' private photos. */
export const PICTURE_FOLDERS = ['media', 'private'] as const;
const MANIFEST = 'kapaas-backup.json';
const DATABASE_ENTRY = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

const Manifest = z.object({
  kapaas_backup: z.literal(2),
  database: z.enum(['pglite', 'postgres']),
  taken_at: z.string(),
});

/** Where a shop keeps its data: DATA_DIR always, and a PostgreSQL database when DATABASE_URL is set. */
export interface ShopPlace {
  dataDir: string;
  databaseUrl?: string;
}

export interface BackupSummary {
  /** How the database's snapshot was taken. */
  database: 'running shop' | 'stopped shop' | 'PostgreSQL';
  /** The picture files copied. */
  pictures: Tally;
}

/** Backs up the shop at `place` into `file`: the database's snapshot first, then its pictures. */
export async function backup(place: ShopPlace, file: string): Promise<BackupSummary> {
  await mkdir(dirname(file), { recursive: true });
  // The snapshot is taken into a folder beside the backup (the same disk), then copied into it.
  const work = await mkdtemp(join(dirname(file), '.kapaas-backup-'));
  try {
    const kind = place.databaseUrl ? 'postgres' : 'pglite';
    const snapshot = join(work, DATABASE_ENTRY[kind]);
    const database = place.databaseUrl
      ? await dumpPostgres(place.databaseUrl, snapshot).then(() => 'PostgreSQL' as const)
      : await snapshotPglite(place.dataDir, snapshot);
    const manifest = { kapaas_backup: 2, database: kind, taken_at: new Date().toISOString() };
    async function* entries() {
      yield { name: MANIFEST, content: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
      yield { name: DATABASE_ENTRY[kind], path: snapshot };
      for (const folder of PICTURE_FOLDERS) yield* filesUnder(join(place.dataDir, folder), folder);
    }
    let tallies = new Map<string, Tally>();
    await writeAtomically(file, async (partial) => {
      tallies = await writeArchive(partial, entries());
    });
    const pictures = { files: 0, bytes: 0 };
    for (const folder of PICTURE_FOLDERS) {
      pictures.files += tallies.get(folder)?.files ?? 0;
      pictures.bytes += tallies.get(folder)?.bytes ?? 0;
    }
    return { database, pictures };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface RestoreSummary {
  orders: number;
  /** The picture files restored; undefined for a backup of the database alone (written before backups held pictures). */
  pictures: Tally | undefined;
}

/** What a file is, by its first bytes: a whole backup, or a database-only backup of either engine from before. */
async function kindOf(file: string): Promise<'archive' | 'pglite' | 'postgres' | undefined> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(512);
  await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'archive';
  if (isGzip(head)) return 'pglite';
  if (isPgDump(head)) return 'postgres';
  return undefined;
}

/** Refuses a target that holds anything: its database, or a picture folder with a file in it. */
async function refuseFilled(place: ShopPlace): Promise<void> {
  if (place.databaseUrl) await refuseFilledPostgres(place.databaseUrl);
  else refuseFilledPglite(place.dataDir);
  for (const folder of PICTURE_FOLDERS) {
    if (await holdsFiles(join(place.dataDir, folder))) {
      throw new BackupError(
        `${join(place.dataDir, folder)} is not empty: restore into an empty DATA_DIR, or move this one away first.`,
      );
    }
  }
}

/**
 * Loads the backup `file` into `place`, which must be empty: a PostgreSQL backup into the database
 * at DATABASE_URL, an embedded one into DATA_DIR, and the pictures into DATA_DIR either way.
 */
export async function restore(file: string, place: ShopPlace): Promise<RestoreSummary> {
  const kind = await kindOf(file);
  if (kind === 'archive') return restoreArchive(file, place);
  if (kind === 'pglite' && !place.databaseUrl) {
    return { orders: await loadPglite(await readFile(file), place.dataDir, file), pictures: undefined };
  }
  if (kind === 'postgres' && place.databaseUrl) {
    return { orders: await loadPgDump(file, place.databaseUrl, file), pictures: undefined };
  }
  if (kind) throw new BackupError(wrongEngine(file, kind));
  throw new BackupError(`${file} is not a backup written by npm run backup.`);
}

function wrongEngine(file: string, kind: 'pglite' | 'postgres'): string {
  return kind === 'postgres'
    ? `${file} holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.`
    : `${file} holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`;
}

/**
 * Reads the whole archive once without writing anything: its manifest (first), its database
 * (second), and every other file's name, which must land inside a picture folder. A damaged,
 * cut-off or hostile file is refused here, before the target is touched.
 */
async function checkArchive(file: string, place: ShopPlace): Promise<z.infer<typeof Manifest>> {
  let manifest: z.infer<typeof Manifest> | undefined;
  let database = false;
  try {
    await readArchive(file, async (entry) => {
      if (!manifest) manifest = await readManifest(entry, file, place);
      else if (!database && entry.name === DATABASE_ENTRY[manifest.database]) database = true;
      else if (!database || !placeUnder(place.dataDir, entry.name, PICTURE_FOLDERS)) {
        throw new BackupError(`${file} holds a file a backup does not: ${entry.name}`);
      }
      entry.body.resume();
      await finished(entry.body);
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged or incomplete: ${(error as Error).message}`);
  }
  if (!manifest || !database) throw new BackupError(`${file} is incomplete: it holds no database.`);
  return manifest;
}

/** Restores a whole backup, once checked: the database first, then the pictures, in the archive's order. */
async function restoreArchive(file: string, place: ShopPlace): Promise<RestoreSummary> {
  const manifest = await checkArchive(file, place);
  await refuseFilled(place);
  let orders: number | undefined;
  const pictures = { files: 0, bytes: 0 };
  await readArchive(file, async (entry) => {
    const target = placeUnder(place.dataDir, entry.name, PICTURE_FOLDERS);
    if (entry.name === DATABASE_ENTRY[manifest.database]) {
      orders = await loadDatabase(entry, manifest.database, place, file);
    } else if (target) {
      await extractTo(entry, target);
      pictures.files += 1;
      pictures.bytes += entry.size;
    } else {
      // The manifest, read already.
      entry.body.resume();
      await finished(entry.body);
    }
  });
  return { orders: orders ?? 0, pictures };
}

/** Everything a readable stream holds, in memory (a manifest; an embedded database's snapshot). */
async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads the backup's manifest (its first file), and refuses a backup of the other engine than the target's. */
async function readManifest(entry: ArchiveFile, file: string, place: ShopPlace) {
  const manifest =
    entry.name === MANIFEST ? Manifest.safeParse(jsonOf((await bytesOf(entry.body)).toString('utf8'))) : undefined;
  if (!manifest?.success) throw new BackupError(`${file} is not a backup written by npm run backup.`);
  const target = place.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.data.database !== target) throw new BackupError(wrongEngine(file, manifest.data.database));
  return manifest.data;
}

/** Loads the archive's database entry into the target: in memory for PGlite, through a file for pg_restore. */
async function loadDatabase(entry: ArchiveFile, kind: 'pglite' | 'postgres', place: ShopPlace, file: string) {
  if (kind === 'pglite' || !place.databaseUrl) {
    return loadPglite(await bytesOf(entry.body), place.dataDir, file);
  }
  const work = await mkdtemp(join(dirname(file), '.kapaas-restore-'));
  try {
    const dump = join(work, DATABASE_ENTRY.postgres);
    await pipeline(entry.body, createWriteStream(dump));
    return await loadPgDump(dump, place.databaseUrl, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
