import { ContactRequest, ErrorAnswer, MessageAnswer, NewsletterSubscribeRequest } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../lib/rate-limit';
import { sendContactMessage, subscribeToNewsletter } from './messages.service';

const failures = { 400: ErrorAnswer, 429: ErrorAnswer };

/** Calls beyond product.md §7 (see §10): `contact` and `newsletter_subscribe`. No session needed. */
export const messageRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, options) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['messages'],
        summary: 'Send the contact form to the shop',
        body: ContactRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await sendContactMessage(app.deps.db, options.limits, request.ip, request.body);
      return { success: true as const, message: 'Your message has been sent!' };
    },
  );

  app.post(
    '/newsletter_subscribe',
    {
      schema: {
        tags: ['messages'],
        summary: 'Subscribe an e-mail address to the newsletter (again is harmless)',
        body: NewsletterSubscribeRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await subscribeToNewsletter(app.deps.db, options.limits, request.ip, request.body.email);
      return { success: true as const, message: 'Thank you for subscribing!' };
    },
  );
};
