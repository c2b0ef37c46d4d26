import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createRazorpayClient, type FetchLike } from '../../modules/razorpay/razorpay.client';
import type { Payments } from '../../modules/razorpay/razorpay.plugin';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX, SANDBOX_WEBHOOK_SECRET } from './sandbox.constants';
import { sandboxRoutes } from './sandbox.routes';
import { createWebhookDeliverer } from './sandbox.webhooks';

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
 * Registers the Razorpay emulator under /sandbox/razorpay on `app` (with its webhook deliverer and
 * `app.paymentsSandbox`) and answers the provider the checkout uses: a client that talks to it
 * through `app.inject`, with the sandbox's fixed test-only credentials. Loaded only by
 * razorpay.plugin.ts, through `import()`, when no Razorpay keys are configured (ADR 022).
 */
export async function registerRazorpaySandbox(app: FastifyInstance, config: Config): Promise<Payments> {
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
  app.decorate('paymentsSandbox', { deliveries: deliverer });
  if (config.NODE_ENV === 'production') {
    app.log.warn(
      'payments run on the built-in Razorpay SANDBOX (no RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET): no real money is taken',
    );
  } else {
    app.log.info('payments run on the built-in Razorpay sandbox at /sandbox/razorpay (test card 4111 1111 1111 1111)');
  }
  return {
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
  };
}
