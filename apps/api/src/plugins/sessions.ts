import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { purgeStaleCounters } from '../lib/rate-limit';
import {
  type CookieAttributes,
  clearCookieLine,
  readCookie,
  setCookieLine,
  signCookieValue,
  unsignCookieValue,
} from '../lib/session-cookie';

/** The cookie that carries a shopper's session token. */
export const SESSION_COOKIE = 'kapaas_session';
const SESSION_DAYS = 30;
/** However often it is used, a session ends this long after login (ADR 016): the shopper logs in again. */
const SESSION_MAX_DAYS = 90;
const DAY_MS = 86_400_000;
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

/** Who a request speaks for: exactly one of a user and a guest. */
export interface Identity {
  sessionId: number;
  userId: number | null;
  guestId: number | null;
}

export type SessionOwner = { userId: number; guestId?: undefined } | { guestId: number; userId?: undefined };

/** A stored session, as the plugin reads it. */
export interface StoredSession {
  id: number;
  userId: number | null;
  guestId: number | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/**
 * The sessions table's rows, which the identity module alone writes (ADR 039). The plugin is below the modules, so it
 * declares what it needs and app.ts hands it identity's `sessionStore` (ADR 041); the rules (how long a session lives,
 * how often it is touched) stay here.
 */
export interface SessionStore {
  /** The session of this token hash that has not expired at `now` and began after `loggedInAfter`. */
  find(tokenHash: string, now: Date, loggedInAfter: Date): Promise<StoredSession | undefined>;
  /** Marks the session seen at `seenAt`, ending at `expiresAt`. */
  touch(id: number, seenAt: Date, expiresAt: Date): Promise<void>;
  create(tokenHash: string, owner: SessionOwner, expiresAt: Date): Promise<StoredSession>;
  remove(id: number): Promise<void>;
  /** Deletes every session that ended before `now`. */
  removeExpired(now: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's identity, read from the database on first use; null without a live session. */
    identity(): Promise<Identity | null>;
  }
  interface FastifyInstance {
    sessions: {
      /** Starts a session for a user or a guest and sets its cookie; ends the request's old session. */
      start(request: FastifyRequest, reply: FastifyReply, owner: SessionOwner): Promise<Identity>;
      /** Ends the request's session, if any, and clears the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Deletes expired sessions and stale rate-limit counters; any process may run it at any time. */
      purgeExpired(): Promise<void>;
    };
  }
}

export interface SessionsOptions {
  /** SESSION_SECRET: the key the cookie is signed with. */
  secret: string;
  /**
   * The cookie is always `Secure` (PUBLIC_URL is https). Otherwise it is `Secure` when the request came over
   * https, as the socket or a trusted proxy (TRUST_PROXY) says.
   */
  alwaysSecure: boolean;
  /** Where the sessions are kept: identity's `sessionStore` over the shop's database. */
  store: SessionStore;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The identity a request's cookie names, touching the session at most every TOUCH_EVERY_MS; null without one. */
function sessionLookup({ secret, store }: SessionsOptions) {
  return async function lookup(request: FastifyRequest): Promise<Identity | null> {
    const header = request.headers.cookie;
    if (!header) return null;
    const signed = readCookie(header, SESSION_COOKIE);
    if (!signed || signed.length > 300) return null;
    // A cookie that is not signed with our secret (forged, or from before a new secret) is none.
    const token = unsignCookieValue(signed, secret);
    if (!token) return null;
    const now = new Date();
    const row = await store.find(hashToken(token), now, new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS));
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const end = Math.min(now.getTime() + SESSION_DAYS * DAY_MS, row.createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS);
      await store.touch(row.id, now, new Date(end));
    }
    return { sessionId: row.id, userId: row.userId, guestId: row.guestId };
  };
}

/** The session cookie's attributes for a request. */
function cookieOptions(alwaysSecure: boolean, request: FastifyRequest): CookieAttributes {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    // PUBLIC_URL's word is enough: a proxy left untrusted (or the wrong hop trusted) must not unset it.
    secure: alwaysSecure || request.protocol === 'https',
    path: '/',
  };
}

/** `app.sessions`: starting and ending a request's session, and the purge; `cached` holds each request's identity. */
function sessionControls(
  app: FastifyInstance,
  { secret, alwaysSecure, store }: SessionsOptions,
  cached: WeakMap<FastifyRequest, Promise<Identity | null>>,
): FastifyInstance['sessions'] {
  return {
    async start(request, reply, owner) {
      const previous = await request.identity();
      if (previous) await store.remove(previous.sessionId);
      const token = randomBytes(32).toString('base64url');
      const row = await store.create(hashToken(token), owner, new Date(Date.now() + SESSION_DAYS * DAY_MS));
      reply.header(
        'set-cookie',
        setCookieLine(SESSION_COOKIE, signCookieValue(token, secret), {
          ...cookieOptions(alwaysSecure, request),
          // The browser keeps it as long as a session can live; the server decides when it ends.
          maxAge: SESSION_MAX_DAYS * 86_400,
        }),
      );
      const identity: Identity = { sessionId: row.id, userId: row.userId, guestId: row.guestId };
      cached.set(request, Promise.resolve(identity));
      return identity;
    },
    async end(request, reply) {
      const identity = await request.identity();
      if (identity) await store.remove(identity.sessionId);
      reply.header('set-cookie', clearCookieLine(SESSION_COOKIE, cookieOptions(alwaysSecure, request)));
      cached.set(request, Promise.resolve(null));
    },
    async purgeExpired() {
      await store.removeExpired(new Date());
      await purgeStaleCounters(app.database.db);
    },
  };
}

/**
 * Server-side sessions (decision 003): a random token in an httpOnly, SameSite=Lax cookie, of
 * which only the SHA-256 hash is stored. Identity is read lazily, so catalogue reads cost no query;
 * the Cookie header itself is parsed only then.
 * The cookie is signed with SESSION_SECRET (ADR 016): a changed secret ends every session.
 * No cookie plugin (ADR 027): @fastify/cookie added an `onSend` hook that ran on every answer;
 * the one cookie is read, signed and written here, in @fastify/cookie's format.
 * The rows are identity's, through `options.store` (ADR 041).
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: SessionsOptions) => {
    const cached = new WeakMap<FastifyRequest, Promise<Identity | null>>();
    const lookup = sessionLookup(options);
    app.decorateRequest('identity', function identity(this: FastifyRequest) {
      let found = cached.get(this);
      if (!found) {
        found = lookup(this);
        cached.set(this, found);
      }
      return found;
    });
    app.decorate('sessions', sessionControls(app, options, cached));

    const purge = setInterval(() => {
      app.sessions.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions'));
    }, PURGE_EVERY_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'sessions', dependencies: ['database'] },
);
