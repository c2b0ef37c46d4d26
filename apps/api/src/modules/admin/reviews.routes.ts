import {
  AdminIdParams,
  AdminReviewAnswer,
  AdminReviewHideRequest,
  AdminReviewListAnswer,
  AdminReviewListQuery,
  AdminReviewShowRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleReview, consoleReviewPage, type ReviewViewer, setHidden } from '../reviews';
import { recordAudit } from './audit';
import type { AdminPrincipal } from './auth.service';
import { adminOf } from './resource';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };
const security = [{ adminToken: [] }];
/** Only owners read the reviewer's e-mail; staff moderate with it masked. */
const viewerOf = (admin: AdminPrincipal): ReviewViewer => ({ owner: admin.role === 'owner' });

/**
 * Reviews in the console: every review, published or hidden; owners and staff alike may hide one
 * (with a reason the log keeps) and show it again. Each change is audited (resource `reviews`);
 * a hidden review leaves its product's average, count, stars and fit at once.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews, newest first: by product, published or hidden, stars, or words',
        security,
        querystring: AdminReviewListQuery,
        response: { 200: AdminReviewListAnswer, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await consoleReviewPage(app.deps.db, request.query, viewerOf(adminOf(request)));
      return { success: true as const, data: rows, page: request.query.page, per_page: request.query.per_page, total };
    },
  );

  app.get(
    '/reviews/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One review, published or hidden',
        security,
        params: AdminIdParams,
        response: { 200: AdminReviewAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await consoleReview(app.deps.db, request.params.id, viewerOf(adminOf(request))),
    }),
  );

  const moderate = async (admin: AdminPrincipal, id: number, hide: { reason: string } | null) => {
    const change = hide ? { hide: true as const, reason: hide.reason, adminId: admin.id } : { hide: false as const };
    const { statsChanged, productId } = await app.deps.db.transaction(async (tx) => {
      const { before, after, statsChanged } = await setHidden(tx, id, change);
      const state = (row: typeof before) => ({ hidden: row.hiddenAt !== null, hidden_reason: row.hiddenReason });
      await recordAudit(tx, admin, {
        action: hide ? 'hide' : 'show',
        resource: 'reviews',
        resourceId: id,
        before: state(before),
        after: state(after),
      });
      return { statsChanged, productId: before.productId };
    });
    if (statsChanged) await app.catalogue.reviewsChanged([productId]);
    return { success: true as const, data: await consoleReview(app.deps.db, id, viewerOf(admin)) };
  };

  app.post(
    '/reviews/:id/hide',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hide a review from the product page, with the reason',
        security,
        params: AdminIdParams,
        body: AdminReviewHideRequest,
        response: { 200: AdminReviewAnswer, ...failures },
      },
    },
    async (request) => moderate(adminOf(request), request.params.id, { reason: request.body.reason }),
  );

  app.post(
    '/reviews/:id/show',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish a hidden review again',
        security,
        params: AdminIdParams,
        body: AdminReviewShowRequest,
        response: { 200: AdminReviewAnswer, ...failures },
      },
    },
    async (request) => moderate(adminOf(request), request.params.id, null),
  );
};
