import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { type Courier, CourierError } from './courier';
import { createShiprocketClient, SHIPROCKET_API_BASE } from './shiprocket.client';

/** The resolved courier: Shiprocket with the configured API user, or the built-in sandbox. */
export interface CourierSetup {
  /** The courier port (serviceability, createShipment, assignAwb, …). */
  client: Courier;
  /** What Shiprocket's webhooks carry in x-api-key. Undefined: refuse them all. */
  webhookToken: string | undefined;
  /** The pickup location's name in Shiprocket's panel, which every courier order names. */
  pickupLocation: string;
  /** The PIN code parcels leave from. */
  pickupPin: string;
  /** The REST base the client talks to. */
  apiBase: string;
  /** True when the built-in sandbox is the courier (no Shiprocket API user configured). */
  sandbox: boolean;
  /**
   * False when there is no courier at all: a production shop with no Shiprocket API user (and no
   * ALLOW_SANDBOX_SHIPPING) ships by hand; every call of its client is a CourierError NOT_CONFIGURED.
   */
  configured: boolean;
}

// The courier's part of what the app gives its services: lib/deps.ts knows no module, so the module adds it.
declare module '../../lib/deps' {
  interface ServiceDeps {
    /** The courier: Shiprocket or the built-in sandbox. */
    courier: CourierSetup;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The courier the shop ships with. */
    courier: CourierSetup;
    /** Present only in sandbox mode: lets tests wait for the sandbox's tracking webhooks. */
    courierSandbox?: { deliveries: { idle(): Promise<void> } };
  }
}

/** True when a Shiprocket API user is configured (the sandbox is then off). */
export function usesRealShiprocket(config: Config): boolean {
  return Boolean(config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD);
}

/**
 * Which courier the shop has: Shiprocket with an API user; else the sandbox outside production, or in production
 * when ALLOW_SANDBOX_SHIPPING says so (a demo shop); else none. A live shop without a courier contract must not
 * load the sandbox: anyone could move its "parcels" to delivered through the sandbox's open test routes.
 */
export function courierMode(config: Config): 'shiprocket' | 'sandbox' | 'none' {
  if (usesRealShiprocket(config)) return 'shiprocket';
  return config.NODE_ENV !== 'production' || config.ALLOW_SANDBOX_SHIPPING ? 'sandbox' : 'none';
}

/** The courier of a shop that has none: each call refuses, saying what to set. */
function noCourier(): Courier {
  const refuse = async (): Promise<never> => {
    throw new CourierError(
      'NOT_CONFIGURED',
      'No courier is set up: set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD to ship with Shiprocket, or mark orders shipped by hand',
    );
  };
  return {
    name: 'none',
    serviceability: refuse,
    createShipment: refuse,
    assignAwb: refuse,
    requestPickup: refuse,
    label: refuse,
    downloadLabel: refuse,
    track: refuse,
    ndrList: refuse,
    ndrAction: refuse,
    createReturn: refuse,
    pickupAddress: refuse,
    trackingUrl: () => '',
  };
}

/**
 * Resolves the courier from the configuration and exposes it as `app.courier`. With SHIPROCKET_EMAIL/PASSWORD the
 * client talks to SHIPROCKET_API_BASE (default apiv2.shiprocket.in/v1/external); without them the sandbox
 * (apps/api/src/dev/shiprocket-sandbox) is loaded and registered under /sandbox/shiprocket, and the client talks to it
 * through `app.inject`.
 */
export const courierPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const mode = courierMode(config);
    if (mode === 'none') {
      app.log.info(
        'no courier: SHIPROCKET_EMAIL/SHIPROCKET_PASSWORD are not set, so orders are marked shipped by hand',
      );
      app.decorate('courier', {
        client: noCourier(),
        webhookToken: undefined,
        pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
        pickupPin: config.SHIPROCKET_PICKUP_PIN,
        apiBase: '',
        sandbox: false,
        configured: false,
      });
      return;
    }
    if (mode === 'shiprocket') {
      const apiBase = config.SHIPROCKET_API_BASE ?? SHIPROCKET_API_BASE;
      if (!config.SHIPROCKET_WEBHOOK_TOKEN) {
        app.log.warn('SHIPROCKET_WEBHOOK_TOKEN is not set: every Shiprocket tracking webhook will be refused');
      }
      app.decorate('courier', {
        client: createShiprocketClient({
          email: config.SHIPROCKET_EMAIL as string,
          password: config.SHIPROCKET_PASSWORD as string,
          apiBase,
        }),
        webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN,
        pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
        pickupPin: config.SHIPROCKET_PICKUP_PIN,
        apiBase,
        sandbox: false,
        configured: true,
      });
      return;
    }

    // The one place the emulator is loaded, and only without an API user: production code never imports it
    // statically, so a shop shipping with Shiprocket never loads it (ADR 022).
    const { registerShiprocketSandbox } = await import('../../dev/shiprocket-sandbox/sandbox.plugin');
    app.decorate('courier', await registerShiprocketSandbox(app, config));
  },
  { name: 'courier', dependencies: ['database'] },
);
