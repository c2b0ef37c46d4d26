import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/precompress.mjs');
const run = (dir: string) => promisify(execFile)(process.execPath, [SCRIPT, dir]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kapaas-precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function files(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

const bundle = Buffer.from('export const card = (p) => "<li class=card>" + p.name + "</li>";\n'.repeat(100));
const page = Buffer.from(
  `<!doctype html><html><body>${'<p>Organic cotton for little ones.</p>'.repeat(60)}</body></html>`,
);

describe('scripts/precompress.mjs', () => {
  it('writes .br and .gz beside text files over 1 KB, in every folder, decoding to the file', async () => {
    await mkdir(join(dir, 'assets/nested'), { recursive: true });
    await writeFile(join(dir, 'assets/nested/app-1a2b.js'), bundle);
    await writeFile(join(dir, 'index.html'), page);
    await writeFile(join(dir, 'assets/tiny.css'), 'a{color:red}');
    await writeFile(join(dir, 'assets/photo.webp'), randomBytes(4096));
    // Text by its name, but noise: compressing it makes it bigger.
    await writeFile(join(dir, 'noise.txt'), randomBytes(4096));
    await run(dir);
    expect(await files(dir)).toEqual([
      'assets/nested/app-1a2b.js',
      'assets/nested/app-1a2b.js.br',
      'assets/nested/app-1a2b.js.gz',
      'assets/photo.webp',
      'assets/tiny.css',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'noise.txt',
    ]);
    for (const name of ['assets/nested/app-1a2b.js', 'index.html']) {
      const original = await readFile(join(dir, name));
      const br = await readFile(join(dir, `${name}.br`));
      const gz = await readFile(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
    }
  });

  it('is idempotent: a second run rewrites nothing, and follows a file that changed', async () => {
    await writeFile(join(dir, 'index.html'), page);
    await run(dir);
    const first = await stat(join(dir, 'index.html.br'));
    const second = await run(dir);
    expect(second.stdout).toMatch(/0 written, 2 unchanged/);
    expect((await stat(join(dir, 'index.html.br'))).mtimeMs).toBe(first.mtimeMs);
    expect(await files(dir)).toEqual(['index.html', 'index.html.br', 'index.html.gz']);

    // The file became incompressible: its stale compressed forms go.
    await writeFile(join(dir, 'index.html'), randomBytes(2048));
    await run(dir);
    expect(await files(dir)).toEqual(['index.html']);
  });
});
