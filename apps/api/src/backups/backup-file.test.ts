import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ArchiveEntry, placeUnder, readArchive, writeArchive } from './archive';
import { PICTURE_FOLDERS, restore } from './backup-file';
import { BackupError } from './backups';

/**
 * What `npm run restore` refuses (ADR 037), checked on archives written here: each refusal is a
 * BackupError with a message naming the reason, and leaves the target as it was. The whole backup
 * and restore of a running shop, on both databases, is test/backup.test.ts and backup.pg.test.ts.
 */
let folder: string;
let target: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'kapaas-backup-file-'));
  target = join(folder, 'target');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const manifest = (database: 'pglite' | 'postgres' = 'pglite'): ArchiveEntry => ({
  name: 'kapaas-backup.json',
  content: Buffer.from(JSON.stringify({ kapaas_backup: 2, database, taken_at: new Date().toISOString() })),
});
/** Never loaded: every case below is refused before the database would be. */
const snapshot: ArchiveEntry = { name: 'database.tar.gz', content: gzipSync(Buffer.from('a snapshot')) };
const picture = (name: string, bytes = 1000): ArchiveEntry => ({ name, content: Buffer.alloc(bytes, 7) });

async function archive(entries: ArchiveEntry[]): Promise<string> {
  const path = join(folder, 'shop.tar');
  await writeArchive(path, entries);
  return path;
}

async function refusal(file: string): Promise<string> {
  const error = await restore(file, { dataDir: target }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BackupError);
  // Nothing was written: no database folder, no picture.
  expect(existsSync(join(target, 'pglite'))).toBe(false);
  expect(existsSync(join(target, 'media', 'uploads', 'b.webp'))).toBe(false);
  return (error as Error).message;
}

describe('npm run restore refuses, and changes nothing', () => {
  it('a backup holding a file that would land outside the picture folders', async () => {
    const file = await archive([
      manifest(),
      snapshot,
      picture('media/uploads/b.webp'),
      picture('media/../pglite/PG_VERSION'),
    ]);
    expect(await refusal(file)).toMatch(/holds a file a backup does not: media\/\.\.\/pglite\/PG_VERSION/);
  });

  it('a backup cut off part-way through its pictures', async () => {
    const file = await archive([manifest(), snapshot, picture('media/uploads/b.webp', 100_000)]);
    await truncate(file, (await stat(file)).size - 60_000);
    expect(await refusal(file)).toMatch(/is damaged or incomplete/);
  });

  it('a target whose media folder holds a picture already', async () => {
    const file = await archive([manifest(), snapshot, picture('media/uploads/b.webp')]);
    await mkdir(join(target, 'media', 'uploads'), { recursive: true });
    await writeFile(join(target, 'media', 'uploads', 'a.webp'), 'kept');
    expect(await refusal(file)).toMatch(/media is not empty: restore into an empty DATA_DIR/);
    expect(await readFile(join(target, 'media', 'uploads', 'a.webp'), 'utf8')).toBe('kept');
  });

  it('a backup of PostgreSQL restored into DATA_DIR, and a file that is no backup', async () => {
    const postgres = await archive([manifest('postgres'), { name: 'database.pgdump', content: Buffer.from('PGDMP') }]);
    expect(await refusal(postgres)).toMatch(/holds a PostgreSQL database: set DATABASE_URL/);
    const other = join(folder, 'notes.txt');
    await writeFile(other, 'not a backup at all');
    expect(await refusal(other)).toMatch(/is not a backup written by npm run backup/);
  });

  it('a backup whose database snapshot is no database', async () => {
    const file = await archive([manifest(), snapshot, picture('media/uploads/b.webp')]);
    expect(await refusal(file)).toMatch(/holds no usable snapshot of the embedded database/);
  });

  it('a backup without its database', async () => {
    expect(await refusal(await archive([manifest(), picture('media/uploads/b.webp')]))).toMatch(
      /holds a file a backup does not/,
    );
    expect(await refusal(await archive([manifest()]))).toMatch(/holds no database/);
  });
});

describe('the backup archive', () => {
  it('leaves out a picture removed before it was copied, and stays whole', async () => {
    const path = join(folder, 'shop.tar');
    const kept = join(folder, 'kept.webp');
    await writeFile(kept, 'kept');
    const tallies = await writeArchive(path, [
      manifest(),
      { name: 'media/uploads/gone.webp', path: join(folder, 'gone.webp') },
      { name: 'media/uploads/kept.webp', path: kept },
    ]);
    expect(tallies.get('media')).toEqual({ files: 1, bytes: 4 });
    const names: string[] = [];
    await readArchive(path, async (file) => {
      names.push(file.name);
      file.body.resume();
    });
    expect(names).toEqual(['kapaas-backup.json', 'media/uploads/kept.webp']);
  });

  it('places a file only inside a picture folder, whatever its name', () => {
    const root = resolve(folder, 'data');
    expect(placeUnder(root, 'media/uploads/a.webp', PICTURE_FOLDERS)).toBe(join(root, 'media', 'uploads', 'a.webp'));
    expect(placeUnder(root, 'private/photos/a.webp', PICTURE_FOLDERS)).toBe(join(root, 'private', 'photos', 'a.webp'));
    for (const name of ['pglite/PG_VERSION', 'media', 'media/', '/etc/passwd', 'media/a/../../x', 'media//a']) {
      expect(placeUnder(root, name, PICTURE_FOLDERS), name).toBeUndefined();
    }
    const segment = fc.oneof(fc.constantFrom('..', '.', '', 'media', 'private', 'pglite', '/', '\\'), fc.string());
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (parts) => {
        const placed = placeUnder(root, parts.join('/'), PICTURE_FOLDERS);
        return (
          placed === undefined ||
          PICTURE_FOLDERS.some((picturesFolder) => placed.startsWith(`${join(root, picturesFolder)}${sep}`))
        );
      }),
    );
  });
});
