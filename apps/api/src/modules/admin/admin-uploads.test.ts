import { createHash } from 'node:crypto';
import { AdminUploadAnswer } from '@kapaas/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';
import { MAX_UPLOAD_BYTES } from './uploads';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

/** A multipart/form-data body with one file field. */
function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----kapaas${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(token: string | undefined, filename: string, contentType: string, bytes: Buffer) {
  const body = multipart(filename, contentType, bytes);
  return shop.app.inject({
    method: 'POST',
    url: '/admin/api/uploads',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose signature and header (the size) are sound but whose image data (IDAT) is overwritten. */
async function damagedPng(): Promise<Buffer> {
  const png = Buffer.from(await picture(400, 300, 'png'));
  const idat = png.indexOf('IDAT');
  png.fill(0x5a, idat + 8, png.length - 20);
  expect(await sharp(png).metadata()).toMatchObject({ width: 400, height: 300 });
  return png;
}

describe('POST /admin/api/uploads', () => {
  it('converts a PNG to WebP at a few widths, served under /media/', async () => {
    const answer = AdminUploadAnswer.parse(
      expectStatus(await upload(owner.token, 'photo.png', 'image/png', await picture(1600, 1200, 'png')), 200),
    );
    expect(answer.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    expect(answer).toMatchObject({ width: 1280, height: 960 });
    expect(answer.url).toBe(answer.variants[2]?.url);
    for (const variant of answer.variants) {
      expect(variant.url).toMatch(/^\/media\/uploads\/[0-9a-f]{24}-\d+\.webp$/);
      const served = await shop.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
    }
    expect((await admin.lastAudit(owner, 'uploads', answer.url.split('/').at(-1)?.split('-')[0] ?? ''))?.action).toBe(
      'upload',
    );
  });

  it('accepts JPEG and WebP, and never enlarges a small image', async () => {
    const jpeg = AdminUploadAnswer.parse(
      expectStatus(await upload(owner.token, 'a.jpg', 'image/jpeg', await picture(500, 300, 'jpeg')), 200),
    );
    expect(jpeg.variants.map((v) => v.width)).toEqual([320, 500]);
    const webp = AdminUploadAnswer.parse(
      expectStatus(await upload(owner.token, 'b.webp', 'image/webp', await picture(200, 200, 'webp')), 200),
    );
    expect(webp.variants.map((v) => v.width)).toEqual([200]);
  });

  it('refuses a renamed non-image whatever its name and declared type', async () => {
    const text = Buffer.from('<svg onload="alert(1)"></svg> definitely not a photo');
    const refused = expectStatus(await upload(owner.token, 'photo.jpg', 'image/jpeg', text), 400);
    expect(refused.errors.file).toBeDefined();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(owner.token, 'photo.png', 'image/png', gif)).statusCode).toBe(400);
    const truncated = (await picture(400, 400, 'png')).subarray(0, 40);
    expect((await upload(owner.token, 'cut.png', 'image/png', truncated)).statusCode).toBe(400);
  });

  it('refuses with a 400 a PNG whose header reads but whose image data is damaged, and stores nothing', async () => {
    const damaged = await damagedPng();
    const refused = expectStatus(await upload(owner.token, 'damaged.png', 'image/png', damaged), 400);
    expect(refused.message).toBe('The image could not be read: it may be damaged.');
    expect(refused.errors.file).toEqual(['The image could not be read: it may be damaged.']);
    const name = createHash('sha256').update(damaged).digest('hex').slice(0, 24);
    for (const width of [320, 400]) {
      const served = await shop.app.inject({ method: 'GET', url: `/media/uploads/${name}-${width}.webp` });
      expect(served.statusCode).toBe(404);
    }
  });

  it('refuses a file over the size limit, a request without a file, and a request without a token', async () => {
    const big = Buffer.concat([await picture(10, 10, 'png'), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const tooBig = await upload(owner.token, 'big.png', 'image/png', big);
    expect(expectStatus(tooBig, 400).code).toBe('FILE_TOO_LARGE');
    const garbled = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/uploads',
      headers: { 'content-type': 'multipart/form-data; boundary=nope', authorization: `Bearer ${owner.token}` },
      payload: multipart('a.png', 'image/png', await picture(10, 10, 'png')).payload,
    });
    expect(garbled.statusCode).toBe(400);
    expect((await owner.post('/uploads', { file: 'x' })).statusCode).toBe(400);
    expect((await upload(undefined, 'photo.png', 'image/png', await picture(10, 10, 'png'))).statusCode).toBe(401);
  });
});
