import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import {
  createWebhookDeliverer,
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PREFIX,
  SANDBOX_WEBHOOK_SECRET,
  sandboxRoutes,
} from '../sandbox';
import { createRazorpayClient, type FetchLike, type RazorpayClient } from './razorpay.client';

export const RAZORPAY_API_BASE = 'https://api.razorpay.com';
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The resolved payment provider: Razorpay with the configured keys, or the built-in sandbox. */
export interface Payments {
  /** The one provider client (createOrder, fetchOrder, fetchPayment, refund, …). */
  client: RazorpayClient;
  /** The public key id the checkout dialog gets as `key`. */
  keyId: string;
  /** Signs checkout answers: verifyPaymentSignature(storedOrderId, paymentId, signature, keySecret). */
  keySecret: string;
  /** Where the storefront loads checkout.js from (same-origin path for the sandbox). */
  checkoutUrl: string;
  /** Verifies webhooks: verifyWebhookSignature(rawBody, header, webhookSecret). Undefined: refuse them all. */
  webhookSecret: string | undefined;
  /** The REST base the client talks to. */
  apiBase: string;
  /** True when the built-in sandbox is the provider (no real keys configured). */
  sandbox: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider the checkout uses. */
    payments: Payments;
  }
}

/** True when real Razorpay keys are configured (the sandbox is then off). */
export function usesRealRazorpay(config: Config): boolean {
  return Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET);
}

/**
 * The Content-Security-Policy sources the payment provider needs beyond 'self': none for the
 * same-origin sandbox; Razorpay's checkout origin and its API for real keys (checkout.js loads
 * from the first and opens its frame and calls on both).
 */
export function paymentCspSources(config: Config): string[] {
  if (!usesRealRazorpay(config)) return [];
  const checkout = new URL(config.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT_URL).origin;
  return [...new Set([checkout, RAZORPAY_API_BASE])];
}

/**
 * An in-process `fetch` for the sandbox: the client's requests go through `app.inject` to the
 * sandbox routes on this same app, so the same client code runs with no port or origin known.
 */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}

/**
 * Resolves the provider from the configuration and exposes it as `app.payments`. With
 * RAZORPAY_KEY_ID/SECRET the client talks to RAZORPAY_API_BASE (default api.razorpay.com) over
 * HTTPS; without them the sandbox is registered under /sandbox/razorpay and the client talks to
 * it through `app.inject`, with the sandbox's fixed test-only credentials.
 */
export const paymentsPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    if (usesRealRazorpay(config)) {
      const keyId = config.RAZORPAY_KEY_ID as string;
      const keySecret = config.RAZORPAY_KEY_SECRET as string;
      const apiBase = config.RAZORPAY_API_BASE ?? RAZORPAY_API_BASE;
      if (!config.RAZORPAY_WEBHOOK_SECRET) {
        app.log.warn('RAZORPAY_WEBHOOK_SECRET is not set: every Razorpay webhook will be refused');
      }
      app.decorate('payments', {
        client: createRazorpayClient({ keyId, keySecret, apiBase }),
        keyId,
        keySecret,
        checkoutUrl: config.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT_URL,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
        apiBase,
        sandbox: false,
      });
      return;
    }

    const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
    const apiBase = `http://${host}:${config.PORT}${SANDBOX_PREFIX}`;
    const deliverer = createWebhookDeliverer(app, app.database.db, app.log.child({ module: 'razorpay-sandbox' }));
    app.addHook('onClose', () => deliverer.close());
    // Once every route exists (the webhook receiver among them): what a previous run still owed.
    app.addHook('onReady', () => deliverer.resume());
    await app.register(sandboxRoutes, {
      prefix: SANDBOX_PREFIX,
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
      capture: config.RAZORPAY_SANDBOX_CAPTURE,
      deliverer,
    });
    app.decorate('payments', {
      client: createRazorpayClient({
        keyId: SANDBOX_KEY_ID,
        keySecret: SANDBOX_KEY_SECRET,
        apiBase,
        fetch: injectFetch(app),
      }),
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      checkoutUrl: `${SANDBOX_PREFIX}/checkout.js`,
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
      apiBase,
      sandbox: true,
    });
    app.decorate('paymentsSandbox', { deliveries: deliverer });
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'payments run on the built-in Razorpay SANDBOX (no RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET): no real money is taken',
      );
    } else {
      app.log.info(
        'payments run on the built-in Razorpay sandbox at /sandbox/razorpay (test card 4111 1111 1111 1111)',
      );
    }
  },
  { name: 'payments', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only in sandbox mode: lets tests wait for the sandbox's webhook deliveries. */
    paymentsSandbox?: { deliveries: { idle(): Promise<void> } };
  }
}
