import {
  AdminBreachAnswer,
  AdminBreachCreateRequest,
  AdminBreachListAnswer,
  AdminBreachPreviewAnswer,
  AdminBreachPreviewRequest,
  AdminBreachRecipientsAnswer,
  AdminBreachRecipientsQuery,
  AdminBreachSendRequest,
  AdminIdParams,
  AdminListQuery,
  ErrorAnswer,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grievanceOfficer } from '../consent';
import {
  breachPage,
  breachView,
  choosePeople,
  findBreach,
  noticePage,
  notifiedCount,
  recordBreach,
  sendBreachNotice,
} from '../privacy';
import { recordAudit } from './audit';
import { adminOf } from './resource';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const security = [{ adminToken: [] }];
const config = { ownerOnly: true };
/** The audit log's resource name of a breach. */
export const BREACH_RESOURCE = 'breaches';

/**
 * The breach drill (issue 35; DPDP Rules, rule 7) under /admin/api/breaches, for owners only: record a breach (its
 * 72 hours start), preview who is affected, send the notice once through the outbox, and list what went to whom.
 */
export const adminBreachRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(drillRoutes);
};

async function answerOf(db: Queryable, id: number) {
  const breach = await findBreach(db, id);
  const officer = await grievanceOfficer(db);
  const contact = officer.email ? (officer.name ? `${officer.name} <${officer.email}>` : officer.email) : null;
  return { success: true as const, data: { ...breachView(breach, await notifiedCount(db, id)), contact } };
}

/** The breaches, one breach, and whom its notice went to. */
const readRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/breaches',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Breaches recorded, newest first',
        security,
        querystring: AdminListQuery,
        response: { 200: AdminBreachListAnswer, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await breachPage(db, request.query);
      const data = rows.map((row) => breachView(row, row.notified));
      return { success: true as const, data, page: request.query.page, per_page: request.query.per_page, total };
    },
  );

  app.get(
    '/breaches/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'One breach, its 72-hour deadline and its notice',
        security,
        params: AdminIdParams,
        response: { 200: AdminBreachAnswer, ...failures },
      },
    },
    async (request) => answerOf(db, request.params.id),
  );

  app.get(
    '/breaches/:id/notices',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Who the notice went to, and when: for the report to the Board',
        security,
        params: AdminIdParams,
        querystring: AdminBreachRecipientsQuery,
        response: { 200: AdminBreachRecipientsAnswer, ...failures },
      },
    },
    async (request) => {
      await findBreach(db, request.params.id);
      const { rows, total } = await noticePage(db, request.params.id, request.query);
      const data = rows.map((row) => ({ email: row.email, queued_at: row.queuedAt.toISOString() }));
      return { success: true as const, data, page: request.query.page, per_page: request.query.per_page, total };
    },
  );
};

/** The drill: record a breach, preview its audience, send its notice; each change audited in its transaction. */
const drillRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.post(
    '/breaches',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Record a breach: the Board’s detailed report is due 72 hours from now',
        security,
        body: AdminBreachCreateRequest,
        response: { 200: AdminBreachAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const id = await db.transaction(async (tx) => {
        const row = await recordBreach(tx, admin, request.body);
        const entry = { before: null, after: request.body };
        await recordAudit(tx, admin, { action: 'create', resource: BREACH_RESOURCE, resourceId: row.id, ...entry });
        return row.id;
      });
      return answerOf(db, id);
    },
  );

  app.post(
    '/breaches/:id/preview',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'How many people an audience holds; sends nothing',
        security,
        params: AdminIdParams,
        body: AdminBreachPreviewRequest,
        response: { 200: AdminBreachPreviewAnswer, ...failures },
      },
    },
    async (request) => {
      await findBreach(db, request.params.id);
      const people = await choosePeople(db, request.body.audience);
      const { emails, invalid } = people;
      return {
        success: true as const,
        count: emails.length,
        sample: emails.slice(0, 10),
        invalid: invalid.slice(0, 20),
      };
    },
  );

  app.post(
    '/breaches/:id/send',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Send the notice to every affected person, once, through the outbox',
        security,
        params: AdminIdParams,
        body: AdminBreachSendRequest,
        response: { 200: AdminBreachAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await db.transaction(async (tx) => {
        const { breach, sent } = await sendBreachNotice(tx, request.params.id, request.body);
        const entry = { before: null, after: { subject: breach.noticeSubject, audience: breach.audience, sent } };
        await recordAudit(tx, admin, { action: 'notify', resource: BREACH_RESOURCE, resourceId: breach.id, ...entry });
      });
      return answerOf(db, request.params.id);
    },
  );
};
