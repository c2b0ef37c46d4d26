import {
  AdminIdParams,
  AdminWhatsAppSyncAnswer,
  type AdminWhatsAppTemplate,
  AdminWhatsAppTemplateAnswer,
  AdminWhatsAppTemplateInput,
  AdminWhatsAppTemplatesAnswer,
  ErrorAnswer,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeTemplate, createTemplate, listTemplates, submitTemplate, syncTemplates } from '../whatsapp';
import { recordAudit } from './audit';
import { adminOf } from './resource';

const schema = { tags: ['admin'], security: [{ adminToken: [] }] };
const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  502: ErrorAnswer,
};
const ownerOnly = { ownerOnly: true };

function modeOf(app: FastifyInstance) {
  if (!app.whatsapp.configured) return 'none' as const;
  return app.whatsapp.sandbox ? ('sandbox' as const) : ('cloud' as const);
}

type Audited = { before: AdminWhatsAppTemplate | null; after: AdminWhatsAppTemplate };

/** Records a change of a template in the audit log, as every console write is. */
async function audit(db: Queryable, request: FastifyRequest, { before, after }: Audited) {
  await recordAudit(db, adminOf(request), {
    action: before ? 'update' : 'create',
    resource: 'whatsapp_template',
    resourceId: after.id,
    before,
    after,
  });
  return { success: true as const, data: after };
}

/** The list and the copy of Meta's states. */
const readRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const listed = async () => ({ templates: await listTemplates(db), mode: modeOf(app) });
  app.get(
    '/whatsapp-templates',
    {
      config: ownerOnly,
      schema: {
        ...schema,
        summary: 'The WhatsApp templates',
        response: { 200: AdminWhatsAppTemplatesAnswer, ...failures },
      },
    },
    async () => ({ success: true as const, data: await listed() }),
  );
  app.post(
    '/whatsapp-templates/sync',
    {
      config: ownerOnly,
      schema: {
        ...schema,
        summary: "Copy every template's approval state from Meta",
        response: { 200: AdminWhatsAppSyncAnswer, ...failures },
      },
    },
    async () => {
      const result = await syncTemplates(db, app.whatsapp.client);
      return { success: true as const, data: { ...(await listed()), ...result } };
    },
  );
};

/** A new draft, a change of a draft or rejected one, and a submission for review; each audited. */
const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const one = { 200: AdminWhatsAppTemplateAnswer, ...failures };
  app.post(
    '/whatsapp-templates',
    {
      config: ownerOnly,
      schema: {
        ...schema,
        summary: 'Write a new WhatsApp template (a draft)',
        body: AdminWhatsAppTemplateInput,
        response: one,
      },
    },
    async (request) =>
      db.transaction(async (tx) => audit(tx, request, { before: null, after: await createTemplate(tx, request.body) })),
  );
  app.patch(
    '/whatsapp-templates/:id',
    {
      config: ownerOnly,
      schema: {
        ...schema,
        summary: 'Change a draft or rejected WhatsApp template',
        params: AdminIdParams,
        body: AdminWhatsAppTemplateInput,
        response: one,
      },
    },
    async (request) => audit(db, request, await changeTemplate(db, request.params.id, request.body)),
  );
  app.post(
    '/whatsapp-templates/:id/submit',
    {
      config: ownerOnly,
      schema: { ...schema, summary: "Submit a draft for Meta's review", params: AdminIdParams, response: one },
    },
    async (request) => audit(db, request, await submitTemplate(db, app.whatsapp.client, request.params.id)),
  );
};

/**
 * The shop's WhatsApp templates (issue 36), owners only: list, create a draft, change a draft or a rejected one,
 * submit one for Meta's review, and copy every state from Meta ("sync"). Each change is audited.
 */
export const whatsAppTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(changeRoutes);
};
