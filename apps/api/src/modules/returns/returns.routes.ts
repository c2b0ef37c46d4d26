import {
  ErrorAnswer,
  MyReturnsAnswer,
  MyReturnsRequest,
  ReturnDetailsAnswer,
  ReturnDetailsRequest,
  ReturnRequestAnswer,
  ReturnRequestRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import type { PhotoPlaces } from '../photos';
import { movePublicReturnPhotos } from './legacy-photos';
import { myReturns, requestReturn, returnDetails } from './request.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * return_request, my_returns and return_details: returns and size exchanges, for users and guests, keyed by the
 * session. Before the shop serves, return photos from before they were private leave the public media.
 */
export const returnRoutes: FastifyPluginAsyncZod<PhotoPlaces> = async (app, places) => {
  app.addHook('onReady', async () => {
    const log = app.deps.log.child({ module: 'returns' });
    try {
      await movePublicReturnPhotos({ db: app.deps.db, log, ...places });
    } catch (err) {
      // The photos stay where they were (public) and the next start tries again; the shop still serves.
      log.error({ err }, 'return photos could not be moved out of the public media');
    }
  });

  app.post(
    '/return_request',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Ask to return pieces of a delivered order, or exchange them for another size (held at once), within the return window',
        body: ReturnRequestRequest,
        response: { 200: ReturnRequestAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      const deps = { db: app.deps.db, catalogue: app.deps.catalogue };
      const returnId = await requestReturn(deps, owner, request.body);
      return {
        success: true as const,
        message: 'Your request was sent. We will write to you once we have looked at it.',
        return_id: returnId,
      };
    },
  );

  app.post(
    '/my_returns',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's return and exchange requests, newest first",
        body: MyReturnsRequest,
        response: { 200: MyReturnsAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return { success: true as const, data: await myReturns(app.deps.db, owner) };
    },
  );

  app.post(
    '/return_details',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the shopper’s returns with its lines, refund, exchange parcel and history',
        body: ReturnDetailsRequest,
        response: { 200: ReturnDetailsAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return { success: true as const, data: await returnDetails(app.deps.db, owner, request.body.return_id) };
    },
  );
};
