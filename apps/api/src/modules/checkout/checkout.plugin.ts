import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { checkoutRoutes } from './checkout.routes';
import { startExpirySweeper } from './expiry';
import { webhookRoutes } from './webhook.routes';

/** Every minute by default: an order then expires at most a minute after its expires_at. */
export const DEFAULT_EXPIRY_SWEEP_MS = 60_000;

/**
 * Checkout: order_place (with the limit of cash-on-delivery orders per client address), the Razorpay webhook receiver
 * (in its own encapsulated context, because it reads JSON as raw bytes), and the sweep that expires unpaid orders and
 * cancels cash-on-delivery orders nobody confirmed. `expirySweepMs: 0` turns the sweep off (tests run it by hand).
 */
export const checkoutPlugin = fp<{ expirySweepMs?: number; limits?: Limits }>(
  async (app: FastifyInstance, options) => {
    await app.register(checkoutRoutes, { prefix: '/api', limits: options.limits ?? DEFAULT_LIMITS });
    await app.register(webhookRoutes, { prefix: '/api' });
    const interval = options.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS;
    if (interval > 0) {
      const stop = startExpirySweeper({ ...app.deps, log: app.deps.log.child({ module: 'expiry' }) }, interval);
      app.addHook('onClose', stop);
    }
  },
  { name: 'checkout', dependencies: ['database', 'catalogue', 'payments'] },
);
