import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@kapaas/db';
import { openPgliteFromTemplate, openPostgresFromTemplate } from '@kapaas/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEFAULT_LIMITS, type Limits } from '../src/lib/rate-limit';
import { SESSION_COOKIE } from '../src/plugins/sessions';

/** A shopper's browser: it keeps the session cookie between calls. */
export interface Shopper {
  /** The session cookie as a Cookie header value ('' before a session starts). */
  cookie: string;
  post(endpoint: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/** A registered shopper, logged in. */
export interface RegisteredShopper extends Shopper {
  userId: number;
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** A shop for one test file: the app on its own copy of the demo database. */
export interface TestShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The shop's media folder (served under /media/) and its private folder (never served as files), both temporary. */
  mediaDir: string;
  privateDir: string;
  /** POST /api/<endpoint> with a JSON body and no session, as a first-time visitor. */
  post(endpoint: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** A visitor without a session yet; a call that sets a cookie starts theirs. */
  visitor(): Shopper;
  /** A new guest with a session. */
  guest(): Promise<Shopper & { guestId: number }>;
  /** A newly registered user, logged in. */
  user(details?: Partial<{ name: string; email: string; phone: string; password: string }>): Promise<RegisteredShopper>;
  close(): Promise<void>;
}

/**
 * The real storefront build (apps/storefront/dist), for tests of rendered pages. `npm test` builds it first when it is
 * missing or older than its sources; a test run without it fails here, saying how to build it.
 */
export function builtStorefront(): string {
  const dist = fileURLToPath(new URL('../../storefront/dist', import.meta.url));
  if (!existsSync(join(dist, 'server', 'index.js'))) {
    throw new Error(`The storefront is not built in ${dist}: run npm run build -w @kapaas/storefront`);
  }
  return dist;
}

/** Limits high enough that no ordinary test meets them; rate-limit tests pass their own. */
const TEST_LIMITS: Limits = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
) as Limits;

let shoppers = 0;

export async function startTestShop(
  options: {
    storefrontDist?: string;
    adminDist?: string;
    limits?: Limits;
    expirySweepMs?: number;
    /** The outbox worker's interval; off unless a test asks (tests deliver with test/mailbox.ts's `deliver`). */
    mailSweepMs?: number;
    /** How often the scheduled messages run; off unless a test asks (tests call the modules' queue functions). */
    scheduledMessagesMs?: number;
    /** How often the funnel's counts are written; only on close unless a test asks (tests flush by hand). */
    funnelFlushMs?: number;
    /** How often the embedded database's daily ANALYZE is looked for; off unless a test asks. */
    statisticsSweepMs?: number;
    /** Settings beyond the test defaults, as environment variables (RAZORPAY_SANDBOX_CAPTURE, …). */
    env?: Record<string, string>;
    /** 'loopback-for-tests': the catalogue import may fetch pictures from the test's own server (ADR 064). */
    importPicturePolicy?: 'public' | 'loopback-for-tests';
  } = {},
): Promise<TestShop> {
  const postgresUrl = inject('postgresUrl');
  const template = inject('pgliteTemplate');
  let database: DatabaseHandle;
  if (postgresUrl) database = await openPostgresFromTemplate(postgresUrl);
  else if (template) database = await openPgliteFromTemplate(template);
  else throw new Error('No test database template: is test/global-setup.ts configured?');

  const mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-media-'));
  const privateDir = await mkdtemp(join(tmpdir(), 'kapaas-private-'));
  const { env, ...appOptions } = options;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  // The expiry sweep is off: tests run expireDueOrders themselves, at a time they choose.
  const app = await buildApp({
    config,
    database,
    mediaDir,
    privateDir,
    limits: TEST_LIMITS,
    expirySweepMs: 0,
    mailSweepMs: 0,
    scheduledMessagesMs: 0,
    photoSweepMs: 0,
    funnelFlushMs: 0,
    statisticsSweepMs: 0,
    ...appOptions,
  });

  function visitor(): Shopper {
    const shopper: Shopper = {
      cookie: '',
      async post(endpoint, body = {}) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          payload: body as Record<string, unknown>,
          headers: shopper.cookie ? { cookie: shopper.cookie } : {},
        });
        const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
        if (session) shopper.cookie = session.value ? `${SESSION_COOKIE}=${session.value}` : '';
        return response;
      },
    };
    return shopper;
  }

  return {
    app,
    database,
    mediaDir,
    privateDir,
    post: (endpoint, body = {}) =>
      app.inject({ method: 'POST', url: `/api/${endpoint}`, payload: body as Record<string, unknown> }),
    visitor,
    async guest() {
      const shopper = visitor();
      const response = await shopper.post('get_guest_id');
      if (response.statusCode !== 200) throw new Error(`get_guest_id: ${response.body}`);
      return Object.assign(shopper, { guestId: response.json().guest_id as number });
    },
    async user(details = {}) {
      shoppers += 1;
      const n = `${process.pid}${shoppers}`.slice(-8).padStart(8, '0');
      const person = {
        name: details.name ?? `Shopper ${n}`,
        email: details.email ?? `shopper${n}@example.in`,
        phone: details.phone ?? `9${n}1`.slice(0, 10),
        password: details.password ?? 'organic-cotton-1',
      };
      const shopper = visitor();
      const registered = await shopper.post('register', { ...person, password_confirmation: person.password });
      if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
      const login = await shopper.post('login', { user_name: person.email, password: person.password });
      if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
      return Object.assign(shopper, { ...person, userId: login.json().user.id as number });
    },
    async close() {
      await app.close();
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
      await rm(privateDir, { recursive: true, force: true });
    },
  };
}
