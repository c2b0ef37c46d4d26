import { isDatabaseUnavailable } from '@kapaas/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { SANDBOX_TOKEN } from './sandbox.constants';
import {
  chat,
  GraphError,
  queueStatuses,
  ReplyBody,
  releaseHeld,
  reply,
  STATUS_VALUES,
  sendMessage,
} from './sandbox.graph';
import { PAGE_SCRIPT, PAGE_STYLES, sandboxPage } from './sandbox.page';
import { ApproveBody, createTemplate, listTemplates, review } from './sandbox.templates';
import type { WebhookDeliverer } from './sandbox.webhooks';

export interface SandboxRoutesOptions {
  deliverer: WebhookDeliverer;
}

/** Every error in Meta's shape `{ error: { message, type, code, fbtrace_id } }`. */
function sandboxErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof GraphError) return reply.code(error.statusCode).send(error.body);
  const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    return reply.code(status).send(new GraphError(status, 100, error.message || 'Invalid parameter').body);
  }
  request.log.error({ err: error }, 'WhatsApp sandbox request failed');
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) reply.header('retry-after', '5');
  // Meta's "service temporarily unavailable", which the shop's client takes as worth another try.
  return reply.code(unavailable ? 503 : 500).send(new GraphError(500, 2, 'Service temporarily unavailable').body);
}

const hide = { schema: { hide: true } };

/** The Graph API's bearer token; a wrong one is Meta's 401 with code 190. */
async function requireToken(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.authorization !== `Bearer ${SANDBOX_TOKEN}`) {
    const error = new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    return reply.code(401).send(error.body);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new GraphError(
      400,
      100,
      '(#100) Invalid parameter',
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

type Graph = { Params: { version: string; id: string } };

/** The Graph API paths, as graph.facebook.com/{version}/…. */
async function graphRoutes(api: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = api.database;
  api.addHook('onRequest', requireToken);
  api.post<Graph>('/:version/:id/messages', hide, async (request) => {
    const result = await sendMessage(db, request.params.id, request.body);
    options.deliverer.send(result.webhookIds);
    return result.answer;
  });
  api.get<Graph>('/:version/:id/message_templates', hide, async (request) => listTemplates(db, request.params.id));
  api.post<Graph>('/:version/:id/message_templates', hide, async (request) =>
    createTemplate(db, request.params.id, request.body),
  );
}

const StatusesBody = z.object({
  message_id: z.string().min(1),
  statuses: z.array(z.enum(STATUS_VALUES)).min(1).max(10),
  error_code: z.number().int().optional(),
  error_title: z.string().min(1).max(200).optional(),
});

const ReleaseBody = z.object({
  message_id: z.string().min(1).optional(),
  order: z.enum(['queued', 'reverse']).default('queued'),
});

/** What tests (and the page) use: a number's chat, a tap or a reply, a template's review, statuses on request. */
async function testRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = app.database;
  app.get<{ Querystring: { to?: string } }>('/test/messages', hide, async (request) => {
    const rows = await chat(db, request.query.to);
    return rows.map((row) => ({
      id: row.wamid,
      direction: row.direction,
      to: row.phone,
      template: row.template,
      language: row.language,
      parameters: row.parameters,
      text: row.text,
      buttons: row.buttons,
      context_message_id: row.contextId,
      button_payload: row.buttonPayload,
      created_at: row.createdAt.toISOString(),
    }));
  });
  app.post('/test/reply', hide, async (request) => {
    const result = await reply(db, parse(ReplyBody, request.body));
    options.deliverer.send(result.webhookIds);
    return result.answer;
  });
  // The held statuses of a number ending in 9999, let go in order or reversed.
  app.post('/test/release', hide, async (request) => {
    const input = parse(ReleaseBody, request.body);
    const ids = await releaseHeld(db, input.message_id, input.order);
    options.deliverer.send(ids);
    return { released: ids.length, order: input.order };
  });
  app.post('/test/approve', hide, async (request) => review(db, parse(ApproveBody, request.body)));
  // Statuses of a sent message in the order given (out of order, twice, or failed with Meta's code).
  app.post('/test/statuses', hide, async (request) => {
    const input = parse(StatusesBody, request.body);
    const [message] = await chat(db).then((rows) => rows.filter((row) => row.wamid === input.message_id));
    if (!message) throw new GraphError(404, 100, `No message ${input.message_id} was sent`);
    const error =
      input.error_code === undefined ? undefined : { code: input.error_code, title: input.error_title ?? 'Failed' };
    const ids = await queueStatuses(db, message.wamid, message.phone, input.statuses, undefined, error);
    options.deliverer.send(ids);
    return { queued: ids.length };
  });
}

async function pageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const asset = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type(type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(body);
  app.get('/page.css', hide, asset('text/css; charset=utf-8', PAGE_STYLES));
  app.get('/page.js', hide, asset('application/javascript; charset=utf-8', PAGE_SCRIPT));
  app.get('/', hide, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(sandboxPage(await chat(db))),
  );
}

/**
 * The WhatsApp Cloud API emulator, under /sandbox/whatsapp when no WHATSAPP_TOKEN is configured: /{version}/… is the
 * Graph API (bearer token); test/* and the page are open.
 */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  app.setErrorHandler(sandboxErrorHandler);
  await testRoutes(app, options);
  await pageRoutes(app);
  await app.register(async (api) => graphRoutes(api, options));
}
