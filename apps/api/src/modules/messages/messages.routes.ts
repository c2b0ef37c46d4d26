import {
  ContactRequest,
  ErrorAnswer,
  MessageAnswer,
  NewsletterConfirmRequest,
  NewsletterSubscribeRequest,
  StockAlertRequest,
  UnsubscribeQuery,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Limits } from '../../lib/rate-limit';
import { sendContactMessage, unsubscribe } from './messages.service';
import { confirmNewsletter, subscribeToNewsletter } from './newsletter';
import { requestStockAlert } from './stock-alerts';

const failures = { 400: ErrorAnswer, 429: ErrorAnswer };

/** What the unsubscribe answers, in the mail client's pop-up or on the storefront's page. */
export const UNSUBSCRIBED_MESSAGE =
  'Done: your consent is withdrawn and you will receive no more of these messages. Order messages still reach you.';

/**
 * Calls beyond product.md §7 (see §10): `contact`, `newsletter_subscribe`, `newsletter_confirm`,
 * `stock_alert` and `unsubscribe`. No session needed.
 */
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
        summary: 'Subscribe an address to the newsletter: a confirmation link is sent to it (double opt-in)',
        body: NewsletterSubscribeRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const { email, notice_version: noticeVersion } = request.body;
      await subscribeToNewsletter(app.deps, options.limits, request.ip, { email, noticeVersion });
      return {
        success: true as const,
        message: 'Almost done: please check your inbox and follow the link we sent to confirm your subscription.',
      };
    },
  );

  app.post(
    '/newsletter_confirm',
    {
      schema: {
        tags: ['messages'],
        summary: 'Confirm a newsletter subscription with the token of the link sent to the address',
        body: NewsletterConfirmRequest,
        response: { 200: MessageAnswer, 404: ErrorAnswer, ...failures },
      },
    },
    async (request) => {
      await confirmNewsletter(app.deps.db, request.body.token, request.ip);
      return { success: true as const, message: 'Thank you: your subscription is confirmed.' };
    },
  );

  app.post(
    '/stock_alert',
    {
      schema: {
        tags: ['messages'],
        summary: 'Ask for one message when a sold-out size of a product is back in stock',
        body: StockAlertRequest,
        response: { 200: MessageAnswer, 404: ErrorAnswer, 409: ErrorAnswer, ...failures },
      },
    },
    async (request) => {
      const { product_id: productId, size_id: sizeId, email, notice_version: noticeVersion } = request.body;
      const alert = { productId, sizeId, email, noticeVersion };
      const size = await requestStockAlert(app.deps.db, options.limits, request.ip, alert);
      return { success: true as const, message: `We will write to you once when size ${size} is back.` };
    },
  );

  await app.register(unsubscribeRoute);
};

/**
 * POST /unsubscribe?e=&s=: the one-click unsubscribe. Mail clients post `List-Unsubscribe=One-Click`
 * as a form (RFC 8058: multipart/form-data or application/x-www-form-urlencoded), so this route alone,
 * in its own plugin scope, takes those bodies too (read and ignored: the signed query says it all);
 * the storefront's page posts `{}` as JSON. Every other route stays JSON-only.
 */
const unsubscribeRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );
  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['messages'],
        summary: 'One-click unsubscribe (RFC 8058) from offers and reminders; takes a form body or JSON',
        querystring: UnsubscribeQuery,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: MessageAnswer, 400: ErrorAnswer },
      },
    },
    async (request) => {
      const { e: email, s: signature, p: purpose } = request.query;
      await unsubscribe(app.deps, { email, signature, purpose }, request.ip);
      return { success: true as const, message: UNSUBSCRIBED_MESSAGE };
    },
  );
  // A person who clicks the link (a message's footer, or a mail client that opens the header's link)
  // GETs it: that changes nothing, so that link scanners unsubscribe nobody, and leads to the page
  // with the one button.
  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['messages'],
        summary: 'Opened in a browser: leads (303) to the storefront page /unsubscribe with its one button',
        querystring: z.object({
          e: z.string().max(254).optional(),
          p: z.string().max(40).optional(),
          s: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { e = '', p, s = '' } = request.query;
      const query = new URLSearchParams(p ? { e, p, s } : { e, s });
      return reply.redirect(`/unsubscribe?${query}`, 303);
    },
  );
};
