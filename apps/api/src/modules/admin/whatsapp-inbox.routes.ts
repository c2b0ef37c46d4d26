import { AdminWhatsAppInboxAnswer, AdminWhatsAppInboxQuery, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { strayReplies } from '../whatsapp';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };

/**
 * GET /whatsapp-inbox: the owner's WhatsApp inbox (issue 36), the replies no handler of the shop took, newest first.
 * The owner's only: strangers' numbers and words. Read-only: answering needs a free-form message within 24 hours of
 * the shopper's, which the shop does not send from the console.
 */
export const whatsAppInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whatsapp-inbox',
    {
      config: { ownerOnly: true },
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary:
          'WhatsApp replies nobody was waiting for (a free text, a refused tap, a reply to a message the shop does not know), newest first; q matches the number or the text',
        querystring: AdminWhatsAppInboxQuery,
        response: { 200: AdminWhatsAppInboxAnswer, ...failures },
      },
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await strayReplies(app.deps.db, query);
      return { success: true as const, data: items, page: query.page, per_page: query.per_page, total };
    },
  );
};
