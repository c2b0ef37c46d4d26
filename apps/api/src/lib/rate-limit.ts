import { eq, lt, type Queryable, rateLimitCounters, sql } from '@kapaas/db';
import { tooMany } from './errors';

/** A limit of `max` events per `windowSeconds`, counted per key. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Failed logins on one account: the first `max` are free; after that each attempt from an address
 * that has failed must wait `firstDelaySeconds`, doubling per failure up to `maxDelaySeconds`. The
 * run is forgotten after `windowSeconds` without a failure, or at a successful login.
 */
export interface Slowdown extends Limit {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/** The shop's limits; tests may pass their own through the app options. */
export const DEFAULT_LIMITS = {
  failedLoginsPerAccount: {
    max: 5,
    windowSeconds: 24 * 60 * 60,
    firstDelaySeconds: 5,
    maxDelaySeconds: 15 * 60,
  } satisfies Slowdown,
  wrongCurrentPasswordsPerAccount: { max: 5, windowSeconds: 15 * 60 },
  failedLoginsPerAddress: { max: 20, windowSeconds: 15 * 60 },
  registrationsPerAddress: { max: 10, windowSeconds: 60 * 60 },
  guestsPerAddress: { max: 30, windowSeconds: 60 * 60 },
  messagesPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** update_profile answers whether a number is registered: each change of phone counts. */
  phoneChangesPerAccount: { max: 10, windowSeconds: 60 * 60 },
  /** forgot_password per e-mail address (known or not, so a refusal tells nothing): a few links an hour. */
  passwordResetsPerEmail: { max: 3, windowSeconds: 60 * 60 },
  /** photo_upload per client address: a review's and a return's few photos, with room to try again. */
  photoUploadsPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /** photo_upload per account or guest, whatever the address: a few reviews' and returns' photos a day, with retries. */
  photoUploadsPerShopper: { max: 30, windowSeconds: 24 * 60 * 60 },
  /** photo_upload per delivered order: its reviews' and its return's photos (3 each), with retries. */
  photoUploadsPerOrder: { max: 15, windowSeconds: 24 * 60 * 60 },
  /**
   * track_order per client address, wrong guesses included: a shopper looks a few times a day; an order number and
   * a phone number are not to be guessed by trying.
   */
  trackOrdersPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /**
   * The undelivered message's page (shipment_ndr_details, shipment_ndr_response) per client address, bad links
   * included: a shopper opens it and answers a few times; each answer is a call to the courier.
   */
  ndrResponsesPerAddress: { max: 20, windowSeconds: 60 * 60 },
  /** forgot_password per client address, whatever the e-mail. */
  passwordResetsPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Cash-on-delivery orders placed per client address: each holds pieces the shop sold on trust, and a new guest or
   * phone number costs nothing. Ten leaves room for a household, or a few shoppers behind one carrier's address.
   */
  codOrdersPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** my_data_export per account: building the copy reads every table, and each link is mailed (issue 35). */
  dataExportsPerAccount: { max: 3, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit | Slowdown>;
export type Limits = typeof DEFAULT_LIMITS;

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window counters in the database (rate_limit_counters), so the limits hold across every
 * process. One atomic upsert per event: no read-then-write race.
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /** Counts one event; throws 429 (Retry-After: the window's end) when it goes over the limit, saying `message`. */
  async hit(key: string, limit: Limit, message = TOO_MANY_MESSAGE): Promise<void> {
    const { count, secondsLeft } = await this.count(key, limit, 1);
    if (count > limit.max) throw tooMany(message, secondsLeft);
  }

  /** Throws 429 when the key is already at its limit, without counting; answers the count so far. */
  async check(key: string, limit: Limit): Promise<number> {
    const { count, secondsLeft } = await this.count(key, limit, 0);
    if (count >= limit.max) throw tooMany(TOO_MANY_MESSAGE, secondsLeft);
    return count;
  }

  /** Counts one event without refusing it (a failed login is refused for its own reason). */
  async record(key: string, limit: Limit): Promise<void> {
    await this.count(key, limit, 1);
  }

  /**
   * Counts one failure in a run: the run restarts when the last failure is older than the window.
   * window_start holds the last failure's time, which the wait is measured from.
   */
  async recordFailure(key: string, slowdown: Slowdown): Promise<void> {
    const quiet = sql`${rateLimitCounters.windowStart} <= now() - make_interval(secs => ${slowdown.windowSeconds})`;
    await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`CASE WHEN ${quiet} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
          windowStart: sql`now()`,
        },
      });
  }

  /** Seconds left before a run of failures allows another attempt; 0 when it allows one now. */
  async waitAfterFailures(key: string, slowdown: Slowdown): Promise<number> {
    const [row] = await this.db
      .select({
        count: rateLimitCounters.count,
        since: sql<number>`extract(epoch from now() - ${rateLimitCounters.windowStart})::float8`,
      })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    if (!row || row.since >= slowdown.windowSeconds || row.count < slowdown.max) return 0;
    const delay = Math.min(slowdown.firstDelaySeconds * 2 ** (row.count - slowdown.max), slowdown.maxDelaySeconds);
    return Math.max(0, delay - row.since);
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  private async count(key: string, limit: Limit, add: 0 | 1): Promise<{ count: number; secondsLeft: number }> {
    const expired = sql`${rateLimitCounters.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart: sql`now()`, count: add })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN ${add} ELSE ${rateLimitCounters.count} + ${add} END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimitCounters.windowStart} END`,
        },
      })
      .returning({
        count: rateLimitCounters.count,
        secondsLeft: sql<number>`extract(epoch from ${rateLimitCounters.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now())::float8`,
      });
    return { count: row?.count ?? 0, secondsLeft: row?.secondsLeft ?? limit.windowSeconds };
  }
}

/**
 * Deletes the counters whose window began more than a day before `now`: no limit's window is longer, so they count
 * nothing any more. Any process may run it at any time (the sessions plugin's hourly purge and the daily retention job
 * do). Answers how many went.
 */
export async function purgeStaleCounters(db: Queryable, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}
