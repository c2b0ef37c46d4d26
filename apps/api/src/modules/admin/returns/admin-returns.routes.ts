import {
  AdminIdParams,
  AdminReturnAnswer,
  AdminReturnDecisionRequest,
  AdminReturnListAnswer,
  AdminReturnListQuery,
  AdminReturnReceiveRequest,
  AdminReturnRefundRequest,
  AdminReturnRejectRequest,
  AdminReturnShipRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PhotoFileParams, type PhotoPlaces, sendPrivatePhoto, staffReturnPhoto } from '../../photos';
import { adminOf } from '../resource';
import {
  approveReturn,
  bookPickup,
  findReturn,
  listReturns,
  receiveReturn,
  rejectReturn,
  shipExchange,
} from './admin-returns.service';
import { refundReturn } from './refund';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  502: ErrorAnswer,
};
const tags = ['admin'];
const security = [{ adminToken: [] }];

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

const depsOf = (app: AdminApp) => ({
  db: app.database.db,
  payments: app.payments,
  catalogue: app.catalogue,
  log: app.log,
});

/** GET /returns and GET /returns/:id. */
function readRoutes(app: AdminApp) {
  app.get(
    '/returns',
    {
      schema: {
        tags,
        security,
        summary: 'Return and exchange requests, newest first, by status; q searches order number, e-mail and name',
        querystring: AdminReturnListQuery,
        response: { 200: AdminReturnListAnswer, ...failures },
      },
    },
    async (request) => {
      const { items, total } = await listReturns(app.database.db, request.query);
      return { success: true as const, data: items, page: request.query.page, per_page: request.query.per_page, total };
    },
  );

  app.get(
    '/returns/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One return: lines, photos, refund, exchange parcel, history, and the moves it allows now',
        params: AdminIdParams,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await findReturn(app.database.db, request.params.id) }),
  );
}

/** GET /return-photos/:file: a return's photo (private to its shopper and the staff), never kept by a cache. */
function photoRoute(app: AdminApp, places: PhotoPlaces) {
  app.get(
    '/return-photos/:file',
    {
      schema: {
        tags,
        security,
        summary: 'A photo a shopper sent with a return (image/webp, not cached); the console shows it with the token',
        params: PhotoFileParams,
        response: { 401: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request, reply) =>
      sendPrivatePhoto(reply, await staffReturnPhoto({ db: app.database.db, ...places }, request.params.file)),
  );
}

/** POST /returns/:id/approve and /reject: the owner's decision on a new request. */
function decisionRoutes(app: AdminApp) {
  app.post(
    '/returns/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a new request; the shopper is told to send the pieces back (409 unless requested)',
        params: AdminIdParams,
        body: AdminReturnDecisionRequest,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await approveReturn(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a new request with the reason; held exchange sizes are released (409 unless requested)',
        params: AdminIdParams,
        body: AdminReturnRejectRequest,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rejectReturn(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );
}

/** POST /returns/:id/receive, /refund and /ship-exchange: what follows once the shopper sent the parcel. */
function settlementRoutes(app: AdminApp) {
  app.post(
    '/returns/:id/receive',
    {
      schema: {
        tags,
        security,
        summary: 'The parcel came back: its pieces go back on sale, once (409 unless approved)',
        params: AdminIdParams,
        body: AdminReturnReceiveRequest,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await receiveReturn(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/refund',
    {
      schema: {
        tags,
        security,
        summary:
          'Refund the return lines once received: through the provider for a prepaid order (once), by bank or UPI with its reference for cash on delivery',
        params: AdminIdParams,
        body: AdminReturnRefundRequest,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refundReturn(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/ship-exchange',
    {
      schema: {
        tags,
        security,
        summary: 'The exchange’s new sizes leave, with the tracking note for the shopper (once, after receipt)',
        params: AdminIdParams,
        body: AdminReturnShipRequest,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shipExchange(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );
}

/** POST /returns/:id/pickup: "Book pickup", the courier fetches the parcel (ADR 044). */
function pickupRoute(app: AdminApp) {
  app.post(
    '/returns/:id/pickup',
    {
      schema: {
        tags,
        security,
        summary:
          'Book the courier’s reverse pickup of an approved return: the return order from the shopper’s address to the shop’s pickup location, the AWB and the pickup (once: a second call answers the same pickup; 409 unless approved or when the courier refuses, 502 when it cannot be reached); its tracking receives the return when the parcel is delivered back',
        params: AdminIdParams,
        response: { 200: AdminReturnAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await bookPickup({ ...depsOf(app), courier: app.courier }, adminOf(request), request.params.id),
    }),
  );
}

/** /returns: the owner's side of returns and size exchanges, every move audited (resource `returns`). */
export const adminReturnRoutes: FastifyPluginAsyncZod<PhotoPlaces> = async (app, places) => {
  readRoutes(app);
  photoRoute(app, places);
  decisionRoutes(app);
  settlementRoutes(app);
  pickupRoute(app);
};
