import { isDatabaseUnavailable } from '@kapaas/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { API_PREFIX } from './sandbox.constants';
import { labelPdf } from './sandbox.label';
import { PAGE_SCRIPT, PAGE_STYLES, sandboxPage } from './sandbox.page';
import * as repo from './sandbox.repository';
import {
  assignAwb,
  createAdhocOrder,
  createReturnOrder,
  generateLabel,
  generatePickup,
  labelShipments,
  login,
  parse,
  pickupLocations,
  SandboxError,
  serviceability,
  validToken,
} from './sandbox.service';
import { advance, ndrAction, ndrAll, scanAssigned, scanPickupScheduled, track } from './sandbox.tracking';
import type { WebhookDeliverer } from './sandbox.webhooks';

export interface SandboxRoutesOptions {
  deliverer: WebhookDeliverer;
  /** The absolute base label URLs start with (the shop's public URL + the prefix). */
  publicBase: string;
}

/** Every error in Shiprocket's shape `{ message, status_code }`. */
function sandboxErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof SandboxError) return reply.code(error.statusCode).send(error.body);
  const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message || 'Bad request', status_code: status });
  }
  // The emulator keeps its state in the shop's database: while that is down, "Shiprocket" is briefly down too.
  const unavailable = isDatabaseUnavailable(error);
  request.log.error(
    { err: error },
    unavailable ? 'sandbox request failed: the database is unavailable' : 'sandbox request failed',
  );
  if (unavailable) reply.header('retry-after', '5');
  const code = unavailable ? 503 : 500;
  return reply.code(code).send({ message: unavailable ? 'Service Unavailable' : 'Server Error', status_code: code });
}

const hide = { schema: { hide: true } };

/** Bearer token from POST /auth/login, as apiv2.shiprocket.in asks for it; a wrong or expired one is a 401. */
async function requireToken(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.endsWith('/auth/login')) return;
  if (!validToken(request.headers.authorization)) {
    return reply.code(401).send({ message: 'Unauthenticated.', status_code: 401 });
  }
}

/** The REST API, as apiv2.shiprocket.in/v1/external. */
async function restRoutes(api: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = api.database;
  const labelUrl = (ids: number[]) => `${options.publicBase}/labels/${ids.join('-')}.pdf`;
  api.addHook('onRequest', requireToken);
  api.post('/auth/login', hide, async (request) => login(request.body));
  for (const path of ['/courier/serviceability', '/courier/serviceability/']) {
    api.get(path, hide, async (request) => serviceability(request.query));
  }
  api.post('/orders/create/adhoc', hide, async (request) => createAdhocOrder(db, request.body));
  api.post('/orders/create/return', hide, async (request) => createReturnOrder(db, request.body));
  api.get('/settings/company/pickup', hide, async () => pickupLocations());
  api.post('/courier/assign/awb', hide, async (request) => assignAwb(db, request.body, scanAssigned));
  api.post('/courier/generate/pickup', hide, async (request) => generatePickup(db, request.body, scanPickupScheduled));
  api.post('/courier/generate/label', hide, async (request) => generateLabel(db, request.body, labelUrl));
  api.get<{ Params: { awb: string } }>('/courier/track/awb/:awb', hide, async (request) =>
    track(db, request.params.awb),
  );
  api.get('/ndr/all', hide, async (request) => ndrAll(db, request.query));
  api.post<{ Params: { awb: string } }>('/ndr/:awb/action', hide, async (request, reply) => {
    const result = await ndrAction(db, request.params.awb, request.body);
    options.deliverer.send(result.webhookIds);
    return reply.code(202).send(result.answer);
  });
}

const ReleaseBody = z.object({
  awb: z.string().min(1).optional(),
  order: z.enum(['queued', 'reverse']).default('queued'),
});

/** What tests (and the page) use: move a shipment on, release held webhooks, see what was sent. */
async function testRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = app.database;
  app.post('/test/advance', hide, async (request) => {
    const result = await advance(db, request.body);
    options.deliverer.send(result.webhookIds);
    return result.answer;
  });
  app.post('/test/release', hide, async (request) => {
    const input = parse(ReleaseBody, request.body, 'Invalid release');
    const ids = await repo.releaseHeld(db, input.awb);
    options.deliverer.send(input.order === 'reverse' ? [...ids].reverse() : ids);
    return { released: ids.length, order: input.order };
  });
  app.get<{ Querystring: { awb?: string } }>('/test/webhooks', hide, async (request) => {
    const rows = await repo.webhooksFor(db, request.query.awb);
    return rows.map((row) => ({
      id: row.id,
      awb: row.awb,
      status_id: row.statusId,
      body: JSON.parse(row.body) as unknown,
      held: row.held,
      attempts: row.attempts,
      last_status: row.lastStatus,
      delivered: row.deliveredAt !== null,
    }));
  });
}

/** The page, its files, and the labels (public, as Shiprocket's label links are). */
async function pageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const asset = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type(type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(body);
  app.get('/page.css', hide, asset('text/css; charset=utf-8', PAGE_STYLES));
  app.get('/page.js', hide, asset('application/javascript; charset=utf-8', PAGE_SCRIPT));
  app.get('/', hide, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(sandboxPage(await repo.listShipments(db, 200))),
  );
  app.get<{ Params: { ids: string } }>('/labels/:ids', hide, async (request, reply) => {
    const match = /^(\d+(?:-\d+){0,99})\.pdf$/.exec(request.params.ids);
    const rows = match?.[1] ? await labelShipments(db, match[1].split('-').map(Number)) : [];
    if (rows.length === 0) return reply.code(404).send({ message: 'Label not found', status_code: 404 });
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .send(await labelPdf(rows));
  });
}

/**
 * The Shiprocket emulator, registered under /sandbox/shiprocket when no Shiprocket API user is configured:
 * /v1/external/* is the REST API (Bearer token from /auth/login); test/*, the page and the labels are open.
 */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  app.setErrorHandler(sandboxErrorHandler);
  await app.register(async (api) => restRoutes(api, options), { prefix: API_PREFIX });
  await testRoutes(app, options);
  await pageRoutes(app);
}
