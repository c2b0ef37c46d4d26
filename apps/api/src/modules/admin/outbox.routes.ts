import {
  AdminIdParams,
  AdminOutboxAnswer,
  AdminOutboxListAnswer,
  AdminOutboxListQuery,
  AdminOutboxResendAnswer,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { findOutboxMessage, listOutbox, outboxKinds, resendMessage } from '../mail';
import { recordAudit } from './audit';
import type { AdminPrincipal } from './auth.service';
import { adminOf } from './resource';

const tags = ['admin'];
const security = [{ adminToken: [] }];
const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** Owners see every message; staff see the shoppers' (not the team's own, mail/outbox-admin.ts). */
const viewerOf = (admin: AdminPrincipal) => ({ owner: admin.role === 'owner' });

/**
 * "Messages sent": GET /outbox (newest first; status, kind, and `q` in the recipient or subject),
 * GET /outbox/:id (the message as it goes out, a sealed secret masked, with its attempts), and
 * POST /outbox/:id/resend (a copy queued as a new message, audited).
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags,
        security,
        summary: 'Every e-mail the shop sent or is to send, newest first, filtered by status, kind and text',
        querystring: AdminOutboxListQuery,
        response: { 200: AdminOutboxListAnswer, ...failures },
      },
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await listOutbox(app.deps.db, app.deps.mail, query, viewerOf(adminOf(request)));
      return {
        success: true as const,
        data: items,
        page: query.page,
        per_page: query.per_page,
        total,
        kinds: outboxKinds(),
        mail_server: app.deps.mail.smtpUrl !== null,
      };
    },
  );

  app.get(
    '/outbox/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One e-mail: its HTML and text as they go out (secrets masked), headers, attempts and replies',
        params: AdminIdParams,
        response: { 200: AdminOutboxAnswer, ...failures },
      },
    },
    async (request) => {
      const found = await findOutboxMessage(app.deps.db, app.deps.mail, request.params.id, viewerOf(adminOf(request)));
      if (!found) throw new AppError('NOT_FOUND', 'Message not found.');
      return { success: true as const, data: found };
    },
  );

  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        tags,
        security,
        summary:
          'Queue a copy of a sent, failed or skipped e-mail as a new message (409 while it is still queued or sending, or when its link expired)',
        params: AdminIdParams,
        response: { 200: AdminOutboxResendAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const id = request.params.id;
      const copy = await app.deps.db.transaction(async (tx) => {
        const resent = await resendMessage(tx, id, viewerOf(admin));
        const { original } = resent;
        await recordAudit(tx, admin, {
          action: 'resend',
          resource: 'outbox',
          resourceId: id,
          before: null,
          after: { id: resent.id, resent_from: id, kind: original.kind, recipient: original.recipient },
        });
        return resent;
      });
      return {
        success: true as const,
        message: `Queued again as message #${copy.id}.`,
        data: { id: copy.id },
      };
    },
  );
};
