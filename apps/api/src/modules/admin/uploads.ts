import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { AdminUploadAnswer, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { recordAudit } from './audit';
import { adminOf } from './resource';

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

/**
 * POST /uploads (multipart, one file): a JPEG, PNG or WebP image, recognised by its bytes, is
 * converted to WebP at a few widths and written under DATA_DIR/media/uploads, which /media/
 * serves. The file name is the content's hash, so uploading the same image twice stores it once.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ mediaDir: string }> = async (app, { mediaDir }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  const directory = join(mediaDir, UPLOADS_DIR);

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (multipart field `file`: JPEG, PNG or WebP, at most 8 MB); answers its WebP URLs',
        security: [{ adminToken: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: AdminUploadAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 413: ErrorAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw refuse('Send the image as multipart/form-data in a field named "file".');
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw refuse('Send the image as multipart/form-data in a field named "file".');
        bytes = await part.toBuffer();
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
      if (!imageKindOf(bytes)) throw refuse('Only JPEG, PNG and WebP images can be uploaded.');

      let width: number;
      let height: number;
      try {
        const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
        width = metadata.autoOrient?.width ?? metadata.width ?? 0;
        height = metadata.autoOrient?.height ?? metadata.height ?? 0;
      } catch {
        throw refuse('The image could not be read: it may be damaged.');
      }
      if (width === 0 || height === 0) throw refuse('The image could not be read: it may be damaged.');

      const name = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
      const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
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
      const answer = { url: largest.url, width: largest.width, height: largestHeight, variants };
      await recordAudit(app.database.db, adminOf(request), {
        action: 'upload',
        resource: 'uploads',
        resourceId: name,
        before: null,
        after: answer,
      });
      return { success: true as const, ...answer };
    },
  );
};
