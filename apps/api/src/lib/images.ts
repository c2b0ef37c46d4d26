// Images people send the shop (the console's uploads, shoppers' photos): recognised by their bytes, converted to WebP.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp, { type OutputInfo } from 'sharp';
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

/** What a sender is told when the file is an image by its first bytes but does not decode. */
export const UNREADABLE_IMAGE = 'The image could not be read: it may be damaged.';

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

/** What a multipart upload held: the one file's bytes, and the text fields sent with it (in any order). */
export interface UploadedForm {
  bytes: Buffer;
  fields: Record<string, string>;
}

const NO_FILE = 'Send the image as multipart/form-data in a field named "file".';

/**
 * The one file of a multipart request and its text fields, refused with a clear 400 when the request is not
 * multipart, holds no file, is malformed or the file is over the route's limit.
 */
export async function readUploadedForm(request: FastifyRequest): Promise<UploadedForm> {
  if (!request.isMultipart()) throw refuse(NO_FILE);
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  } catch (error) {
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
  if (!bytes) throw refuse(NO_FILE);
  return { bytes, fields };
}

/** The bytes of the one file of a multipart request (field `file`), refused as `readUploadedForm` refuses. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadedForm(request)).bytes;
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
  throw refuse(UNREADABLE_IMAGE);
}

/** An image decoded and re-encoded in memory: its content's name and each rendition's bytes, nothing written yet. */
export interface RenderedImage {
  /** The content's hash (24 hex digits): the files are `<name>-<width>.webp`. */
  name: string;
  renditions: { width: number; height: number; file: string; data: Buffer }[];
}

/**
 * A JPEG, PNG or WebP recognised by its bytes (whatever its name or declared type says), re-encoded as WebP at each of
 * UPLOAD_WIDTHS (never enlarged), in memory. Anything else, and an image whose header reads but whose data does not
 * decode (a damaged file passes `metadata()` and fails only here), is a 400 on `file`: the sender's fault, not ours.
 */
export async function renderImage(bytes: Buffer): Promise<RenderedImage> {
  if (!imageKindOf(bytes)) throw refuse('Only JPEG, PNG and WebP images can be uploaded.');
  const { width } = await uprightSize(bytes);
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
  const renditions: RenderedImage['renditions'] = [];
  for (const target of widths) {
    let rendered: { data: Buffer; info: OutputInfo };
    try {
      rendered = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw refuse(UNREADABLE_IMAGE);
    }
    const { data, info } = rendered;
    renditions.push({ width: info.width, height: info.height, file: `${name}-${info.width}.webp`, data });
  }
  return { name, renditions };
}

/**
 * Writes the renditions into `directory` (made when missing). Each goes to a temporary name first and is renamed into
 * place, so a reader of the file (the /media/ server, a backup copying the pictures) sees the old bytes or the new,
 * never a file cut short.
 */
export async function writeRenditions(directory: string, image: RenderedImage): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const { file, data } of image.renditions) {
    const partial = join(directory, `.${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
    try {
      await writeFile(partial, data);
      await rename(partial, join(directory, file));
    } finally {
      await rm(partial, { force: true });
    }
  }
}

/**
 * The one way an image enters the shop's public media, for the console: rendered by `renderImage` (every rendition
 * decoded before any is written, so a damaged image leaves nothing behind) and written under `<mediaDir>/uploads`,
 * which /media/ serves. The file name is the content's hash, so the same image uploaded twice is stored once.
 */
export async function storeImage(mediaDir: string, bytes: Buffer): Promise<StoredImage> {
  const image = await renderImage(bytes);
  await writeRenditions(join(mediaDir, UPLOADS_DIR), image);
  const variants = image.renditions.map(({ width, file }) => ({ width, url: `/media/${UPLOADS_DIR}/${file}` }));
  const largest = image.renditions[image.renditions.length - 1];
  const url = variants[variants.length - 1]?.url;
  if (!largest || !url) throw new Error('no rendition was rendered');
  return { name: image.name, url, width: largest.width, height: largest.height, variants };
}

/** Multipart for one image of at most MAX_UPLOAD_BYTES, in the scope of the route that takes it. */
export const IMAGE_MULTIPART = { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } };
