import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdminReturnAnswer,
  ErrorAnswer,
  PhotoUploadAnswer,
  ReturnDetailsAnswer,
  ReturnRequestAnswer,
} from '@kapaas/contract';
import { eq, productImages, returnRequests, shopperPhotos } from '@kapaas/db';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { DEFAULT_LIMITS, TOO_MANY_MESSAGE } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { reviewFixtures, reviewOf } from '../reviews/reviews.fixtures';
import { damagedPng, type PhotoFor, photoFixtures } from './photos.fixtures';
import { sweepUnattachedPhotos } from './sweep';

let shop: TestShop;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const orders = reviewFixtures(
  () => shop,
  () => staff,
);
const photos = photoFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
});
afterAll(async () => {
  await shop?.close();
});

const refused = (response: LightMyRequestResponse, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return ErrorAnswer.parse(response.json());
};
const accepted = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return PhotoUploadAnswer.parse(response.json()).url;
};
const fileOf = (url: string) => url.split('/').at(-1) ?? '';
const photoRows = () => shop.database.db.select().from(shopperPhotos);
const returnLine = (item: { productId: number; sizeId: number }) => ({
  product_id: item.productId,
  size: item.sizeId,
  quantity: 1,
  kind: 'return' as const,
  reason: 'damaged' as const,
});

/** A guest who received one piece of a product nobody reviewed: the product, the order and the guest. */
async function buyer() {
  const item = await orders.product();
  const guest = await shop.guest();
  const orderId = await orders.ordered(guest, [item]);
  return { item, guest, orderId };
}

describe('photo_upload: only for a shopper with a delivered order', () => {
  it('refuses a guest who bought nothing, whatever the photo is for, and stores nothing', async () => {
    const item = await orders.product();
    const guest = await shop.guest();
    const before = await photos.everyFile();
    const picture = await photos.picture(200, 200);

    const review = refused(await photos.upload(guest, picture, { purpose: 'review', product_id: item.productId }), 403);
    expect(review).toMatchObject({
      code: 'NOT_A_BUYER',
      message: 'You can add photos to a review of a product once your order of it has been delivered.',
    });
    const unknown = refused(await photos.upload(guest, picture, { purpose: 'return', order_id: 999_999 }), 404);
    expect(unknown.message).toBe('Order not found.');
    const bare = refused(await photos.upload(guest, picture, {}), 400);
    expect(bare.errors).toHaveProperty('purpose');
    expect(refused(await photos.upload(shop.visitor(), picture, { purpose: 'return', order_id: 1 }), 401)).toBeTruthy();

    expect(await photos.everyFile()).toEqual(before);
    expect((await photoRows()).filter((row) => row.guestId === guest.guestId)).toEqual([]);
  });

  it('refuses an order not delivered yet (409), and another shopper’s order exactly like an unknown one', async () => {
    const item = await orders.product();
    const waiting = await shop.guest();
    const orderId = await orders.ordered(waiting, [item], { until: 'shipped' });
    const picture = await photos.picture(200, 200);
    const early = refused(await photos.upload(waiting, picture, { purpose: 'return', order_id: orderId }), 409);
    expect(early).toMatchObject({
      code: 'NOT_DELIVERED',
      message: 'You can add photos once this order has been delivered.',
    });
    const forReview = refused(
      await photos.upload(waiting, picture, { purpose: 'review', product_id: item.productId }),
      403,
    );
    expect(forReview.code).toBe('NOT_A_BUYER');

    const { orderId: theirs } = await buyer();
    const stranger = refused(await photos.upload(waiting, picture, { purpose: 'return', order_id: theirs }), 404);
    const unknown = refused(await photos.upload(waiting, picture, { purpose: 'return', order_id: 999_999 }), 404);
    expect(stranger).toEqual(unknown);
  });

  it('takes a photo for the review of a product received and for the return of a delivered order', async () => {
    const { item, guest, orderId } = await buyer();
    const forReview = accepted(
      await photos.upload(guest, await photos.picture(1600, 1200, 1), {
        purpose: 'review',
        product_id: item.productId,
      }),
    );
    expect(forReview).toMatch(/^\/media\/photos\/[0-9a-f]{24}-1280\.webp$/);
    const served = await photos.open(forReview);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280 });
    const small = accepted(
      await photos.upload(guest, await photos.picture(300, 200, 2), { purpose: 'return', order_id: String(orderId) }),
    );
    expect(small).toMatch(/^\/api\/return_photo\/[0-9a-f]{24}-300\.webp$/);

    const rows = (await photoRows()).filter((row) => row.guestId === guest.guestId);
    expect(rows.map((row) => ({ url: row.url, order: row.orderId, private: row.private }))).toEqual([
      { url: forReview, order: orderId, private: false },
      { url: small, order: orderId, private: true },
    ]);
  });

  it('refuses a damaged image with a 400 on file, and stores nothing', async () => {
    const { guest, orderId } = await buyer();
    const before = await photos.everyFile();
    const damaged = refused(
      await photos.upload(guest, await damagedPng(), { purpose: 'return', order_id: orderId }),
      400,
    );
    expect(damaged.message).toBe('The image could not be read: it may be damaged.');
    expect(damaged.errors).toEqual({ file: ['The image could not be read: it may be damaged.'] });
    expect(await photos.everyFile()).toEqual(before);
  });
});

describe('photo_upload’s caps', () => {
  it('count per client address, and per order and per shopper whatever the address', async () => {
    const limited = await startTestShop({
      limits: {
        ...DEFAULT_LIMITS,
        photoUploadsPerAddress: { max: 1, windowSeconds: 3600 },
        photoUploadsPerShopper: { max: 3, windowSeconds: 3600 },
        photoUploadsPerOrder: { max: 2, windowSeconds: 3600 },
      },
    });
    try {
      const limitedStaff = await adminFixtures(() => limited).owner();
      const there = reviewFixtures(
        () => limited,
        () => limitedStaff,
      );
      const send = photoFixtures(() => limited);
      const user = await limited.user();
      const [first, second] = [await there.product(), await there.product()];
      const orderA = await there.ordered(user, [first]);
      const orderB = await there.ordered(user, [second]);
      const upload = async (target: PhotoFor, n: number, address = `10.0.0.${n}`) =>
        send.upload(user, await send.picture(100, 100, n), target, address);

      accepted(await upload({ purpose: 'return', order_id: orderA }, 1));
      const sameAddress = refused(await upload({ purpose: 'return', order_id: orderA }, 9, '10.0.0.1'), 429);
      expect(sameAddress.message).toBe(TOO_MANY_MESSAGE);
      accepted(await upload({ purpose: 'review', product_id: first.productId }, 2));
      const thirdForA = refused(await upload({ purpose: 'return', order_id: orderA }, 3), 429);
      expect(thirdForA.message).toBe(
        'This order has as many photos as the shop takes for now. Please try again later, or write to us.',
      );
      accepted(await upload({ purpose: 'return', order_id: orderB }, 4));
      const fourth = refused(await upload({ purpose: 'review', product_id: second.productId }, 5), 429);
      expect(fourth.message).toBe(
        'You have sent as many photos as the shop takes for now. Please try again later, or write to us.',
      );
      const rows = await limited.database.db.select().from(shopperPhotos).where(eq(shopperPhotos.userId, user.userId));
      expect(rows).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('a return’s photos are private', () => {
  it('are kept outside the public media, shown only to their shopper and the staff, and never kept by a cache', async () => {
    const { item, guest, orderId } = await buyer();
    const url = accepted(
      await photos.upload(guest, await photos.picture(640, 480, 3), { purpose: 'return', order_id: orderId }),
    );
    const file = fileOf(url);
    const name = file.split('-')[0];
    expect(await photos.everyFile()).toEqual(
      expect.arrayContaining([`private/photos/${name}-320.webp`, `private/photos/${file}`]),
    );
    expect((await photos.everyFile()).filter((path) => path.includes(`${name}`) && path.startsWith('media/'))).toEqual(
      [],
    );
    for (const folder of ['uploads', 'photos']) {
      expect((await photos.open(`/media/${folder}/${file}`)).statusCode).toBe(404);
    }

    const mine = await photos.open(url, guest);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect((await photos.open(url.replace('-640.', '-320.'), guest)).statusCode).toBe(200);
    const stranger = await shop.guest();
    const theirs = refused(await photos.open(url, stranger), 404);
    expect(theirs).toEqual(
      ErrorAnswer.parse((await photos.open(`/api/return_photo/${'0'.repeat(24)}-640.webp`, stranger)).json()),
    );
    expect((await photos.open(url)).statusCode).toBe(401);

    const asked = await guest.post('return_request', { order_id: orderId, lines: [returnLine(item)], photos: [url] });
    const returnId = ReturnRequestAnswer.parse(asked.json()).return_id;
    const details = ReturnDetailsAnswer.parse((await guest.post('return_details', { return_id: returnId })).json());
    expect(details.data.photos).toEqual([url]);

    const seen = AdminReturnAnswer.parse(expectStatus(await staff.get(`/returns/${returnId}`), 200)).data;
    expect(seen.photos).toEqual([`/admin/api/return-photos/${file}`]);
    const byStaff = await staff.get(`/return-photos/${file}`);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers['content-type']).toBe('image/webp');
    expect(byStaff.headers['cache-control']).toBe('no-store');
    expect((await admin.client().get(`/return-photos/${file}`)).statusCode).toBe(401);
  });

  it('cannot be sent with another shopper’s return, nor a review’s photo with a return', async () => {
    const first = await buyer();
    const url = accepted(
      await photos.upload(first.guest, await photos.picture(200, 200, 4), {
        purpose: 'return',
        order_id: first.orderId,
      }),
    );
    const second = await buyer();
    const body = { order_id: second.orderId, lines: [returnLine(second.item)], photos: [url] };
    const taken = refused(await second.guest.post('return_request', body), 400);
    expect(taken.errors).toEqual({ photos: ['This photo was not found. Please upload it again.'] });
    const forReview = accepted(
      await photos.upload(second.guest, await photos.picture(200, 200, 5), {
        purpose: 'review',
        product_id: second.item.productId,
      }),
    );
    const wrongKind = refused(await second.guest.post('return_request', { ...body, photos: [forReview] }), 400);
    expect(wrongKind.errors).toHaveProperty(['photos.0']);
    expect(
      await shop.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, second.orderId)),
    ).toEqual([]);
  });
});

describe('return photos stored before they were private', () => {
  it('move at start-up from the public media into the private folder; a file the catalogue also shows stays', async () => {
    const old = await startTestShop();
    let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const oldStaff = await adminFixtures(() => old).owner();
      const there = reviewFixtures(
        () => old,
        () => oldStaff,
      );
      const item = await there.product();
      const guest = await old.guest();
      const orderId = await there.ordered(guest, [item]);
      const asked = await guest.post('return_request', { order_id: orderId, lines: [returnLine(item)] });
      const returnId = ReturnRequestAnswer.parse(asked.json()).return_id;
      // As photo_upload stored a return's photos before: public, under /media/uploads/, named by their content.
      const [own, shared] = ['a1'.repeat(12), 'b2'.repeat(12)];
      await mkdir(join(old.mediaDir, 'uploads'), { recursive: true });
      for (const name of [own, shared]) {
        for (const width of [320, 640]) {
          const bytes = await sharp({ create: { width, height: width, channels: 3, background: '#c8a' } })
            .webp()
            .toBuffer();
          await writeFile(join(old.mediaDir, 'uploads', `${name}-${width}.webp`), bytes);
        }
      }
      const legacy = [`/media/uploads/${own}-640.webp`, `/media/uploads/${shared}-640.webp`];
      const db = old.database.db;
      await db.update(returnRequests).set({ photos: legacy }).where(eq(returnRequests.id, returnId));
      await db.insert(productImages).values({ productId: item.productId, url: legacy[1] as string, position: 90 });
      const stranger = await old.guest();
      await old.app.close();

      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      restarted = await buildApp({
        config,
        database: old.database,
        mediaDir: old.mediaDir,
        privateDir: old.privateDir,
        expirySweepMs: 0,
        mailSweepMs: 0,
        scheduledMessagesMs: 0,
        photoSweepMs: 0,
      });
      const app = restarted;
      const get = (url: string, shopper?: Shopper) =>
        app.inject({ method: 'GET', url, headers: shopper ? { cookie: shopper.cookie } : {} });

      const moved = [`/api/return_photo/${own}-640.webp`, `/api/return_photo/${shared}-640.webp`];
      const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
      expect(row?.photos).toEqual(moved);
      const files = await photoFixtures(() => old).everyFile();
      expect(files).toEqual(
        expect.arrayContaining([`private/photos/${own}-320.webp`, `private/photos/${own}-640.webp`]),
      );
      expect(files.filter((path) => path.startsWith('media/uploads/'))).toEqual([
        `media/uploads/${shared}-320.webp`,
        `media/uploads/${shared}-640.webp`,
      ]);
      expect((await get(`/media/uploads/${own}-640.webp`)).statusCode).toBe(404);
      for (const url of moved) {
        const served = await get(url, guest);
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['cache-control']).toBe('no-store');
      }
      expect((await get(moved[0] as string, stranger)).statusCode).toBe(404);
    } finally {
      // The first app was closed already: the database and the folders go here.
      await restarted?.close();
      await old.database.close();
      for (const dir of [old.mediaDir, old.privateDir]) await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('review photos', () => {
  it('are taken only when uploaded for a review by the same shopper; one the review had before may stay', async () => {
    const { item, guest } = await buyer();
    const url = accepted(
      await photos.upload(guest, await photos.picture(200, 200, 6), { purpose: 'review', product_id: item.productId }),
    );
    const other = await buyer();
    const notTheirs = refused(
      await other.guest.post('review_add', reviewOf(other.item.productId, 5, 'true_to_size', { photos: [url] })),
      400,
    );
    expect(notTheirs.errors).toEqual({ photos: ['This photo was not found. Please upload it again.'] });
    const first = await guest.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { photos: [url] }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await guest.post('review_add', reviewOf(item.productId, 4, 'true_to_size', { photos: [url] }));
    expect(again.statusCode, again.body).toBe(200);
    const rows = (await photoRows()).filter((row) => row.url === url);
    expect(rows.map((row) => row.reviewId)).toEqual([first.json().review.review_id]);
  });
});

describe('photos not attached to a review or a return', () => {
  it('are deleted with their files a day after the upload; attached ones, and files another photo shares, stay', async () => {
    const { item, guest, orderId } = await buyer();
    const upload = async (target: PhotoFor, shade: number, shopper: Shopper = guest) =>
      accepted(await photos.upload(shopper, await photos.picture(300, 300, shade), target));
    const review = { purpose: 'review', product_id: item.productId } as const;
    const forReturn = { purpose: 'return', order_id: orderId } as const;
    const reviewed = await upload(review, 11);
    const dropped = await upload(review, 12);
    const leftOver = await upload(review, 13);
    const returned = await upload(forReturn, 14);
    const abandoned = await upload(forReturn, 15);
    // Another buyer's photo of exactly the same bytes as the left-over one: the same file, attached to their review.
    const other = await buyer();
    const sharedUrl = await upload({ purpose: 'review', product_id: other.item.productId }, 13, other.guest);
    expect(sharedUrl).toBe(leftOver);
    expectStatus(
      await other.guest.post('review_add', reviewOf(other.item.productId, 5, 'true_to_size', { photos: [sharedUrl] })),
      200,
    );
    expectStatus(
      await guest.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { photos: [reviewed, dropped] })),
      200,
    );
    expectStatus(
      await guest.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { photos: [reviewed] })),
      200,
    );
    expectStatus(
      await guest.post('return_request', { order_id: orderId, lines: [returnLine(item)], photos: [returned] }),
      200,
    );
    const deps = { db: shop.database.db, mediaDir: shop.mediaDir, privateDir: shop.privateDir };
    const filesOf = async (url: string) => {
      const name = fileOf(url).split('-')[0] ?? '';
      return (await photos.everyFile()).filter((path) => path.includes(name));
    };

    expect(await sweepUnattachedPhotos(deps, new Date(Date.now() + 23 * 3600_000))).toEqual({ photos: 0, files: 0 });
    for (const url of [reviewed, dropped, leftOver, returned, abandoned]) expect(await filesOf(url)).not.toEqual([]);

    const swept = await sweepUnattachedPhotos(deps, new Date(Date.now() + 25 * 3600_000));
    expect(swept.photos).toBeGreaterThanOrEqual(3);
    const urls = (await photoRows()).map((row) => row.url);
    for (const url of [dropped, abandoned]) {
      expect(urls).not.toContain(url);
      expect(await filesOf(url)).toEqual([]);
    }
    expect((await photos.open(dropped)).statusCode).toBe(404);
    expect(urls.filter((url) => url === leftOver)).toHaveLength(1);
    expect(await filesOf(leftOver)).toEqual([expect.stringMatching(/^media\/photos\//)]);
    expect((await photos.open(leftOver)).statusCode).toBe(200);
    for (const url of [reviewed, returned]) {
      expect(urls).toContain(url);
      expect(await filesOf(url)).not.toEqual([]);
    }
    expect((await photos.open(returned, guest)).statusCode).toBe(200);
  });
});
