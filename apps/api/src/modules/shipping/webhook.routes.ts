import { timingSafeEqual } from 'node:crypto';
import type { ShipmentStatus } from '@kapaas/contract';
import type { FastifyInstance } from 'fastify';
import { type CourierStatus, parseTrackingWebhook } from '../shiprocket';
import { applyTrackingUpdate } from './track.service';

/** What the shop calls each courier status; `other` (label generated, manifested…) moves nothing. */
const SHIPMENT_STATUS_OF: Record<CourierStatus, ShipmentStatus | null> = {
  pickup_scheduled: 'booked',
  picked_up: 'picked_up',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'undelivered',
  rto_initiated: 'rto_initiated',
  rto_delivered: 'rto_delivered',
  cancelled: 'cancelled',
  lost: 'lost',
  other: null,
};

/** Whether the request carries the webhook token, compared in constant time. */
function tokenMatches(header: string | string[] | undefined, token: string | undefined): boolean {
  if (!token || typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/shiprocket_webhook (ADR 044): Shiprocket's tracking updates, authenticated by the `x-api-key` header
 * Shiprocket sends (the token set in its panel, SHIPROCKET_WEBHOOK_TOKEN; the sandbox's is fixed). A wrong or missing
 * key is 401 and nothing is stored; a body that is not a tracking update is 400; an AWB the shop does not know is
 * answered 200 and logged, so that Shiprocket does not retry it forever. A known AWB's update is applied once
 * (applyTrackingUpdate): repeated or late, it changes nothing.
 */
export async function shippingWebhookRoutes(app: FastifyInstance) {
  app.post('/shiprocket_webhook', { schema: { hide: true } }, async (request, reply) => {
    const log = request.log.child({ module: 'shiprocket-webhook' });
    if (!tokenMatches(request.headers['x-api-key'], app.courier.webhookToken)) {
      log.warn({}, 'refused a Shiprocket webhook with a missing or wrong x-api-key');
      return reply.code(401).send({ success: false, message: 'Invalid x-api-key.' });
    }
    const parsed = parseTrackingWebhook(request.body);
    if (!parsed.ok) {
      log.warn({ problem: parsed.problem }, 'refused a Shiprocket webhook of an unknown shape');
      return reply.code(400).send({ success: false, message: `Not a tracking update: ${parsed.problem}` });
    }
    const { update } = parsed;
    const status = SHIPMENT_STATUS_OF[update.status];
    if (status === null) return { success: true, outcome: 'ignored' };
    const outcome = await applyTrackingUpdate(
      { ...app.deps, log },
      {
        awb: update.awb,
        status,
        at: update.at,
        location: update.location,
        reason: update.reason,
        etd: update.etd,
        raw: request.body as Record<string, unknown>,
      },
    );
    if (outcome.kind === 'unknown_awb')
      log.warn({ awb: update.awb }, 'a Shiprocket update for an AWB the shop does not know');
    else log.info({ awb: update.awb, ...outcome }, 'shiprocket webhook handled');
    return { success: true, outcome: outcome.kind };
  });
}
