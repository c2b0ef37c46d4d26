import { AdminProductExportQuery, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../csv';
import { catalogueCsv } from './products-export';

/**
 * GET /products/export: the whole catalogue, archived products too, as a CSV file to download, in Kapaas's format
 * (which the import reads back) or Shopify's (for a brand that leaves). Staff may export, as they may see products.
 */
export const productExportRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/products/export',
    {
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary:
          "Every product as CSV (text/csv, streamed): format=kapaas, one row per size, or format=shopify, Shopify's product CSV",
        querystring: AdminProductExportQuery,
        response: { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return sendCsv(reply, `products-${format}`, catalogueCsv(app.database.db, format, publicUrl));
    },
  );
};
