import { ERROR_KINDS, type ErrorKind } from '@kapaas/contract';

/**
 * An expected failure with a kind (mapped to the HTTP status), a message a shopper can read, and
 * optionally a machine code (INSUFFICIENT_STOCK) and field errors. Only the unexpected is thrown
 * as anything else.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Seconds to wait before asking again, sent as Retry-After (a 429 says when to come back). */
  retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: Exclude<ErrorKind, 'INTERNAL'>,
    message: string,
    readonly options: { code?: string; errors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_KINDS[kind];
  }
}

/** A 429 that says how long to wait. */
export function tooMany(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError('TOO_MANY_REQUESTS', message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);

/** A 400 about one field: the message, and the same message beside that field. */
export const fieldError = (field: string, message: string) =>
  new AppError('INVALID_DATA', message, { errors: { [field]: [message] } });
