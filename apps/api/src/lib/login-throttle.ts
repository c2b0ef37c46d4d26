import type { Queryable } from '@kapaas/db';
import { tooMany } from './errors';
import { type Limit, RateLimiter, type Slowdown } from './rate-limit';

export const SLOW_DOWN_MESSAGE = 'Too many attempts on this account. Please wait a little and try again.';

/**
 * Guards password checks (ADR 016). Failures count per account (its e-mail and phone alike) and
 * per address. An address over its limit is refused outright. An account past its free failures
 * makes each further attempt wait a growing interval, answered 429 with Retry-After before the
 * password is checked; but an address with no failures of its own is never made to wait, so
 * someone guessing at an account cannot lock its owner out.
 */
export class LoginThrottle {
  private readonly limiter: RateLimiter;

  constructor(
    db: Queryable,
    private readonly limits: { account: Slowdown; address: Limit },
  ) {
    this.limiter = new RateLimiter(db);
  }

  /** Throws 429 when this address may not try this account's password now. */
  async before(accountKey: string, addressKey: string): Promise<void> {
    if ((await this.limiter.check(addressKey, this.limits.address)) === 0) return;
    const wait = await this.limiter.waitAfterFailures(accountKey, this.limits.account);
    if (wait > 0) throw tooMany(SLOW_DOWN_MESSAGE, wait);
  }

  /** Counts a wrong password against the account and the address. */
  async failed(accountKey: string, addressKey: string): Promise<void> {
    await this.limiter.recordFailure(accountKey, this.limits.account);
    await this.limiter.record(addressKey, this.limits.address);
  }

  /** The right password ends the account's run of failures. */
  async succeeded(accountKey: string): Promise<void> {
    await this.limiter.reset(accountKey);
  }
}
