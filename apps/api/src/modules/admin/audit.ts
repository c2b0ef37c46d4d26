import { AdminAuditListAnswer, AdminAuditListQuery, ErrorAnswer } from '@kapaas/contract';
import { and, auditLog, count, desc, eq, inArray, not, type Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { AdminPrincipal } from './auth.service';

/** One admin write, as the audit log keeps it. */
export interface AuditEntry {
  action: string;
  resource: string;
  resourceId: number | string | null;
  before: unknown;
  after: unknown;
}

/** Records a write; call it inside the write's transaction, so that both commit or neither. */
export async function recordAudit(
  db: Queryable,
  // A command run by the operator (npm run import) has no admin account: its id is null, its "email" names it.
  admin: { id: number | null; email: string },
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId === null ? null : String(entry.resourceId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The resources only owners may read or change (the team and the settings, ADR 013; the rights requests and the
 * breaches, issue 35); their audit entries hold what they held (e-mails, roles, login addresses, answers to people
 * about their data), so staff do not see them here either.
 */
export const OWNER_ONLY_RESOURCES = ['admins', 'settings', 'privacy_requests', 'breaches', 'customer_data'] as const;

async function auditPage(db: Queryable, query: z.output<typeof AdminAuditListQuery>, admin: AdminPrincipal) {
  const where = and(
    admin.role === 'owner' ? undefined : not(inArray(auditLog.resource, [...OWNER_ONLY_RESOURCES])),
    query.resource ? eq(auditLog.resource, query.resource) : undefined,
    query.resource_id ? eq(auditLog.resourceId, query.resource_id) : undefined,
    query.admin_id ? eq(auditLog.adminId, query.admin_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
  );
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** GET /audit-log: every admin write, newest first, filtered by resource, record, admin or action; staff see no owner-only entries. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every admin write: who, when, what, before and after',
        security: [{ adminToken: [] }],
        querystring: AdminAuditListQuery,
        response: { 200: AdminAuditListAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer },
      },
    },
    async (request) => {
      const admin = request.admin;
      if (!admin) throw new AppError('UNAUTHORIZED', 'Please log in.');
      const resource = request.query.resource;
      if (admin.role !== 'owner' && OWNER_ONLY_RESOURCES.some((ownerOnly) => ownerOnly === resource)) {
        throw new AppError('FORBIDDEN', 'Only an owner may read the entries of the team and the settings.');
      }
      const { rows, total } = await auditPage(app.database.db, request.query, admin);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          admin_id: row.adminId,
          admin_email: row.adminEmail,
          action: row.action,
          resource: row.resource,
          resource_id: row.resourceId,
          before: row.before,
          after: row.after,
          created_at: row.createdAt.toISOString(),
        })),
        page: request.query.page,
        per_page: request.query.per_page,
        total,
      };
    },
  );
};
