import { ErrorAnswer, MessageAnswer, PrivacyRequestConfirmRequest, PrivacyRequestRequest } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../lib/rate-limit';
import { CHECK_INBOX_MESSAGE, confirmPrivacyRequest, REQUEST_TAKEN_MESSAGE, takePrivacyRequest } from './requests';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 429: ErrorAnswer };

/**
 * `privacy_request` and `privacy_request_confirm` (docs/customer-api.md): a rights request under the DPDP Act, from
 * the session's account, or from a guest's address once the link mailed to it is followed.
 */
export const privacyRequestRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, options) => {
  app.post(
    '/privacy_request',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Ask for access, correction or erasure of your data, or file a grievance; a guest confirms by e-mail',
        body: PrivacyRequestRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const identity = await request.identity();
      const caller = { address: request.ip, userId: identity?.userId ?? null };
      const taken = await takePrivacyRequest(app.deps, options.limits, caller, request.body);
      return { success: true as const, message: taken === 'taken' ? REQUEST_TAKEN_MESSAGE : CHECK_INBOX_MESSAGE };
    },
  );

  app.post(
    '/privacy_request_confirm',
    {
      schema: {
        tags: ['privacy'],
        summary: "Confirm a guest's privacy request with the token of the link mailed to its address",
        body: PrivacyRequestConfirmRequest,
        response: { 200: MessageAnswer, 404: ErrorAnswer, ...failures },
      },
    },
    async (request) => {
      await confirmPrivacyRequest(app.deps.db, request.body.token);
      return { success: true as const, message: REQUEST_TAKEN_MESSAGE };
    },
  );
};
