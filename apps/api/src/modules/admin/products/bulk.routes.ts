import { AdminBulkApplyAnswer, AdminBulkPreviewAnswer, AdminBulkRequest, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf } from '../resource';
import { applyBulk, previewBulk } from './bulk.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };

/**
 * Bulk edits of products (issue 39, ADR 065): the same body previews (writes nothing) and applies. Staff may use them,
 * as they may edit a product one at a time.
 */
export const productBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['admin'], security: [{ adminToken: [] }], body: AdminBulkRequest };
  app.post(
    '/products/bulk/preview',
    {
      schema: {
        ...common,
        summary: "A bulk edit's before and after per product, and the rows it would refuse; changes nothing",
        response: { 200: AdminBulkPreviewAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await previewBulk(app.database.db, request.body) }),
  );
  app.post(
    '/products/bulk/apply',
    {
      schema: {
        ...common,
        summary:
          'Apply a bulk edit: one transaction per 500 products, an audit entry per product changed; answers counts',
        response: { 200: AdminBulkApplyAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await applyBulk(app.deps, adminOf(request), request.body) }),
  );
};
