// Images people send the shop (the console's uploads, shoppers' photos): recognised by their bytes, converted to WebP.
import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from './errors';

/** The largest file accepted. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** The widths each image is rendered at (never enlarged beyond the original). */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
/** Refuses decompression bombs: at most this many pixels in the original. */
const MAX_PIXELS = 40_000_000;
const UPLOADS_DIR = 'uploads';

type ImageKind = 'jpeg' | 'png' | 'webp';

/** What the file is by its first bytes, whatever its name or declared type says. */
export function imageKindOf(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

const refuse = (message: string) => new AppError('INVALID_DATA', message, { errors: { file: [message] } });

/** An image stored by `storeImage`: its largest rendition's URL and size, and every rendition. */
export interface StoredImage {
  /** The content's hash (24 hex digits): the files are `<name>-<width>.webp`. */
  name: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * The bytes of the one file of a multipart request (field `file`), refused with a clear 400 when
 * the request is not multipart, holds no file, is malformed or the file is over the route's limit.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse('Send the image as multipart/form-data in a field named "file".');
  try {
    const part = await request.file();
    if (!part) throw refuse('Send the image as multipart/form-data in a field named "file".');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('INVALID_DATA', `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, {
        code: 'FILE_TOO_LARGE',
        errors: { file: ['The image is too large.'] },
      });
    }
    // A malformed multipart body: the client's fault, not the server's.
    request.log.info({ err: error }, 'unreadable upload');
    throw refuse('The upload could not be read. Send one image in a field named "file".');
  }
}

/** The upright width and height of an image, or a 400 when it cannot be read (damaged, or too many pixels). */
async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    if (width > 0 && height > 0) return { width, height };
  } catch {
    // Answered below.
  }
  throw refuse('The image could not be read: it may be damaged.');
}

/**
 * The one way an image enters the shop, for the console and the shoppers alike: a JPEG, PNG or
 * WebP recognised by its bytes (whatever its name or declared type says) is converted to WebP at
 * each of UPLOAD_WIDTHS (never enlarged) under `<mediaDir>/uploads`, which /media/ serves. The
 * file name is the content's hash, so the same image uploaded twice is stored once. Anything
 * else is a 400 on `file`.
 */
export async function storeImage(mediaDir: string, bytes: Buffer): Promise<StoredImage> {
  if (!imageKindOf(bytes)) throw refuse('Only JPEG, PNG and WebP images can be uploaded.');
  const { width, height } = await uprightSize(bytes);
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
  const directory = join(mediaDir, UPLOADS_DIR);
  await mkdir(directory, { recursive: true });
  const variants: { width: number; url: string }[] = [];
  let largestHeight = height;
  for (const target of widths) {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const file = `${name}-${info.width}.webp`;
    await writeFile(join(directory, file), data);
    variants.push({ width: info.width, url: `/media/${UPLOADS_DIR}/${file}` });
    largestHeight = info.height;
  }
  const largest = variants[variants.length - 1];
  if (!largest) throw new Error('no rendition was written');
  return { name, url: largest.url, width: largest.width, height: largestHeight, variants };
}

/** Whether `url` (a /media/uploads/<file> URL) names a file storeImage wrote under `mediaDir`. */
export async function uploadExists(mediaDir: string, url: string): Promise<boolean> {
  const prefix = `/media/${UPLOADS_DIR}/`;
  const file = url.slice(prefix.length);
  if (!url.startsWith(prefix) || !/^[0-9a-f]{24}-[0-9]+\.webp$/.test(file)) return false;
  try {
    return (await stat(join(mediaDir, UPLOADS_DIR, file))).isFile();
  } catch {
    return false;
  }
}

/** Multipart for one image of at most MAX_UPLOAD_BYTES, in the scope of the route that takes it. */
export const IMAGE_MULTIPART = { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } };

/**
 * Refuses (400 on `photos`) a shopper's photo URL whose file photo_upload did not write, so that a review or a return
 * request never points at a picture that does not exist. The contract has checked the shape of each URL already.
 */
export async function checkShopperPhotos(mediaDir: string, photos: readonly string[]): Promise<void> {
  for (const url of photos) {
    if (!(await uploadExists(mediaDir, url))) {
      const message = 'This photo was not found. Please upload it again.';
      throw new AppError('INVALID_DATA', message, { errors: { photos: [message] } });
    }
  }
}
