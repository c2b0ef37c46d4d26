import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { type CloudApi, WhatsAppError } from './cloud-api';
import { createCloudApiClient, WHATSAPP_API_BASE } from './cloud-api.client';

/** The resolved WhatsApp set-up: Meta's Cloud API, the built-in sandbox, or none. */
export interface WhatsAppSetup {
  client: CloudApi;
  /** Signs every webhook (X-Hub-Signature-256). Undefined: every webhook is refused. */
  appSecret: string | undefined;
  /** What GET /api/whatsapp_webhook must be given as hub.verify_token. Undefined: every verification is refused. */
  verifyToken: string | undefined;
  /** True when the built-in sandbox is Meta. */
  sandbox: boolean;
  /** False when there is no WhatsApp at all: every message goes by e-mail. */
  configured: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How the shop speaks WhatsApp. */
    whatsapp: WhatsAppSetup;
    /** Present only in sandbox mode: lets tests wait for the sandbox's webhooks. */
    whatsappSandbox?: { deliveries: { idle(): Promise<void> } };
  }
}

/** True when the four WHATSAPP_ settings are there (config.ts refuses some without the others). */
export function usesRealWhatsApp(config: Config): boolean {
  return Boolean(config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID);
}

/**
 * Which WhatsApp the shop has: Meta's with the settings; else the sandbox outside production, or in production when
 * ALLOW_SANDBOX_WHATSAPP says so (a demo shop); else none (e-mail only). A live shop must not load the sandbox: its
 * open test routes would let anyone send the shop "replies".
 */
export function whatsAppMode(config: Config): 'cloud' | 'sandbox' | 'none' {
  if (usesRealWhatsApp(config)) return 'cloud';
  return config.NODE_ENV !== 'production' || config.ALLOW_SANDBOX_WHATSAPP ? 'sandbox' : 'none';
}

function noWhatsApp(): CloudApi {
  const refuse = async (): Promise<never> => {
    throw new WhatsAppError(0, 'WhatsApp is not set up: set WHATSAPP_TOKEN and the other WHATSAPP_ settings', false);
  };
  return { sendTemplate: refuse, sendText: refuse, listTemplates: refuse, createTemplate: refuse };
}

/**
 * Resolves WhatsApp from the configuration as `app.whatsapp`. With the WHATSAPP_ settings the client talks to
 * graph.facebook.com (WHATSAPP_API_BASE); without them the sandbox (apps/api/src/dev/whatsapp-sandbox) is loaded
 * under /sandbox/whatsapp and the client talks to it through `app.inject` (ADR 022).
 */
export const whatsAppPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const mode = whatsAppMode(config);
    if (mode === 'none') {
      app.log.info('no WhatsApp: the WHATSAPP_ settings are not set, so every message goes by e-mail');
      app.decorate('whatsapp', {
        client: noWhatsApp(),
        appSecret: undefined,
        verifyToken: undefined,
        sandbox: false,
        configured: false,
      });
      return;
    }
    if (mode === 'cloud') {
      app.decorate('whatsapp', {
        client: createCloudApiClient({
          token: config.WHATSAPP_TOKEN as string,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID as string,
          businessAccountId: config.WHATSAPP_BUSINESS_ACCOUNT_ID,
          apiBase: config.WHATSAPP_API_BASE ?? WHATSAPP_API_BASE,
          version: config.WHATSAPP_API_VERSION,
        }),
        appSecret: config.WHATSAPP_APP_SECRET,
        verifyToken: config.WHATSAPP_VERIFY_TOKEN,
        sandbox: false,
        configured: true,
      });
      return;
    }
    // The one place the emulator is loaded, and only without the settings: production code never imports it
    // statically (ADR 022).
    const { registerWhatsAppSandbox } = await import('../../dev/whatsapp-sandbox/sandbox.plugin');
    app.decorate('whatsapp', await registerWhatsAppSandbox(app, config));
  },
  { name: 'whatsapp', dependencies: ['database'] },
);
