import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkShopperPhotos } from './images';

let mediaDir: string;
const stored = `/media/uploads/${'0a'.repeat(12)}-800.webp`;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-photos-'));
  await mkdir(join(mediaDir, 'uploads'));
  await writeFile(join(mediaDir, 'uploads', `${'0a'.repeat(12)}-800.webp`), 'RIFF');
  await mkdir(join(mediaDir, 'uploads', `${'0b'.repeat(12)}-800.webp`));
});
afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe('a shopper’s photos', () => {
  it('pass when photo_upload stored them', async () => {
    await expect(checkShopperPhotos(mediaDir, [stored])).resolves.toBeUndefined();
    await expect(checkShopperPhotos(mediaDir, [])).resolves.toBeUndefined();
  });

  it('are refused with a field error when a file is missing, is a folder, or lies outside the uploads', async () => {
    for (const url of [
      `/media/uploads/${'0c'.repeat(12)}-800.webp`,
      `/media/uploads/${'0b'.repeat(12)}-800.webp`,
      '/media/demo/x.webp',
      '/media/uploads/../x.webp',
    ]) {
      await expect(checkShopperPhotos(mediaDir, [stored, url])).rejects.toMatchObject({
        statusCode: 400,
        options: { errors: { photos: [expect.any(String)] } },
      });
    }
  });
});
