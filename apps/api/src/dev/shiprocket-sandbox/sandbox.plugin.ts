import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createShiprocketClient, type FetchLike } from '../../modules/shiprocket/shiprocket.client';
import type { CourierSetup } from '../../modules/shiprocket/shiprocket.plugin';
import {
  API_PREFIX,
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_LOCATION,
  SANDBOX_PICKUP_PIN,
  SANDBOX_PREFIX,
  SANDBOX_WEBHOOK_TOKEN,
} from './sandbox.constants';
import { sandboxRoutes } from './sandbox.routes';
import { createWebhookDeliverer } from './sandbox.webhooks';

/**
 * An in-process `fetch` for the sandbox: the client's requests go through `app.inject` to the sandbox routes on this
 * same app, so the same client code runs with no port or origin known.
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
    return {
      status: response.statusCode,
      text: async () => response.body,
      arrayBuffer: async () => {
        const bytes = response.rawPayload;
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    };
  };
}

/**
 * Registers the Shiprocket emulator under /sandbox/shiprocket on `app` (with its webhook deliverer and
 * `app.courierSandbox`) and answers the courier the shop uses: the real client talking to it through `app.inject`,
 * with the sandbox's fixed test-only API user. Loaded only by shiprocket.plugin.ts, through `import()`, when no
 * Shiprocket API user is configured (ADR 022).
 */
export async function registerShiprocketSandbox(app: FastifyInstance, config: Config): Promise<CourierSetup> {
  const publicBase = `${config.publicUrl}${SANDBOX_PREFIX}`;
  const apiBase = `${publicBase}${API_PREFIX}`;
  const deliverer = createWebhookDeliverer(app, app.database.db, app.log.child({ module: 'shiprocket-sandbox' }));
  app.addHook('onClose', () => deliverer.close());
  // Once every route exists (the webhook receiver among them): what a previous run still owed.
  app.addHook('onReady', () => deliverer.resume());
  await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, deliverer, publicBase });
  app.decorate('courierSandbox', { deliveries: deliverer });
  const say = config.NODE_ENV === 'production' ? 'warn' : 'info';
  app.log[say](
    `parcels ship with the built-in Shiprocket sandbox at ${SANDBOX_PREFIX}/ (no SHIPROCKET_EMAIL/SHIPROCKET_PASSWORD): no parcel moves`,
  );
  return {
    client: createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase,
      trackingBase: `${publicBase}/#awb-`,
      fetch: injectFetch(app),
    }),
    webhookToken: SANDBOX_WEBHOOK_TOKEN,
    pickupLocation: SANDBOX_PICKUP_LOCATION,
    pickupPin: SANDBOX_PICKUP_PIN,
    apiBase,
    sandbox: true,
    configured: true,
  };
}
