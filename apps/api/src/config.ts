import { isIP } from 'node:net';
import { z } from 'zod';
import { MIN_ADMIN_PASSWORD_LENGTH, passwordProblem } from './lib/passwords';

const DEV_ADMIN_EMAIL = 'admin@kapaas.local';
const DEV_ADMIN_PASSWORD = 'kapaas-admin';
const DEV_SESSION_SECRET = 'kapaas-development-session-secret-change-me';

/**
 * TRUST_PROXY: which peers may say who the client is through X-Forwarded-For. A whole number is a
 * hop count; anything else is a comma-separated list of addresses and CIDRs (proxy-addr's terms).
 * Unset trusts nobody, so the address is the socket's own.
 */
const trustedProxies = z.string().transform((value, ctx): number | string[] => {
  if (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be a hop count (1–10) or a comma-separated list of addresses and CIDRs',
  });
  return z.NEVER;
});

/**
 * Fastify's trustProxy for a TRUST_PROXY value. Fastify 5 ignores a bare hop count (it cannot tell
 * a proxy from a client), so a count is a function trusting that many hops nearest the shop: only
 * right when nothing reaches the shop except through those proxies.
 */
export function proxyTrust(
  setting: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** An address, a CIDR, or one of proxy-addr's names for a whole range. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * PUBLIC_URL: the shop's public base URL, for absolute links (the sitemap, robots.txt, link
 * previews). An absolute http(s) URL without query, fragment or credentials; kept without its
 * trailing slash, so a path is appended as `${publicUrl}/path`.
 */
const publicUrl = z.string().transform((value, ctx): string => {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  const fine =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !value.includes('?') &&
    !value.includes('#') &&
    url.username === '' &&
    url.password === '';
  if (!fine || url === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an absolute http:// or https:// URL without query or fragment (e.g. https://kapaas.in)',
    });
    return z.NEVER;
  }
  return url.href.replace(/\/+$/, '');
});

/** The listening address as a URL: a wildcard host (0.0.0.0, ::) is reached at 127.0.0.1. */
export function listeningUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  const bracketed = isIP(reachable) === 6 ? `[${reachable}]` : reachable;
  return `http://${bracketed}:${port}`;
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting the shop reads from its environment, with its default. */
const WHATSAPP_SETTINGS = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
    SEED_DEMO: flag.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `pretty` (pino-pretty) or `json`; unset means pretty on a terminal outside production, JSON otherwise. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /** A request answered slower than this (ms) is logged at info; every request is logged at debug. */
    LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(500),
    STOREFRONT_DIST: z.string().optional(),
    ADMIN_DIST: z.string().optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_BASE: z.url().optional(),
    RAZORPAY_CHECKOUT_URL: z.url().optional(),
    /**
     * The sandbox's account setting for card payments: captured at once (Razorpay's automatic
     * capture), or left authorised for the shop to capture (manual capture).
     */
    RAZORPAY_SANDBOX_CAPTURE: z.enum(['automatic', 'manual']).default('automatic'),
    /** Shiprocket's API user (panel: Settings → API): with both the shop ships through Shiprocket, else its sandbox. */
    SHIPROCKET_EMAIL: z.email().optional(),
    SHIPROCKET_PASSWORD: z.string().min(1).optional(),
    SHIPROCKET_API_BASE: z.url().optional(),
    /** The token set beside the webhook URL in Shiprocket's panel; it comes back as x-api-key. Unset: refuse them all. */
    SHIPROCKET_WEBHOOK_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
    /** The pickup location's name as added in Shiprocket's panel (Settings → Pickup addresses). */
    SHIPROCKET_PICKUP_LOCATION: z.string().min(1).default('Primary'),
    /** Lets a production deployment ship through the built-in Shiprocket sandbox (a demo or staging shop). */
    ALLOW_SANDBOX_SHIPPING: flag.default(false),
    /** The PIN code parcels are picked up from, for serviceability and delivery dates. */
    SHIPROCKET_PICKUP_PIN: z
      .string()
      .regex(/^[1-9]\d{5}$/, 'must be a 6-digit PIN code')
      .default('110001'),
    /**
     * WhatsApp Business Cloud API (Meta's Graph API, issue 36): a system user's access token, the sending number's
     * Phone number ID, the app's secret (it signs every webhook) and the verify token typed beside the webhook URL in
     * the app's dashboard. All four, or none: without them WhatsApp goes through the built-in sandbox.
     */
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'must be the Phone number ID (digits)').optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
    /** The WhatsApp Business Account's ID: templates are listed and submitted under it. */
    WHATSAPP_BUSINESS_ACCOUNT_ID: z
      .string()
      .regex(/^\d+$/, 'must be the WhatsApp Business Account ID (digits)')
      .optional(),
    WHATSAPP_API_BASE: z.url().optional(),
    /** The Graph API version every path starts with. */
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v23.0')
      .default('v23.0'),
    /** Lets a production deployment send WhatsApp through the built-in sandbox (a demo or staging shop). */
    ALLOW_SANDBOX_WHATSAPP: flag.default(false),
    ADMIN_EMAIL: z.email().default(DEV_ADMIN_EMAIL),
    ADMIN_PASSWORD: z
      .string()
      .min(MIN_ADMIN_PASSWORD_LENGTH, `must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`)
      .default(DEV_ADMIN_PASSWORD),
    TRUST_PROXY: trustedProxies.optional(),
    /** Lets a production deployment run on the built-in payment sandbox (a demo or staging shop). */
    ALLOW_SANDBOX_PAYMENTS: flag.default(false),
    /** On SIGTERM/SIGINT: how long requests already under way get to be answered before their connections are cut. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Bearer token that GET /metrics requires; unset turns /metrics off (404). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Whether the shop counts its funnel: page views, add-to-carts, checkouts and paid orders per product and day (ADR 053). */
    FUNNEL_COUNTING: flag.default(true),
    /** How often each process writes the funnel's counts (ms). */
    FUNNEL_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** The shop's public base URL for absolute links; defaults to the listening address. */
    PUBLIC_URL: publicUrl.optional(),
    /**
     * The mail server messages go out through, e.g. smtps://user:pass@smtp.example.in:465 (any SMTP
     * provider). Unset: messages wait in the outbox, readable in the console under Messages sent.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.in:465')
      .optional(),
    /** The sender of every message: an address, or `Name <address>`. */
    MAIL_FROM: z
      .string()
      .regex(/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address or "Name <address>"')
      .default('Kapaas <orders@kapaas.local>'),
    /** Where the owner's messages go (comma-separated); unset: every active owner account's address. */
    NOTIFY_EMAIL: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email()).min(1))
      .optional(),
  })
  .superRefine((config, ctx) => {
    const weak = passwordProblem(config.ADMIN_PASSWORD, { email: config.ADMIN_EMAIL }, MIN_ADMIN_PASSWORD_LENGTH);
    if (weak) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: `is refused: ${weak}` });
    // In every environment: one of the two alone would quietly ship with the sandbox.
    if (Boolean(config.SHIPROCKET_EMAIL) !== Boolean(config.SHIPROCKET_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [config.SHIPROCKET_EMAIL ? 'SHIPROCKET_PASSWORD' : 'SHIPROCKET_EMAIL'],
        message: 'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are set together or not at all',
      });
    }
    whatsAppIssues(config, ctx);
    if (config.NODE_ENV !== 'production') return;
    if (config.ADMIN_EMAIL === DEV_ADMIN_EMAIL || config.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: [config.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set to your own value when NODE_ENV=production',
      });
    }
    if (config.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be set to your own value when NODE_ENV=production',
      });
    }
    if (!config.RAZORPAY_KEY_ID && !config.RAZORPAY_KEY_SECRET && !config.ALLOW_SANDBOX_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'must be set when NODE_ENV=production (or set ALLOW_SANDBOX_PAYMENTS=true for a demo shop)',
      });
    }
    if (config.RAZORPAY_KEY_ID && !config.RAZORPAY_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_WEBHOOK_SECRET'],
        message: 'must be set with the Razorpay keys when NODE_ENV=production',
      });
    }
    const razorpayKeys = [config.RAZORPAY_KEY_ID, config.RAZORPAY_KEY_SECRET].filter(Boolean).length;
    if (razorpayKeys === 1) {
      ctx.addIssue({
        code: 'custom',
        path: [config.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set together or not at all',
      });
    }
  })
  .transform((config) => ({
    ...config,
    /** PUBLIC_URL without its trailing slash, or the listening address (`http://{HOST}:{PORT}`). */
    publicUrl: config.PUBLIC_URL ?? listeningUrl(config.HOST, config.PORT),
  }));

export type Config = z.infer<typeof ConfigSchema>;

/** The four WhatsApp settings go together: some alone would quietly send through the sandbox, or take no webhook. */
function whatsAppIssues(
  config: Partial<Record<(typeof WHATSAPP_SETTINGS)[number], string | undefined>>,
  ctx: z.RefinementCtx,
): void {
  const missing = WHATSAPP_SETTINGS.filter((name) => !config[name]);
  if (missing.length === 0 || missing.length === WHATSAPP_SETTINGS.length) return;
  for (const name of missing) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `${WHATSAPP_SETTINGS.join(', ')} are set together or not at all`,
    });
  }
}

/** Whether shoppers reach the shop over https (PUBLIC_URL is https): its cookie is then always `Secure`, and HSTS sent. */
export const publicOverHttps = (config: Pick<Config, 'publicUrl'>): boolean => config.publicUrl.startsWith('https://');

/** Settings that are valid each on its own but together likely not what the operator meant; start-up logs each. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (publicOverHttps(config) && config.TRUST_PROXY === undefined) {
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY is unset: behind a proxy every client shares its address (login and ' +
        'other per-address limits) and requests look like http; set TRUST_PROXY to the proxy (e.g. 127.0.0.1)',
    );
  }
  return warnings;
}

/** The development defaults, so the start-up log can say when they are in use. */
export const DEVELOPMENT_DEFAULTS = { ADMIN_EMAIL: DEV_ADMIN_EMAIL, ADMIN_PASSWORD: DEV_ADMIN_PASSWORD } as const;

/** Thrown when the environment holds a bad value; its message names the variable. */
export class ConfigError extends Error {}

/** Parses the environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}
