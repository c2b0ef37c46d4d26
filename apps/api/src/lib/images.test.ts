import { link, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeRenditions } from './images';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'kapaas-renditions-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('writing an image’s renditions', () => {
  it('replaces a file under its name whole, never rewriting the bytes a reader (or a backup) holds open', async () => {
    const file = `${'0a'.repeat(12)}-320.webp`;
    await writeFile(join(directory, file), 'the bytes a backup is copying');
    // A second name for the same file, as an open reader holds it: an in-place write would change what it reads.
    const reader = join(directory, 'held-open');
    await link(join(directory, file), reader);

    await writeRenditions(directory, {
      name: '0a'.repeat(12),
      renditions: [{ width: 320, height: 240, file, data: Buffer.from('new bytes') }],
    });

    expect(await readFile(join(directory, file), 'utf8')).toBe('new bytes');
    expect(await readFile(reader, 'utf8')).toBe('the bytes a backup is copying');
    expect((await readdir(directory)).sort()).toEqual([file, 'held-open'].sort());
  });
});
