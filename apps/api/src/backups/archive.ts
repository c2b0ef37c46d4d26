import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createTarDecoder, createTarPacker, type TarPackController } from 'modern-tar';

/**
 * The backup file is a tar archive (ADR 037): small entries held in memory (its manifest), and files
 * copied from disk (the database snapshot, the pictures). Written and read one entry at a time, so a
 * shop's pictures are never all in memory.
 */

/** An entry to write: bytes in memory, or a file on disk that is copied (and left out if it is gone by then). */
export type ArchiveEntry = { name: string; content: Buffer } | { name: string; path: string };

/** What an archive holds of one kind: how many files, and their bytes. */
export interface Tally {
  files: number;
  bytes: number;
}

/** Opens `path` for reading; undefined when it no longer exists. */
async function openIfThere(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Adds one file from disk; answers its size, or undefined when it was removed before it could be read. */
async function addFile(controller: TarPackController, name: string, path: string): Promise<number | undefined> {
  const handle = await openIfThere(path);
  if (!handle) return undefined;
  try {
    const { size, mtime } = await handle.stat();
    const body = Writable.fromWeb(controller.add({ name, size, mtime, type: 'file', mode: 0o600 }));
    // Exactly the bytes the header announces: a file that grew meanwhile cannot spill into the next entry.
    const bytes = size > 0 ? handle.createReadStream({ start: 0, end: size - 1, autoClose: false }) : Readable.from([]);
    await pipeline(bytes, body);
    return size;
  } finally {
    await handle.close();
  }
}

async function addContent(controller: TarPackController, name: string, content: Buffer): Promise<number> {
  await pipeline(
    Readable.from([content]),
    Writable.fromWeb(controller.add({ name, size: content.length, mode: 0o600 })),
  );
  return content.length;
}

/**
 * Writes `entries` in order into a new tar archive at `path`. Answers, per top-level folder of the
 * entries' names (`media` for `media/uploads/…`), what was written.
 */
export async function writeArchive(
  path: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
): Promise<Map<string, Tally>> {
  const { readable, controller } = createTarPacker();
  const written = pipeline(Readable.fromWeb(readable), createWriteStream(path, { flush: true }));
  // Its failure is reported by the entry that caused it, or by the await below.
  written.catch(() => undefined);
  const tallies = new Map<string, Tally>();
  try {
    for await (const entry of entries) {
      const size =
        'content' in entry
          ? await addContent(controller, entry.name, entry.content)
          : await addFile(controller, entry.name, entry.path);
      if (size === undefined) continue;
      const top = entry.name.split('/')[0] ?? entry.name;
      const tally = tallies.get(top) ?? { files: 0, bytes: 0 };
      tallies.set(top, { files: tally.files + 1, bytes: tally.bytes + size });
    }
    controller.finalize();
  } catch (error) {
    controller.error(error);
    throw error;
  }
  await written;
  return tallies;
}

/** Every file under `folder`, as entries named `<as>/<its path below folder>`; nothing when the folder is missing. */
export async function* filesUnder(folder: string, as: string): AsyncGenerator<ArchiveEntry> {
  if (!existsSync(folder)) return;
  const found = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of found) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    yield { name: `${as}/${relative(folder, path).split(sep).join('/')}`, path };
  }
}

/** True when `folder` holds a file anywhere below it (empty subfolders do not count). */
export async function holdsFiles(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return false;
  const found = await readdir(folder, { recursive: true, withFileTypes: true });
  return found.some((entry) => !entry.isDirectory());
}

/** One file of an archive being read: its name, size, and its bytes, which the reader must consume. */
export interface ArchiveFile {
  name: string;
  size: number;
  body: Readable;
}

/**
 * Reads the archive at `path` one file at a time, in order, handing each to `onFile`, which must
 * consume its body before the next is read. A damaged archive (a bad header checksum, a cut-off
 * file) is an error.
 */
export async function readArchive(path: string, onFile: (file: ArchiveFile) => Promise<void>): Promise<void> {
  const decoder = createTarDecoder({ strict: true });
  const entries = (Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>).pipeThrough(decoder);
  for await (const entry of entries) {
    if (entry.header.type !== 'file') {
      await entry.body.cancel();
      continue;
    }
    await onFile({ name: entry.header.name, size: entry.header.size, body: Readable.fromWeb(entry.body) });
  }
}

/**
 * Where an archived file named `name` goes under `root`, for names under one of `folders`
 * (`media/uploads/x.webp` → `<root>/media/uploads/x.webp`); undefined for any other name, and for a
 * name that would land outside its folder (`media/../pglite/…`, an absolute path).
 */
export function placeUnder(root: string, name: string, folders: readonly string[]): string | undefined {
  const [top, ...rest] = name.split('/');
  if (!top || !folders.includes(top) || rest.length === 0 || rest.some((part) => part === '' || part === '..')) {
    return undefined;
  }
  const folder = resolve(root, top);
  const target = resolve(folder, ...rest);
  return target.startsWith(`${folder}${sep}`) ? target : undefined;
}

/** Writes an archived file's body to `target`, making its folders. */
export async function extractTo(file: ArchiveFile, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await pipeline(file.body, createWriteStream(target, { flags: 'wx' }));
}
