import { AdminPrivacyNoticeAnswer, AdminSaveNotice, ErrorAnswer } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticeVersions, publishNotice } from '../consent';
import { recordAudit } from './audit';
import { adminOf } from './resource';

const schema = { tags: ['admin'], security: [{ adminToken: [] }] };
const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };

async function versionsOf(db: Queryable) {
  return (await noticeVersions(db)).map((row) => ({
    version: row.version,
    body: row.body,
    author_email: row.authorEmail,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * The privacy notice (issue 35), owners only: GET /privacy-notice lists every version, newest (in force) first; POST
 * saves the text as the next version (a version is never changed), audited. The storefront's /privacy shows the newest.
 */
export const privacyNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/privacy-notice',
    {
      config: { ownerOnly: true },
      schema: {
        ...schema,
        summary: 'The privacy notice: every version',
        response: { 200: AdminPrivacyNoticeAnswer, ...failures },
      },
    },
    async () => ({ success: true as const, data: { versions: await versionsOf(db) } }),
  );

  app.post(
    '/privacy-notice',
    {
      config: { ownerOnly: true },
      schema: {
        ...schema,
        summary: 'Save the privacy notice as a new version',
        body: AdminSaveNotice,
        response: { 200: AdminPrivacyNoticeAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await db.transaction(async (tx) => {
        const saved = await publishNotice(tx, request.body.body, { adminId: admin.id, email: admin.email });
        const after = { version: saved.version, body: saved.body };
        await recordAudit(tx, admin, {
          action: 'create',
          resource: 'privacy_notice',
          resourceId: saved.version,
          before: null,
          after,
        });
      });
      return { success: true as const, data: { versions: await versionsOf(db) } };
    },
  );
};
