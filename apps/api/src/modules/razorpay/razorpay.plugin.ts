import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createRazorpayClient, type RazorpayClient } from './razorpay.client';

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

// The provider's part of what the app gives its services: lib/deps.ts knows no module, so the module adds it.
declare module '../../lib/deps' {
  interface ServiceDeps {
    /** The payment provider: Razorpay or the built-in sandbox. */
    payments: Payments;
  }
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
 * Resolves the provider from the configuration and exposes it as `app.payments`. With
 * RAZORPAY_KEY_ID/SECRET the client talks to RAZORPAY_API_BASE (default api.razorpay.com) over
 * HTTPS; without them the sandbox (apps/api/src/dev/razorpay-sandbox) is loaded and registered
 * under /sandbox/razorpay, and the client talks to it through `app.inject`.
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

    // The one place the emulator is loaded, and only without keys: production code never imports
    // it statically, so a shop with keys never loads it (ADR 022).
    const { registerRazorpaySandbox } = await import('../../dev/razorpay-sandbox/sandbox.plugin');
    app.decorate('payments', await registerRazorpaySandbox(app, config));
  },
  { name: 'payments', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only in sandbox mode: lets tests wait for the sandbox's webhook deliveries. */
    paymentsSandbox?: { deliveries: { idle(): Promise<void> } };
  }
}
