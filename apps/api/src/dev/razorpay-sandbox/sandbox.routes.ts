import { timingSafeEqual } from 'node:crypto';
import { isDatabaseUnavailable } from '@kapaas/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { AppError } from '../../lib/errors';
import { CHECKOUT_SCRIPT, CHECKOUT_STYLES } from './checkout-script';
import { linkCallbackSignature, PAYMENT_LINK_SCRIPT, paymentLinkPage } from './payment-link-page';
import { DECLINED_VPA, PAYING_VPA, SANDBOX_KEY_ID, SANDBOX_PREFIX } from './sandbox.constants';
import { cancelPaymentLink, createPaymentLink, fetchPaymentLink, findLink, linkHooks } from './sandbox.payment-links';
import {
  badRequest,
  type CaptureMode,
  CheckoutPayBody,
  type CheckoutSuccess,
  capture,
  checkCardDetails,
  createOrder,
  fetchOrder,
  fetchOrderPayments,
  fetchPayment,
  fetchPaymentRefunds,
  fetchRefund,
  instrumentOf,
  listOrders,
  type PayInput,
  pay,
  pollPayment,
  refund,
  SandboxError,
  startUpi,
  TestPayBody,
  UpiStartBody,
  upiLink,
  waitingUpi,
} from './sandbox.service';
import type { WebhookDeliverer } from './sandbox.webhooks';
import { upiAppDone, upiAppPage } from './upi-app-page';

export interface SandboxRoutesOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The emulated account's capture setting: paying cards capture at once, or only authorise. */
  capture: CaptureMode;
  deliverer: WebhookDeliverer;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Every error in Razorpay's shape `{ error: { code, description, … } }`. */
function sandboxErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof SandboxError) return reply.code(error.statusCode).send(error.body);
  const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    return reply.code(status).send(badRequest(error.message || 'Bad request').body);
  }
  // The emulator keeps its state in the shop's database: while that is down, "Razorpay" is briefly
  // unavailable too (503, as the shop's own calls answer), not broken.
  const unavailable = isDatabaseUnavailable(error);
  request.log.error(
    { err: error },
    unavailable ? 'sandbox request failed: the database is unavailable' : 'sandbox request failed',
  );
  if (unavailable) reply.header('retry-after', '5');
  return reply.code(unavailable ? 503 : 500).send({
    error: {
      code: 'SERVER_ERROR',
      description: unavailable
        ? 'The server is briefly unavailable. Please try again in a few seconds'
        : 'The server encountered an error. The incident has been reported to admins',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  });
}

const hide = { schema: { hide: true } };
type ById = { Params: { id: string } };

/** Basic auth with the sandbox key, as api.razorpay.com asks for it. */
function requireKey(options: SandboxRoutesOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const ok =
      colon > 0 &&
      sameText(decoded.slice(0, colon), options.keyId) &&
      sameText(decoded.slice(colon + 1), options.keySecret);
    if (!ok) {
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="Razorpay sandbox"')
        .send(badRequest('Authentication failed').body);
    }
  };
}

/** The REST API, as api.razorpay.com/v1: orders, payments, refunds. */
async function restRoutes(api: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = api.database;
  api.addHook('onRequest', requireKey(options));
  // Razorpay's SDK posts a bodiless call (a Payment Link's cancel) as a form.
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  api.post('/v1/orders', hide, async (request) => createOrder(db, request.body));
  api.get('/v1/orders', hide, async (request) => listOrders(db, request.query));
  api.get<ById>('/v1/orders/:id', hide, async (request) => fetchOrder(db, request.params.id));
  api.get<ById>('/v1/orders/:id/payments', hide, async (request) => fetchOrderPayments(db, request.params.id));
  api.get<ById>('/v1/payments/:id', hide, async (request) => fetchPayment(db, request.params.id));
  api.post<ById>('/v1/payments/:id/capture', hide, async (request) => {
    const result = await capture(db, options.webhookSecret, request.params.id, request.body);
    options.deliverer.send(result.webhookIds);
    return result.payment;
  });
  api.post<ById>('/v1/payments/:id/refund', hide, async (request) => {
    const key = request.headers['x-refund-idempotency'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    const result = await refund(db, options.webhookSecret, request.params.id, request.body, idempotencyKey);
    options.deliverer.send(result.webhookIds);
    return result.refund;
  });
  api.get<ById>('/v1/payments/:id/refunds', hide, async (request) =>
    fetchPaymentRefunds(db, request.params.id, request.query),
  );
  api.get<{ Params: { id: string; refundId: string } }>('/v1/payments/:id/refunds/:refundId', hide, async (request) =>
    fetchRefund(db, request.params.refundId, request.params.id),
  );
  api.get<ById>('/v1/refunds/:id', hide, async (request) => fetchRefund(db, request.params.id));
  api.post('/v1/payment_links', hide, async (request) => createPaymentLink(db, request.body, originOf(request)));
  api.get<ById>('/v1/payment_links/:id', hide, async (request) =>
    fetchPaymentLink(db, request.params.id, originOf(request)),
  );
  api.post<ById>('/v1/payment_links/:id/cancel', hide, async (request) =>
    cancelPaymentLink(db, request.params.id, originOf(request)),
  );
}

/** The origin the caller reached the sandbox at, for a link's short_url. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A Payment Link's hosted page, its script, and where a paid link sends the shopper (its callback, signed). */
async function paymentLinkRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = app.database;
  app.get<ById>('/l/:id', hide, async (request, reply) => {
    const link = await findLink(db, request.params.id);
    if (!link) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><p>No such link.</p>');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(paymentLinkPage(link));
  });
  app.get('/payment-link.js', hide, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PAYMENT_LINK_SCRIPT),
  );
  app.get<ById & { Querystring: { payment_id?: string } }>('/l/:id/paid', hide, async (request) => {
    const link = await findLink(db, request.params.id);
    const paymentId = request.query.payment_id ?? '';
    if (link?.status !== 'paid' || link.paymentId !== paymentId || !link.callbackUrl) return { redirect: null };
    const query = new URLSearchParams({
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.referenceId ?? '',
      razorpay_payment_link_status: 'paid',
      razorpay_signature: linkCallbackSignature(link, paymentId, options.keySecret),
    });
    return { redirect: `${link.callbackUrl}${link.callbackUrl.includes('?') ? '&' : '?'}${query}` };
  });
}

/** What the browser (or a test without one) uses, as with checkout.razorpay.com. */
async function checkoutRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const { db } = app.database;
  const secrets = {
    keySecret: options.keySecret,
    webhookSecret: options.webhookSecret,
    capture: options.capture,
    links: linkHooks(options.webhookSecret),
  };

  app.get('/checkout.js', hide, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(CHECKOUT_SCRIPT),
  );
  app.get('/checkout.css', hide, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(CHECKOUT_STYLES),
  );

  /** Runs a payment and sends its webhooks, whether the card paid or was declined. */
  async function payAndNotify(input: Parameters<typeof pay>[2]) {
    try {
      const result = await pay(db, secrets, input);
      options.deliverer.send(result.webhookIds);
      return result.answer;
    } catch (error) {
      const ids = (error as { webhookIds?: number[] }).webhookIds;
      if (ids) options.deliverer.send(ids);
      throw error;
    }
  }

  /**
   * The dialog's payment call. A declined card answers 200 with `{ error }` (Razorpay's shape, the
   * payment id in metadata), so that a decline is not a failed request in the shopper's console;
   * a malformed request (the dialog checks its fields first) answers 400.
   */
  app.post('/checkout/pay', hide, async (request) => {
    const { body, instrument } = checkoutPayBody(request.body);
    try {
      return await payAndNotify({
        orderId: body.order_id,
        instrument,
        ...(body.email ? { email: body.email } : {}),
        ...(body.contact ? { contact: body.contact } : {}),
      });
    } catch (error) {
      if (error instanceof SandboxError && error.body.error.metadata?.payment_id) return error.body;
      throw error;
    }
  });

  /** For tests without a browser: answers what the checkout handler would receive, or the decline. */
  app.post('/test/pay', hide, async (request) => {
    const parsed = TestPayBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`Invalid test payment: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(), {
        reason: 'input_validation_failed',
      });
    }
    return payAndNotify({ orderId: parsed.data.order_id, instrument: instrumentOf(parsed.data) });
  });

  await upiRoutes(app, options, payAndNotify);
}

/**
 * UPI by QR code or app (intent), with no redirect, as Razorpay's checkout: the dialog starts a payment that waits for
 * the shopper's app and polls it; the test route, or the sandbox's UPI app page (what the "Pay with a UPI app" button
 * and the QR's link open), approves or declines it; the shop hears of it by webhook and by fetching the payment.
 */
async function upiRoutes(
  app: FastifyInstance,
  options: SandboxRoutesOptions,
  payAndNotify: (input: PayInput) => Promise<CheckoutSuccess>,
): Promise<void> {
  const { db } = app.database;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post('/checkout/upi', hide, async (request) => {
    const parsed = UpiStartBody.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest('Invalid payment request', { reason: 'input_validation_failed' });
    const body = parsed.data;
    if (!sameText(body.key, SANDBOX_KEY_ID)) {
      throw badRequest('The api key provided is invalid', { field: 'key', reason: 'input_validation_failed' });
    }
    const payment = await startUpi(db, {
      orderId: body.order_id,
      ...(body.email ? { email: body.email } : {}),
      ...(body.contact ? { contact: body.contact } : {}),
    });
    const link = upiLink(payment);
    const qr = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { payment_id: payment.id, upi_url: link, qr_svg: qr, app_url: `${SANDBOX_PREFIX}/upi-app/${payment.id}` };
  });

  app.get<ById>('/checkout/payments/:id', hide, async (request) =>
    pollPayment(db, options.keySecret, request.params.id),
  );

  app.get<ById>('/upi-app/:id', hide, async (request, reply) => {
    const payment = await waitingUpi(db, request.params.id);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(upiAppPage(payment));
  });

  app.post<ById>('/upi-app/:id', hide, async (request, reply) => {
    const payment = await waitingUpi(db, request.params.id);
    const answer = (request.body as Record<string, unknown> | undefined)?.answer;
    if (answer !== 'approve' && answer !== 'decline') throw badRequest('Approve or decline the payment.');
    const vpa = answer === 'approve' ? PAYING_VPA : DECLINED_VPA;
    const done = await payAndNotify({
      orderId: payment.orderId,
      pendingId: payment.id,
      instrument: instrumentOf({ method: 'upi', vpa }),
    }).then(
      () => 'Payment approved. Go back to the shop: it shows the order as paid.',
      (error: unknown) => {
        if (error instanceof SandboxError && error.body.error.metadata?.payment_id) {
          return 'Payment declined. Go back to the shop to try again or pay another way.';
        }
        throw error;
      },
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(upiAppDone(done));
  });
}

/** The dialog's payment request, checked as checkout.razorpay.com checks it: fields, key, the method's detail. */
function checkoutPayBody(input: unknown) {
  const parsed = CheckoutPayBody.safeParse(input ?? {});
  if (!parsed.success) throw badRequest('Invalid payment request', { reason: 'input_validation_failed' });
  const body = parsed.data;
  if (!sameText(body.key, SANDBOX_KEY_ID)) {
    throw badRequest('The api key provided is invalid', { field: 'key', reason: 'input_validation_failed' });
  }
  const instrument = instrumentOf(body);
  if (instrument.columns.method === 'card') checkCardDetails(body.expiry ?? '', body.cvv ?? '');
  return { body, instrument };
}

/**
 * The Razorpay emulator, registered under /sandbox/razorpay when no real keys are configured.
 * /v1/* is the REST API (Basic auth with the sandbox key); checkout.js, checkout/pay and test/pay
 * are what the browser (or a test without one) uses, as with checkout.razorpay.com.
 * Every error answers Razorpay's shape `{ error: { code, description, … } }`.
 */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  app.setErrorHandler(sandboxErrorHandler);
  // Encapsulated: the key check guards the REST API only, not the checkout's routes.
  await app.register(async (api) => restRoutes(api, options));
  await checkoutRoutes(app, options);
  await paymentLinkRoutes(app, options);
}
