import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createCloudApiClient, type FetchLike } from '../../modules/whatsapp/cloud-api.client';
import type { WhatsAppSetup } from '../../modules/whatsapp/whatsapp.plugin';
import {
  SANDBOX_APP_SECRET,
  SANDBOX_PHONE_NUMBER_ID,
  SANDBOX_PREFIX,
  SANDBOX_TOKEN,
  SANDBOX_VERIFY_TOKEN,
  SANDBOX_VERSION,
  SANDBOX_WABA_ID,
} from './sandbox.constants';
import { sandboxRoutes } from './sandbox.routes';
import { createWebhookDeliverer } from './sandbox.webhooks';

/** The client's requests go through `app.inject` to the sandbox on this same app: no port or origin needed. */
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
 * Registers the WhatsApp emulator under /sandbox/whatsapp (with its webhook deliverer and `app.whatsappSandbox`) and
 * answers the set-up the shop uses: the real client talking to it through `app.inject`, with the sandbox's public
 * TEST-ONLY token, app secret and verify token. Loaded only by whatsapp.plugin.ts, through `import()` (ADR 022).
 */
export async function registerWhatsAppSandbox(app: FastifyInstance, config: Config): Promise<WhatsAppSetup> {
  const deliverer = createWebhookDeliverer(app, app.database.db, app.log.child({ module: 'whatsapp-sandbox' }));
  app.addHook('onClose', () => deliverer.close());
  app.addHook('onReady', () => deliverer.resume());
  await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, deliverer });
  app.decorate('whatsappSandbox', { deliveries: deliverer });
  app.log[config.NODE_ENV === 'production' ? 'warn' : 'info'](
    `WhatsApp goes through the built-in sandbox at ${SANDBOX_PREFIX}/ (no WHATSAPP_TOKEN): no message leaves the shop`,
  );
  return {
    client: createCloudApiClient({
      token: SANDBOX_TOKEN,
      phoneNumberId: SANDBOX_PHONE_NUMBER_ID,
      businessAccountId: SANDBOX_WABA_ID,
      apiBase: `${config.publicUrl}${SANDBOX_PREFIX}`,
      version: SANDBOX_VERSION,
      fetch: injectFetch(app),
    }),
    appSecret: SANDBOX_APP_SECRET,
    verifyToken: SANDBOX_VERIFY_TOKEN,
    sandbox: true,
    configured: true,
  };
}
