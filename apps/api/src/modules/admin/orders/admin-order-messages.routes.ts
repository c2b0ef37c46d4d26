import { AdminIdParams, AdminOrderMessagesAnswer, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors';
import { orderMessages } from '../../mail';
import { repliesTo } from '../../whatsapp';
import { adminOf } from '../resource';
import { orderSummary } from './admin-orders.repository';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/**
 * GET /orders/:id/messages: the order page's messages (issue 36), e-mail and WhatsApp with Meta's status and why one
 * went by e-mail instead, and the shopper's replies and taps on them. As "Messages sent" shows them: staff see the
 * shopper's messages, not the owners' copies.
 */
export const adminOrderMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/messages',
    {
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary:
          "An order's messages, e-mail and WhatsApp (status, Meta's error, the e-mail fallback's reason), oldest first, and the shopper's WhatsApp replies to them",
        params: AdminIdParams,
        response: { 200: AdminOrderMessagesAnswer, ...failures },
      },
    },
    async (request) => {
      const { db, mail } = app.deps;
      const orderId = request.params.id;
      if (!(await orderSummary(db, orderId))) throw new AppError('NOT_FOUND', 'Order not found.');
      const messages = await orderMessages(db, mail, orderId, { owner: adminOf(request).role === 'owner' });
      const wamids = messages.flatMap((message) => (message.whatsapp?.message_id ? [message.whatsapp.message_id] : []));
      return { success: true as const, data: { messages, replies: await repliesTo(db, wamids) } };
    },
  );
};
