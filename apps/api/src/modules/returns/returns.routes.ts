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
import { myReturns, requestReturn, returnDetails } from './request.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** return_request, my_returns and return_details: returns and size exchanges, for users and guests, keyed by the session. */
export const returnRoutes: FastifyPluginAsyncZod<{ mediaDir: string }> = async (app, { mediaDir }) => {
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
      const deps = { db: app.deps.db, catalogue: app.deps.catalogue, mediaDir };
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
