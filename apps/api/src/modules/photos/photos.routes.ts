import multipart from '@fastify/multipart';
import { ErrorAnswer, PhotoUploadAnswer } from '@kapaas/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MULTIPART, readUploadedForm } from '../../lib/images';
import { resolveOwner } from '../../lib/owner';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { type PhotoPlaces, shopperReturnPhoto, uploadPhoto } from './photos.service';

export interface PhotoRouteOptions extends PhotoPlaces {
  limits: Limits;
}

/** A rendition's file name as a route parameter; its shape is checked by the service (404 otherwise). */
export const PhotoFileParams = z.object({ file: z.string().max(64) });

/**
 * Sends a private photo: never kept by a browser's or a proxy's cache (the answer depends on who asks), and never
 * taken for anything but a WebP.
 */
export function sendPrivatePhoto(reply: FastifyReply, bytes: Buffer) {
  return reply
    .type('image/webp')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * photo_upload (multipart: `purpose` and `product_id` or `order_id`, then `file`), in a scope of its own since it is
 * the only customer call that takes multipart; and GET /return_photo/<file>, a return's photo for its shopper.
 */
export const photoRoutes: FastifyPluginAsyncZod<PhotoRouteOptions> = async (app, options) => {
  const deps = { db: app.database.db, mediaDir: options.mediaDir, privateDir: options.privateDir };
  const { limits } = options;
  await app.register(multipart, IMAGE_MULTIPART);
  app.post(
    '/photo_upload',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'A photo for the review of a product you received, or for the return of your delivered order (multipart: purpose, product_id or order_id, then file)',
        consumes: ['multipart/form-data'],
        response: {
          200: PhotoUploadAnswer,
          400: ErrorAnswer,
          401: ErrorAnswer,
          403: ErrorAnswer,
          404: ErrorAnswer,
          409: ErrorAnswer,
          429: ErrorAnswer,
        },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request);
      await new RateLimiter(deps.db).hit(`photo-upload:ip:${request.ip}`, limits.photoUploadsPerAddress);
      const form = await readUploadedForm(request);
      const perLimits = { perOrder: limits.photoUploadsPerOrder, perShopper: limits.photoUploadsPerShopper };
      return { success: true as const, url: await uploadPhoto(deps, owner, perLimits, form) };
    },
  );

  app.get(
    '/return_photo/:file',
    {
      schema: {
        tags: ['orders'],
        summary: "A photo of one of your returns (image/webp, not cached); anyone else's answers 404",
        params: PhotoFileParams,
        response: { 401: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      return sendPrivatePhoto(reply, await shopperReturnPhoto(deps, owner, request.params.file));
    },
  );
};
