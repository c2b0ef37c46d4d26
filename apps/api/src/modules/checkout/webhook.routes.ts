import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RazorpayPayment, RazorpayRefund, verifyWebhookSignature } from '../razorpay';
import { recordLinkPaid } from './cod-pay-online';
import { handledEventOutcome, recordHandledEvent } from './payments.repository';
import { acceptProviderCod, isProviderCod } from './provider-cod';
import { type CheckoutDeps, recordFailedPayment, recordRefund, settlePayment } from './settlement';

/** The part of a Razorpay webhook body the shop reads; everything else is kept as received. */
const WebhookBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: RazorpayPayment }).optional(),
      refund: z.object({ entity: RazorpayRefund }).optional(),
      payment_link: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    })
    .passthrough(),
});
type WebhookBody = z.infer<typeof WebhookBody>;

/** A request header as Node gives it. */
type Header = string | string[] | undefined;

/** A webhook refused before it was handled (answered 400): its message is what Razorpay gets. */
class RefusedWebhook extends Error {}

/** The event verified and parsed from the raw body; throws RefusedWebhook for a bad signature or body. */
function verifiedEvent(deps: CheckoutDeps, raw: string, signature: Header): { body: WebhookBody; json: unknown } {
  const secret = deps.payments.webhookSecret;
  if (!secret || !verifyWebhookSignature(raw, signature, secret)) {
    deps.log.warn({}, 'refused a Razorpay webhook with a missing or wrong signature');
    deps.metrics?.webhookReceived('unknown', 'bad_signature');
    throw new RefusedWebhook('Invalid webhook signature.');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RefusedWebhook('The webhook body is not JSON.');
  }
  const parsed = WebhookBody.safeParse(json);
  if (!parsed.success) {
    deps.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'refused a webhook body of an unknown shape');
    throw new RefusedWebhook('The webhook body is not a Razorpay event.');
  }
  return { body: parsed.data, json };
}

/** The event's id: Razorpay's header when sane, else a digest of the body (a replay has the same). */
function eventIdOf(header: Header, raw: string): string {
  return typeof header === 'string' && header.length > 0 && header.length <= 100
    ? header
    : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/** Does what the event says to the order it concerns; answers that order and a word for the outcome. */
async function handleEvent(
  deps: CheckoutDeps,
  { event, payload }: WebhookBody,
): Promise<{ orderId: number | null; outcome: string }> {
  const payment = payload.payment?.entity;
  if (!payment) return { orderId: null, outcome: 'ignored' };
  if (event === 'payment_link.paid') return linkPaid(deps, payload, payment);
  if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized') {
    const settled = await settlePayment(deps, payment, 'webhook');
    return { orderId: 'orderId' in settled ? settled.orderId : null, outcome: settled.kind };
  }
  if (event === 'payment.pending' && isProviderCod(payment)) {
    const outcome = await acceptProviderCod(deps, payment, 'webhook');
    return { orderId: 'orderId' in outcome ? outcome.orderId : null, outcome: outcome.kind };
  }
  if (event === 'payment.failed') {
    const orderId = await recordFailedPayment(deps, payment);
    return { orderId, outcome: orderId === null ? 'unknown_order' : 'failed_recorded' };
  }
  if (event === 'refund.processed') {
    const orderId = await recordRefund(deps, payment, payload.refund?.entity);
    return { orderId, outcome: orderId === null ? 'unknown_payment' : 'refund_recorded' };
  }
  return { orderId: null, outcome: 'ignored' };
}

/**
 * A COD order's payment link paid (issue 34): its offer learns the link's Razorpay order, then the payment settles as
 * any other (a repeat, or a payment.captured that came first, changes nothing; a second payment is refunded).
 */
async function linkPaid(deps: CheckoutDeps, payload: WebhookBody['payload'], payment: RazorpayPayment) {
  const linkId = payload.payment_link?.entity.id;
  const providerOrderId = payload.order?.entity.id ?? payment.order_id;
  if (!linkId || !providerOrderId || !(await recordLinkPaid(deps, linkId, providerOrderId))) {
    return { orderId: null, outcome: 'unknown_link' };
  }
  const settled = await settlePayment(deps, { ...payment, order_id: providerOrderId }, 'webhook');
  return { orderId: 'orderId' in settled ? settled.orderId : null, outcome: settled.kind };
}

/**
 * Handles one webhook delivery, once per event id: answers the outcome, recorded with the event
 * (a delivery seen before answers the outcome recorded then, and changes nothing).
 */
export async function receiveWebhook(
  deps: CheckoutDeps,
  delivery: { raw: string; signature: Header; eventId: Header },
): Promise<{ message: string; outcome: string | null }> {
  const { body, json } = verifiedEvent(deps, delivery.raw, delivery.signature);
  const eventId = eventIdOf(delivery.eventId, delivery.raw);
  const seen = await handledEventOutcome(deps.db, eventId);
  if (seen !== undefined) {
    deps.metrics?.webhookReceived(body.event, 'already_handled');
    return { message: 'Already handled.', outcome: seen };
  }
  const { orderId, outcome } = await handleEvent(deps, body);
  const payload = json as Record<string, unknown>;
  await recordHandledEvent(deps.db, { eventId, eventType: body.event, payload, orderId, outcome });
  deps.log.info({ event: body.event, eventId, orderId, outcome }, 'razorpay webhook handled');
  deps.metrics?.webhookReceived(body.event, outcome);
  return { message: 'Handled.', outcome };
}

/**
 * POST /api/razorpay_webhook (product.md §14, ADR 012). Verified on the raw bytes with the
 * webhook secret; deduplicated by x-razorpay-event-id; `payment.captured` and `order.paid` settle
 * through the same function as the checkout's second call (as does `payment.authorized`, for an
 * account that captures manually: the payment is captured first), `payment.failed` fails the order and
 * releases its stock, `refund.processed` records the refund, and `payment.pending` with method `cod` (Razorpay's own
 * cash on delivery) makes the order a COD order, or fails it when the shop's COD rules refuse it (ADR 033). Answers 2xx once the event is handled
 * (or known), 400 for a bad signature or body, 5xx when handling failed, so Razorpay retries.
 */
export async function webhookRoutes(app: FastifyInstance) {
  // This plugin is encapsulated: only this route sees JSON as the raw string it must verify.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/razorpay_webhook', { schema: { hide: true } }, async (request, reply) => {
    // The app's dependencies, with the request's logger so that each line carries its request id.
    const deps: CheckoutDeps = { ...app.deps, log: request.log.child({ module: 'razorpay-webhook' }) };
    try {
      const answer = await receiveWebhook(deps, {
        raw: typeof request.body === 'string' ? request.body : '',
        signature: request.headers['x-razorpay-signature'],
        eventId: request.headers['x-razorpay-event-id'],
      });
      return { success: true, ...answer };
    } catch (error) {
      if (!(error instanceof RefusedWebhook)) throw error;
      return reply.code(400).send({ success: false, message: error.message });
    }
  });
}
