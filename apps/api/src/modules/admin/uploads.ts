import multipart from '@fastify/multipart';
import { AdminUploadAnswer, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MULTIPART, readUploadedFile, storeImage } from '../../lib/images';
import { recordAudit } from './audit';
import { adminOf } from './resource';

export { imageKindOf, MAX_UPLOAD_BYTES, UPLOAD_WIDTHS } from '../../lib/images';

/** POST /uploads (multipart, one file): an image for the catalogue, stored by `storeImage` and audited. */
export const uploadRoutes: FastifyPluginAsyncZod<{ mediaDir: string }> = async (app, { mediaDir }) => {
  await app.register(multipart, IMAGE_MULTIPART);

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
      const { name, ...answer } = await storeImage(mediaDir, await readUploadedFile(request));
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
