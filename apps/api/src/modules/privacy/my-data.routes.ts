import {
  DeleteMyAccountRequest,
  ErrorAnswer,
  MessageAnswer,
  MyDataDownloadRequest,
  MyDataExportRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { Limits } from '../../lib/rate-limit';
import { ACCOUNT_DELETED_MESSAGE, deleteMyAccount, type ErasureDeps } from './erasure';
import { EXPORT_MAILED_MESSAGE, startExport, takeExport } from './export';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 409: ErrorAnswer, 429: ErrorAnswer };
const LOG_IN_MESSAGE = 'Please log in first.';

/** The HTML page of a refused link: its words, in a page a browser shows (the link is opened, not fetched). */
const refusalPage = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Your data at Kapaas</title></head><body><h1>Your data at Kapaas</h1><p>${message.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))}</p></body></html>`;

/**
 * my_data_export, my_data and delete_my_account (docs/customer-api.md, issue 35): a shopper's copy of their data
 * and the erasure of their account. The session names the shopper; nothing in the body does.
 */
export const myDataRoutes: FastifyPluginAsyncZod<
  { limits: Limits; mediaDir: string; privateDir: string } & Pick<ErasureDeps, 'forgetCustomerInConsole'>
> = async (app, options) => {
  const places = {
    mediaDir: options.mediaDir,
    privateDir: options.privateDir,
    forgetCustomerInConsole: options.forgetCustomerInConsole,
  };
  app.post(
    '/my_data_export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'E-mail the logged-in shopper a link to a copy of their data (JSON and an HTML summary)',
        body: MyDataExportRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = (await request.identity())?.userId;
      if (userId == null) throw new AppError('UNAUTHORIZED', LOG_IN_MESSAGE);
      await startExport({ ...app.deps, privateDir: options.privateDir }, options.limits, userId);
      return { success: true as const, message: EXPORT_MAILED_MESSAGE };
    },
  );

  // The link of the export's e-mail: opened in the browser, so it answers a page, and a page when it refuses.
  app.get(
    '/my_data',
    {
      schema: {
        tags: ['privacy'],
        summary: "Open a data export's link, once, logged in",
        querystring: MyDataDownloadRequest,
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8');
      try {
        const userId = (await request.identity())?.userId;
        if (userId == null) throw new AppError('UNAUTHORIZED', `${LOG_IN_MESSAGE} Then open the link again.`);
        const files = await takeExport(options.privateDir, request.query.token, userId);
        return reply.send(files.page);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.code(error.statusCode).send(refusalPage(error.message));
      }
    },
  );

  app.post(
    '/delete_my_account',
    {
      schema: {
        tags: ['privacy'],
        summary: "Erase the logged-in shopper's account with its password; refused while an order is open",
        body: DeleteMyAccountRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const userId = (await request.identity())?.userId;
      if (userId == null) throw new AppError('UNAUTHORIZED', LOG_IN_MESSAGE);
      await deleteMyAccount({ db: app.deps.db, ...places }, userId, request.body.password);
      await app.sessions.end(request, reply);
      return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
    },
  );
};
