import { createHash } from 'node:crypto';
import { paymentEvents, sql } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RazorpayPayment, verifyWebhookSignature } from '../razorpay';
import { type CheckoutDeps, recordFailedPayment, recordRefund, settlePayment } from './settlement';

/** The part of a Razorpay webhook body the shop reads; everything else is kept as received. */
const WebhookBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: RazorpayPayment }).optional(),
    })
    .passthrough(),
});

/**
 * POST /api/razorpay_webhook (product.md §14, ADR 012). Verified on the raw bytes with the
 * webhook secret; deduplicated by x-razorpay-event-id; `payment.captured` and `order.paid` settle
 * through the same function as the checkout's second call (as does `payment.authorized`, for an
 * account that captures manually: the payment is captured first), `payment.failed` fails the order and
 * releases its stock, `refund.processed` records the refund. Answers 2xx once the event is handled
 * (or known), 400 for a bad signature or body, 5xx when handling failed, so Razorpay retries.
 */
export async function webhookRoutes(app: FastifyInstance) {
  // This plugin is encapsulated: only this route sees JSON as the raw string it must verify.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const deps = (): CheckoutDeps => ({
    db: app.database.db,
    payments: app.payments,
    catalogue: app.catalogue,
    metrics: app.metrics,
    log: app.log.child({ module: 'razorpay-webhook' }),
  });

  app.post('/razorpay_webhook', { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-razorpay-signature'];
    if (!app.payments.webhookSecret || !verifyWebhookSignature(raw, signature, app.payments.webhookSecret)) {
      request.log.warn('refused a Razorpay webhook with a missing or wrong signature');
      app.metrics.webhookReceived('unknown', 'bad_signature');
      return reply.code(400).send({ success: false, message: 'Invalid webhook signature.' });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ success: false, message: 'The webhook body is not JSON.' });
    }
    const parsed = WebhookBody.safeParse(json);
    if (!parsed.success) {
      request.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'refused a webhook body of an unknown shape');
      return reply.code(400).send({ success: false, message: 'The webhook body is not a Razorpay event.' });
    }
    const header = request.headers['x-razorpay-event-id'];
    const eventId =
      typeof header === 'string' && header.length > 0 && header.length <= 100
        ? header
        : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
    const { db } = app.database;
    const [seen] = await db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(sql`${paymentEvents.providerEventId} = ${eventId}`);
    if (seen) {
      app.metrics.webhookReceived(parsed.data.event, 'already_handled');
      return { success: true, message: 'Already handled.', outcome: seen.outcome };
    }

    const { event, payload } = parsed.data;
    const payment = payload.payment?.entity;
    let orderId: number | null = null;
    let outcome: string;
    if ((event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized') && payment) {
      const settled = await settlePayment(deps(), payment, 'webhook');
      orderId = 'orderId' in settled ? settled.orderId : null;
      outcome = settled.kind;
    } else if (event === 'payment.failed' && payment) {
      orderId = await recordFailedPayment(deps(), payment);
      outcome = orderId === null ? 'unknown_order' : 'failed_recorded';
    } else if (event === 'refund.processed' && payment) {
      orderId = await recordRefund(deps(), payment);
      outcome = orderId === null ? 'unknown_payment' : 'refund_recorded';
    } else {
      outcome = 'ignored';
    }
    await db
      .insert(paymentEvents)
      .values({
        providerEventId: eventId,
        eventType: event,
        payload: json as Record<string, unknown>,
        orderId,
        processedAt: new Date(),
        outcome,
      })
      .onConflictDoNothing();
    request.log.info({ event, eventId, orderId, outcome }, 'razorpay webhook handled');
    app.metrics.webhookReceived(event, outcome);
    return { success: true, message: 'Handled.', outcome };
  });
}
