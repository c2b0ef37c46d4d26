import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkoutRoutes } from './checkout.routes';
import { startExpirySweeper } from './expiry';
import { webhookRoutes } from './webhook.routes';

/** Every minute by default: an order then expires at most a minute after its expires_at. */
export const DEFAULT_EXPIRY_SWEEP_MS = 60_000;

/**
 * Checkout: order_place, the Razorpay webhook receiver (in its own encapsulated context, because it
 * reads JSON as raw bytes), and the sweep that expires unpaid orders. `expirySweepMs: 0` turns the
 * sweep off (tests run it by hand).
 */
export const checkoutPlugin = fp<{ expirySweepMs?: number }>(
  async (app: FastifyInstance, options) => {
    await app.register(checkoutRoutes, { prefix: '/api' });
    await app.register(webhookRoutes, { prefix: '/api' });
    const interval = options.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS;
    if (interval > 0) {
      const stop = startExpirySweeper({ ...app.deps, log: app.deps.log.child({ module: 'expiry' }) }, interval);
      app.addHook('onClose', stop);
    }
  },
  { name: 'checkout', dependencies: ['database', 'catalogue', 'payments'] },
);
