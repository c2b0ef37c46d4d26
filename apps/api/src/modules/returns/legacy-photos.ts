import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, eq, orders, type Queryable, returnRequests, sql } from '@kapaas/db';
import type { Logger } from '../../lib/deps';
import { ownerOfRow } from '../../lib/owner';
import { folderOf, type PhotoPlaces, photoUrl, recordMovedReturnPhoto } from '../photos';
import { lockReturn } from './returns.repository';

/** Where photo_upload wrote every shopper's photo before a return's were kept privately. */
const LEGACY_PREFIX = '/media/uploads/';
const LEGACY_URL = /^\/media\/uploads\/([0-9a-f]{24})-([1-9][0-9]{0,3})\.webp$/;

/** The returns that still name a photo under the public /media/uploads/. */
async function returnsWithPublicPhotos(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(
      sql`EXISTS (SELECT 1 FROM unnest(${returnRequests.photos}) AS p(url) WHERE p.url LIKE ${`${LEGACY_PREFIX}%`})`,
    )
    .orderBy(returnRequests.id);
  return rows.map((row) => row.id);
}

/**
 * Whether anything else still shows a file of this name under /media/uploads/: the console's uploads share that
 * folder (product, category, banner, advert and testimonial images, order lines' pictures), and reviews and other
 * returns from before kept their photos there. Only a file nothing names is deleted.
 */
async function publicNameInUse(db: Queryable, name: string): Promise<boolean> {
  const like = `%${LEGACY_PREFIX}${name}-%`;
  const result = await db.execute(sql`SELECT
      EXISTS (SELECT 1 FROM product_images WHERE url LIKE ${like})
      OR EXISTS (SELECT 1 FROM order_items WHERE product_image LIKE ${like})
      OR EXISTS (SELECT 1 FROM banners WHERE image LIKE ${like} OR mobile_image LIKE ${like})
      OR EXISTS (SELECT 1 FROM ads WHERE image LIKE ${like})
      OR EXISTS (SELECT 1 FROM categories WHERE image LIKE ${like})
      OR EXISTS (SELECT 1 FROM subcategories WHERE image LIKE ${like})
      OR EXISTS (SELECT 1 FROM testimonials WHERE image LIKE ${like})
      OR EXISTS (SELECT 1 FROM reviews, unnest(reviews.photos) AS p(url) WHERE p.url LIKE ${like})
      OR EXISTS (SELECT 1 FROM return_requests, unnest(return_requests.photos) AS p(url) WHERE p.url LIKE ${like})
      AS used`);
  // Both drivers answer { rows }; in doubt, the file is kept.
  return (result as unknown as { rows: { used: boolean }[] }).rows[0]?.used !== false;
}

/** Copies every rendition of `name` from the public uploads into the private folder; answers their widths. */
async function copyRenditions(places: PhotoPlaces, uploaded: string[], name: string): Promise<number[]> {
  const target = folderOf(places, true);
  await mkdir(target, { recursive: true });
  const widths: number[] = [];
  for (const file of uploaded.filter((f) => f.startsWith(`${name}-`))) {
    await copyFile(join(places.mediaDir, 'uploads', file), join(target, file));
    widths.push(Number(file.slice(name.length + 1, -'.webp'.length)));
  }
  return widths.sort((a, b) => a - b);
}

/** Moves one return's public photos in its own transaction; answers the names moved (none if another process did). */
async function moveOne(db: Database, places: PhotoPlaces, uploaded: string[], returnId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const request = await lockReturn(tx, returnId);
    if (!request?.photos.some((url) => url.startsWith(LEGACY_PREFIX))) return [];
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    if (!order) throw new Error(`return ${returnId} has no order`);
    const owner = ownerOfRow(order);
    const moved: string[] = [];
    const photos: string[] = [];
    for (const url of request.photos) {
      const [, name, width] = LEGACY_URL.exec(url) ?? [];
      if (!name || !width) {
        photos.push(url);
        continue;
      }
      const found = await copyRenditions(places, uploaded, name);
      const privateUrl = photoUrl(`${name}-${width}.webp`, true);
      const widths = found.length > 0 ? found : [Number(width)];
      await recordMovedReturnPhoto(tx, owner, { orderId: order.id, returnId, name, widths, url: privateUrl });
      photos.push(privateUrl);
      moved.push(name);
    }
    await tx.update(returnRequests).set({ photos }).where(eq(returnRequests.id, returnId));
    return moved;
  });
}

/**
 * Return photos stored before they were private (public, under /media/uploads/): each is copied into the private
 * folder, recorded as its return's, and the return names its private URL; then the public files are deleted unless
 * something else still shows them. Runs at start-up; a return already moved (by this or another process) is left
 * alone, so it is safe to run again. Answers how many returns it moved.
 */
export async function movePublicReturnPhotos(deps: PhotoPlaces & { db: Database; log: Logger }): Promise<number> {
  const due = await returnsWithPublicPhotos(deps.db);
  if (due.length === 0) return 0;
  const uploaded = await readdir(join(deps.mediaDir, 'uploads')).catch(() => [] as string[]);
  let returns = 0;
  for (const returnId of due) {
    const names = await moveOne(deps.db, deps, uploaded, returnId);
    if (names.length > 0) returns += 1;
    for (const name of names) {
      if (await publicNameInUse(deps.db, name)) continue;
      for (const file of uploaded.filter((f) => f.startsWith(`${name}-`))) {
        await rm(join(deps.mediaDir, 'uploads', file), { force: true });
      }
    }
  }
  deps.log.info({ returns }, 'moved return photos out of the public media into the private folder');
  return returns;
}
