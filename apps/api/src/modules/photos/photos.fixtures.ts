import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Shopper, TestShop } from '../../../test/shop';

/** What a photo is sent for, as photo_upload's fields. */
export type PhotoFor = { purpose: 'review'; product_id: number } | { purpose: 'return'; order_id: number };

/** A multipart/form-data body: the fields first (as the storefront sends them), then one file field. */
export function photoForm(bytes: Buffer, fields: Record<string, string | number> = {}, contentType = 'image/png') {
  const boundary = `----kapaas${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([...parts, head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Test helpers for shoppers' photos: uploads as the browser sends them, pictures, and the files on disk. */
export function photoFixtures(shop: () => TestShop) {
  /** POST /api/photo_upload with the shopper's cookie, from `address` (a client address of its own when given). */
  function upload(
    shopper: Shopper,
    bytes: Buffer,
    fields: PhotoFor | Record<string, string | number>,
    address?: string,
  ): Promise<LightMyRequestResponse> {
    const body = photoForm(bytes, fields);
    return shop().app.inject({
      method: 'POST',
      url: '/api/photo_upload',
      headers: { 'content-type': body.contentType, ...(shopper.cookie ? { cookie: shopper.cookie } : {}) },
      payload: body.payload,
      ...(address ? { remoteAddress: address } : {}),
    });
  }

  /** GET a URL as this shopper's browser would (with the session cookie), or with no cookie. */
  function open(url: string, shopper?: Shopper): Promise<LightMyRequestResponse> {
    return shop().app.inject({
      method: 'GET',
      url,
      headers: shopper?.cookie ? { cookie: shopper.cookie } : {},
    });
  }

  /** A plain picture; `shade` makes pictures of the same size differ (so their content names differ). */
  const picture = (width: number, height: number, shade = 0) =>
    sharp({ create: { width, height, channels: 3, background: { r: 230, g: 200 - shade, b: 170 } } })
      .png()
      .toBuffer();

  /** The files under a folder (none when it does not exist). */
  async function filesIn(...path: string[]): Promise<string[]> {
    try {
      return (await readdir(join(...path))).sort();
    } catch {
      return [];
    }
  }

  /** Every file under the public media and the private folder, as paths relative to the data folder. */
  async function everyFile(): Promise<string[]> {
    const found: string[] = [];
    for (const [root, label] of [
      [shop().mediaDir, 'media'],
      [shop().privateDir, 'private'],
    ] as const) {
      for (const folder of await filesIn(root)) {
        for (const file of await filesIn(root, folder)) found.push(`${label}/${folder}/${file}`);
      }
    }
    return found.sort();
  }

  return { upload, open, picture, filesIn, everyFile };
}

/** A PNG whose signature and header (the size) are sound but whose image data (IDAT) is overwritten. */
export async function damagedPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .png()
      .toBuffer(),
  );
  png.fill(0x5a, png.indexOf('IDAT') + 8, png.length - 20);
  return png;
}
