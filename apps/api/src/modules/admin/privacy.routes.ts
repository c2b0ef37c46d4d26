import {
  AdminIdParams,
  AdminPrivacyRequestAnswer,
  AdminPrivacyRequestListAnswer,
  AdminPrivacyRequestListQuery,
  AdminPrivacyRequestReply,
  AdminPrivacyRequestStartRequest,
  type AdminPrivacyTrailEntry,
  ErrorAnswer,
} from '@kapaas/contract';
import { and, asc, auditLog, eq, type Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerPrivacyRequest,
  findPrivacyRequest,
  privacyRequestPage,
  requestView,
  startPrivacyRequest,
} from '../privacy';
import { recordAudit } from './audit';
import { adminOf } from './resource';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const security = [{ adminToken: [] }];
/** The address an erased person's request is left with (privacy/erasure.ts). */
const ERASED_EMAIL = 'erased@invalid';

/** The audit log's resource name of a rights request. */
export const PRIVACY_REQUEST_RESOURCE = 'privacy_requests';

type PrivacyRequestRow = Awaited<ReturnType<typeof findPrivacyRequest>>;

/**
 * A request's trail: the person's steps (asked, confirmed by e-mail) from the request itself, then each change in the
 * console from the audit log, oldest first.
 */
async function trailOf(db: Queryable, row: PrivacyRequestRow): Promise<AdminPrivacyTrailEntry[]> {
  // An erased person's request keeps neither their account nor their address (privacy/erasure.ts): it was theirs,
  // not a guest's at erased@invalid, and whether they confirmed by e-mail is no longer known.
  const erased = row.email === ERASED_EMAIL;
  const person = erased
    ? 'the person (account erased)'
    : row.userId === null
      ? `${row.email} (guest)`
      : `${row.email} (account ${row.userId})`;
  const trail: AdminPrivacyTrailEntry[] = [
    { at: row.createdAt.toISOString(), who: person, action: `asked (${row.kind})`, detail: row.message },
  ];
  if (!erased && row.userId === null && row.confirmedAt) {
    trail.push({ at: row.confirmedAt.toISOString(), who: person, action: 'confirmed by e-mail', detail: null });
  }
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, PRIVACY_REQUEST_RESOURCE), eq(auditLog.resourceId, String(row.id))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  for (const entry of entries) {
    const after = entry.after as { answer?: string | null } | null;
    trail.push({
      at: entry.createdAt.toISOString(),
      who: entry.adminEmail,
      action: entry.action,
      detail: after?.answer ?? null,
    });
  }
  return trail;
}

async function detailOf(db: Queryable, id: number) {
  const row = await findPrivacyRequest(db, id);
  return { success: true as const, data: { ...requestView(row), trail: await trailOf(db, row) } };
}

const auditState = (row: PrivacyRequestRow) => ({ status: row.status, answer: row.answer });

/**
 * The rights requests (issue 35) under /admin/api/privacy-requests, for owners only: the grievance officer's work,
 * holding what people asked about their own data. Soonest due first; each change is audited (resource
 * `privacy_requests`), and the audit entries are the request's trail.
 */
export const adminPrivacyRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(changeRoutes);
};

const config = { ownerOnly: true };

const readRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy-requests',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Rights requests and grievances, soonest due first, with their 90-day due dates',
        security,
        querystring: AdminPrivacyRequestListQuery,
        response: { 200: AdminPrivacyRequestListAnswer, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await privacyRequestPage(app.deps.db, request.query);
      return { success: true as const, data: rows, page: request.query.page, per_page: request.query.per_page, total };
    },
  );

  app.get(
    '/privacy-requests/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'One rights request, with its answer and audit trail',
        security,
        params: AdminIdParams,
        response: { 200: AdminPrivacyRequestAnswer, ...failures },
      },
    },
    async (request) => detailOf(app.deps.db, request.params.id),
  );
};

/** Starting and answering: each in one transaction with its audit entry. */
const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/privacy-requests/:id/start',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Mark a request as being worked on (open → in_progress)',
        security,
        params: AdminIdParams,
        body: AdminPrivacyRequestStartRequest,
        response: { 200: AdminPrivacyRequestAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.deps.db.transaction(async (tx) => {
        const { before, after } = await startPrivacyRequest(tx, request.params.id);
        const entry = { before: auditState(before), after: auditState(after) };
        await recordAudit(tx, admin, {
          action: 'start',
          resource: PRIVACY_REQUEST_RESOURCE,
          resourceId: after.id,
          ...entry,
        });
      });
      return detailOf(app.deps.db, request.params.id);
    },
  );

  app.post(
    '/privacy-requests/:id/answer',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Answer (or reject, saying why) a request: the answer is mailed to the requester',
        security,
        params: AdminIdParams,
        body: AdminPrivacyRequestReply,
        response: { 200: AdminPrivacyRequestAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const reply = { ...request.body, adminId: admin.id };
      await app.deps.db.transaction(async (tx) => {
        const { before, after } = await answerPrivacyRequest(tx, request.params.id, reply);
        const entry = { before: auditState(before), after: auditState(after) };
        await recordAudit(tx, admin, {
          action: reply.outcome,
          resource: PRIVACY_REQUEST_RESOURCE,
          resourceId: after.id,
          ...entry,
        });
      });
      return detailOf(app.deps.db, request.params.id);
    },
  );
};
