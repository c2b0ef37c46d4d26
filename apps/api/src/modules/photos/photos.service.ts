import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_FILE_PATTERN, PhotoUploadFields } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError, notFound, tooMany } from '../../lib/errors';
import { renderImage, writeRenditions } from '../../lib/images';
import type { Owner } from '../../lib/owner';
import { type Limit, RateLimiter } from '../../lib/rate-limit';
import { deliveredOrderWith, orderOf } from '../orders';
import {
  attachPhotos,
  claimablePhotos,
  insertPhoto,
  lockName,
  ownerHasPrivate,
  releaseReviewPhotos,
  returnHasPrivate,
} from './photos.repository';

/** Where shoppers' photos are kept: public ones under `<mediaDir>/photos` (/media/photos/), private ones under `<privateDir>/photos`. */
export interface PhotoPlaces {
  mediaDir: string;
  privateDir: string;
}
export interface PhotoDeps extends PhotoPlaces {
  db: Database;
}

export const PHOTOS_DIR = 'photos';
/** A return's photo as its shopper opens it (their session decides), and as the staff do (their token). */
export const RETURN_PHOTO_PREFIX = '/api/return_photo/';
export const STAFF_RETURN_PHOTO_PREFIX = '/admin/api/return-photos/';

export const PHOTO_NOT_FOUND = 'This photo was not found. Please upload it again.';
export const ORDER_CAP_MESSAGE =
  'This order has as many photos as the shop takes for now. Please try again later, or write to us.';
export const SHOPPER_CAP_MESSAGE =
  'You have sent as many photos as the shop takes for now. Please try again later, or write to us.';

/** The folder a photo's files are in. */
export const folderOf = (places: PhotoPlaces, isPrivate: boolean) =>
  join(isPrivate ? places.privateDir : places.mediaDir, PHOTOS_DIR);

/** The URL of a rendition: public under /media/photos/, a return's through the shopper's own route. */
export const photoUrl = (file: string, isPrivate: boolean) =>
  isPrivate ? `${RETURN_PHOTO_PREFIX}${file}` : `/media/${PHOTOS_DIR}/${file}`;

/** A return photo's URL as the console opens it, with the staff's token. */
export const staffPhotoUrl = (url: string) =>
  url.startsWith(RETURN_PHOTO_PREFIX) ? `${STAFF_RETURN_PHOTO_PREFIX}${url.slice(RETURN_PHOTO_PREFIX.length)}` : url;

/** The delivered order a photo is sent for; 404, 409 or 403 (in the shopper's words) when there is none. */
async function orderFor(db: Queryable, owner: Owner, target: ReturnType<typeof PhotoUploadFields.parse>) {
  if (target.purpose === 'review') {
    const orderId = await deliveredOrderWith(db, owner, target.product_id);
    if (orderId !== undefined) return orderId;
    const message = 'You can add photos to a review of a product once your order of it has been delivered.';
    throw new AppError('FORBIDDEN', message, { code: 'NOT_A_BUYER' });
  }
  const order = await orderOf(db, owner, target.order_id);
  if (!order) throw notFound('Order');
  if (order.status !== 'delivered') {
    const message = 'You can add photos once this order has been delivered.';
    throw new AppError('CONFLICT', message, { code: 'NOT_DELIVERED' });
  }
  return order.id;
}

/** Counts one upload against a cap; past it, a 429 in the shopper's words with Retry-After. */
async function countAgainst(db: Queryable, key: string, limit: Limit, message: string): Promise<void> {
  try {
    await new RateLimiter(db).hit(key, limit);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'TOO_MANY_REQUESTS') {
      throw tooMany(message, error.retryAfterSeconds ?? limit.windowSeconds);
    }
    throw error;
  }
}

/** photo_upload's fields, each problem beside its field. */
function targetOf(fields: Record<string, string>) {
  const parsed = PhotoUploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'purpose';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const first = Object.values(errors)[0]?.[0] ?? 'Say what the photo is for.';
  throw new AppError('INVALID_DATA', first, { errors });
}

/**
 * photo_upload: a photo for the review of a product the shopper received, or for the return of their delivered
 * order, within the caps per order and per shopper. A review's photo is public; a return's is kept privately. The
 * row and the files are written together under the content's lock, so a sweep never deletes a file just written.
 */
export async function uploadPhoto(
  deps: PhotoDeps,
  owner: Owner,
  limits: { perOrder: Limit; perShopper: Limit },
  form: { bytes: Buffer; fields: Record<string, string> },
): Promise<string> {
  const target = targetOf(form.fields);
  const orderId = await orderFor(deps.db, owner, target);
  const who = owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.guestId}`;
  await countAgainst(deps.db, `photo-upload:order:${orderId}`, limits.perOrder, ORDER_CAP_MESSAGE);
  await countAgainst(deps.db, `photo-upload:${who}`, limits.perShopper, SHOPPER_CAP_MESSAGE);
  const image = await renderImage(form.bytes);
  const isPrivate = target.purpose === 'return';
  const largest = image.renditions[image.renditions.length - 1];
  if (!largest) throw new Error('no rendition was rendered');
  const url = photoUrl(largest.file, isPrivate);
  await deps.db.transaction(async (tx) => {
    await lockName(tx, image.name);
    const widths = image.renditions.map((r) => r.width);
    await insertPhoto(tx, owner, { orderId, name: image.name, widths, url, private: isPrivate });
    await writeRenditions(folderOf(deps, isPrivate), image);
  });
  return url;
}

/** Records a return's photo that the returns module moved into the private folder from before photos were recorded. */
export async function recordMovedReturnPhoto(
  tx: Queryable,
  owner: Owner,
  photo: { orderId: number; returnId: number; name: string; widths: number[]; url: string },
): Promise<void> {
  await insertPhoto(tx, owner, { ...photo, private: true });
}

const photoRefusal = () => new AppError('INVALID_DATA', PHOTO_NOT_FOUND, { errors: { photos: [PHOTO_NOT_FOUND] } });

/** One claimable row per URL, or a 400 on `photos` for a URL the owner did not upload (or that something holds). */
async function claim(tx: Queryable, owner: Owner, urls: string[], options: { private: boolean; reviewId?: number }) {
  const rows = await claimablePhotos(tx, owner, urls, options);
  return urls.map((url) => {
    const row = rows.find((r) => r.url === url && r.reviewId !== null) ?? rows.find((r) => r.url === url);
    if (!row) throw photoRefusal();
    return row.id;
  });
}

/**
 * A return's photos, taken inside its transaction: each must be one the owner uploaded for a return and that no
 * other return holds (else a 400 on `photos`). Answers the rows to attach once the return has its id.
 */
export async function claimReturnPhotos(tx: Queryable, owner: Owner, photos: string[]): Promise<number[]> {
  return claim(tx, owner, [...new Set(photos)], { private: true });
}

export async function attachReturnPhotos(tx: Queryable, ids: number[], returnId: number): Promise<void> {
  await attachPhotos(tx, ids, { returnId });
}

/**
 * A review's photos, inside the transaction that writes it: a photo it showed before stays (those from before
 * photos were recorded have no row); each new one must be one the owner uploaded for a review that no other review
 * holds (else a 400 on `photos`). Photos it no longer shows are let go, for the sweep.
 */
export async function keepReviewPhotos(
  tx: Queryable,
  owner: Owner,
  reviewId: number,
  photos: string[],
  before: string[],
): Promise<void> {
  const fresh = [...new Set(photos.filter((url) => !before.includes(url)))];
  const ids = await claim(tx, owner, fresh, { private: false, reviewId });
  await attachPhotos(tx, ids, { reviewId });
  await releaseReviewPhotos(tx, reviewId, photos);
}

/** A rendition's name and width from its file name, or a 404 for anything else. */
function renditionOf(file: string): { name: string; width: number } {
  if (!PHOTO_FILE_PATTERN.test(file)) throw notFound('Photo');
  const [name = '', width = ''] = file.replace('.webp', '').split('-');
  return { name, width: Number(width) };
}

async function privateFile(places: PhotoPlaces, file: string): Promise<Buffer> {
  try {
    return await readFile(join(folderOf(places, true), file));
  } catch {
    throw notFound('Photo');
  }
}

/** A return photo's rendition for its shopper: anyone else's answers 404 exactly like an unknown one. */
export async function shopperReturnPhoto(deps: PhotoDeps, owner: Owner, file: string): Promise<Buffer> {
  const { name, width } = renditionOf(file);
  if (!(await ownerHasPrivate(deps.db, owner, name, width))) throw notFound('Photo');
  return privateFile(deps, file);
}

/** A rendition of a photo a return holds, for the staff. */
export async function staffReturnPhoto(deps: PhotoDeps, file: string): Promise<Buffer> {
  const { name, width } = renditionOf(file);
  if (!(await returnHasPrivate(deps.db, name, width))) throw notFound('Photo');
  return privateFile(deps, file);
}
