/*
 * The built-in Shiprocket sandbox's fixed settings. TEST-ONLY: the credentials and the webhook token are public (they
 * are in this file), so they protect nothing; the sandbox is enabled only when no Shiprocket API user is configured,
 * and no parcel ever moves through it.
 */

/** Where the emulator answers, on the shop's own host. */
export const SANDBOX_PREFIX = '/sandbox/shiprocket';
/** Shiprocket's REST API below the prefix, as apiv2.shiprocket.in/v1/external. */
export const API_PREFIX = '/v1/external';
/** The sandbox's API user. */
export const SANDBOX_EMAIL = 'api@shiprocket-sandbox.kapaas.local';
export const SANDBOX_PASSWORD = 'kapaas-shiprocket-sandbox-TEST-ONLY';
/** TEST-ONLY: signs the sandbox's login tokens. */
export const SANDBOX_TOKEN_SECRET = 'kapaas_shiprocket_sandbox_token_secret_TEST_ONLY';
/** TEST-ONLY: the x-api-key the sandbox's tracking webhooks carry, as the token set in Shiprocket's panel. */
export const SANDBOX_WEBHOOK_TOKEN = 'kapaas_shiprocket_sandbox_webhook_token_TEST_ONLY';
/** The one pickup location set up in the sandbox's "panel". */
export const SANDBOX_PICKUP_LOCATION = 'Kapaas Sandbox Warehouse';
export const SANDBOX_PICKUP_PIN = '110020';
export const SANDBOX_PICKUP_CITY = 'New Delhi (Delhi)';
/** The pickup location's address, as GET /settings/company/pickup lists it: where return pickups are sent back to. */
export const SANDBOX_WAREHOUSE = {
  name: 'Kapaas Sandbox',
  email: 'warehouse@shiprocket-sandbox.kapaas.local',
  phone: '9810000000',
  address: 'Plot 4, Okhla Industrial Area Phase 2',
  address_2: '',
  city: 'New Delhi',
  state: 'Delhi',
  country: 'India',
  pin_code: SANDBOX_PICKUP_PIN,
} as const;
/** The shop's webhook receiver (the shipping module's). */
export const WEBHOOK_PATH = '/api/shiprocket_webhook';
/** How long a login token lasts, as Shiprocket's: 10 days. */
export const TOKEN_LIFETIME_MS = 10 * 86_400_000;

export interface SandboxCourier {
  id: number;
  name: string;
  /** Multiplies the base freight. */
  priceFactor: number;
  /** Days added to the base transit time. */
  extraDays: number;
  /** The AWB's first digits and its length. */
  awbPrefix: string;
  awbLength: number;
}

/** The couriers the sandbox offers, as Shiprocket lists them (ids as in Shiprocket's courier list). */
export const SANDBOX_COURIERS: readonly SandboxCourier[] = [
  { id: 43, name: 'Delhivery Surface', priceFactor: 1, extraDays: 1, awbPrefix: '1904', awbLength: 14 },
  { id: 51, name: 'Xpressbees Surface', priceFactor: 0.95, extraDays: 2, awbPrefix: '14112', awbLength: 15 },
  { id: 24, name: 'Blue Dart Air', priceFactor: 1.8, extraDays: 0, awbPrefix: '777', awbLength: 11 },
];

/**
 * What the sandbox serves, by the delivery PIN code:
 * - PINs starting with 79 (the north-east's remote areas in the sandbox's make-believe) are served by no courier;
 * - PINs starting with 18 or 19 (Jammu & Kashmir, Ladakh) are served, but without cash on delivery;
 * - every other valid PIN (six digits, not starting with 0) is served by every courier, with COD.
 */
export function pinService(pin: string): { served: boolean; cod: boolean } {
  if (pin.startsWith('79')) return { served: false, cod: false };
  if (pin.startsWith('18') || pin.startsWith('19')) return { served: true, cod: false };
  return { served: true, cod: true };
}

/** The statuses a test (or a person on the page) can move a shipment to, with the scan each writes. */
export const ADVANCES = {
  picked_up: { id: 42, label: 'PICKED UP', code: 'PUD', activity: 'Shipment picked up' },
  in_transit: { id: 18, label: 'IN TRANSIT', code: 'IT', activity: 'In transit - shipment added to bag at hub' },
  out_for_delivery: { id: 17, label: 'OUT FOR DELIVERY', code: 'OFD', activity: 'Out for delivery' },
  delivered: { id: 7, label: 'DELIVERED', code: 'DLVD', activity: 'Delivered to consignee' },
  undelivered: { id: 21, label: 'UNDELIVERED', code: 'UD', activity: 'Consignee not available' },
  rto_initiated: { id: 9, label: 'RTO INITIATED', code: 'RTO', activity: 'Return to origin initiated' },
  rto_delivered: { id: 10, label: 'RTO DELIVERED', code: 'RTD', activity: 'Returned to the seller' },
} as const;
export type AdvanceStatus = keyof typeof ADVANCES;
export const ADVANCE_STATUSES = Object.keys(ADVANCES) as AdvanceStatus[];
