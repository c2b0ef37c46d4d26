#!/usr/bin/env node
// `node scripts/precompress.mjs <dir>`: writes `<file>.br` (brotli, best quality) and `<file>.gz`
// (gzip, level 9) next to every text file over 1 KB in the folder tree, for a static server that
// sends them as they are (@fastify/static `preCompressed: true`): a built file is compressed once,
// at its best, instead of on every request. A file whose compressed form is not smaller gets none
// (and loses one left by an earlier run). Idempotent: running it again writes nothing that is
// already there with the same bytes.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The extensions worth compressing: text the storefront is built into. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.xml', '.txt']);
/** Files smaller than this (bytes) are left alone, as the server leaves small answers. */
export const PRECOMPRESS_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The compressed forms of a file's bytes, by the suffix they are written under. */
function compressors(size) {
  return {
    '.br': (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
    '.gz': (bytes) => gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  };
}

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.has(extname(entry.name).toLowerCase())) yield path;
  }
}

async function readIfThere(path) {
  try {
    return await readFile(path);
  } catch (error) {
    if (error?.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes (or removes) one file's compressed form; says what it did. */
async function compressOne(path, bytes, suffix, compress) {
  const target = `${path}${suffix}`;
  const compressed = bytes.length > PRECOMPRESS_THRESHOLD ? await compress(bytes) : undefined;
  const existing = await readIfThere(target);
  if (compressed === undefined || compressed.length >= bytes.length) {
    if (existing === undefined) return 'skipped';
    await rm(target);
    return 'removed';
  }
  if (existing?.equals(compressed)) return 'unchanged';
  await writeFile(target, compressed);
  return 'written';
}

/**
 * Compresses every text file over PRECOMPRESS_THRESHOLD bytes under `dir`. Answers, for each
 * compressed file written, removed, left unchanged or skipped, its path relative to `dir`.
 */
export async function precompress(dir) {
  const root = resolve(dir);
  const report = { written: [], unchanged: [], removed: [], skipped: [] };
  for await (const path of textFiles(root)) {
    const bytes = await readFile(path);
    const done = await Promise.all(
      Object.entries(compressors(bytes.length)).map(async ([suffix, compress]) => [
        suffix,
        await compressOne(path, bytes, suffix, compress),
      ]),
    );
    for (const [suffix, outcome] of done) report[outcome].push(relative(root, `${path}${suffix}`));
  }
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs <dir>');
    process.exit(2);
  }
  const report = await precompress(dir);
  console.log(
    `precompress ${dir}: ${report.written.length} written, ${report.unchanged.length} unchanged, ` +
      `${report.removed.length} removed, ${report.skipped.length} not worth it`,
  );
}
