import { eq, type Queryable, rateLimitCounters, sql } from '@kapaas/db';
import { AppError } from './errors';

/** A limit of `max` events per `windowSeconds`, counted per key. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The shop's limits; tests may pass their own through the app options. */
export const DEFAULT_LIMITS = {
  failedLoginsPerAccount: { max: 5, windowSeconds: 15 * 60 },
  failedLoginsPerAddress: { max: 20, windowSeconds: 15 * 60 },
  registrationsPerAddress: { max: 10, windowSeconds: 60 * 60 },
  guestsPerAddress: { max: 30, windowSeconds: 60 * 60 },
  messagesPerAddress: { max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
export type Limits = typeof DEFAULT_LIMITS;

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window counters in the database (rate_limit_counters), so the limits hold across every
 * process. One atomic upsert per event: no read-then-write race.
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /** Counts one event; throws 429 when it goes over the limit. */
  async hit(key: string, limit: Limit): Promise<void> {
    if ((await this.count(key, limit, 1)) > limit.max) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_MESSAGE);
  }

  /** Throws 429 when the key is already at its limit, without counting. */
  async check(key: string, limit: Limit): Promise<void> {
    if ((await this.count(key, limit, 0)) >= limit.max) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_MESSAGE);
  }

  /** Counts one event without refusing it (a failed login is refused for its own reason). */
  async record(key: string, limit: Limit): Promise<void> {
    await this.count(key, limit, 1);
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  private async count(key: string, limit: Limit, add: 0 | 1): Promise<number> {
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
      .returning({ count: rateLimitCounters.count });
    return row?.count ?? 0;
  }
}
