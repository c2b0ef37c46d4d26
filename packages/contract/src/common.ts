import { z } from 'zod';

/** The largest number a PostgreSQL integer column holds: every whole number the API takes stays within it. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A database id as the storefront sends it: a positive integer, or the same integer as a string
 * (the original storefront reads ids from the URL and sends them unconverted).
 */
export const Id = z.union([
  z.number().int().positive().max(MAX_INT4),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().max(MAX_INT4)),
]);

/** Rupees as a JSON number (1299, 1299.5); the server keeps paise and converts at the edge. */
export const Rupees = z.number();

/** The body of a call which product.md §7 says sends "nothing". */
export const EmptyBody = z.strictObject({});

/** The failure answer of every call (product.md §10). */
export const ErrorAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** The machine-readable kinds of failure, mapped to HTTP status codes by the server. */
export const ERROR_KINDS = {
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A POST without a JSON body (content-type: application/json, `{}` when there is nothing to send). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The payment provider could not be reached or refused to answer; trying again later may work. */
  PROVIDER_UNAVAILABLE: 502,
  /** The database cannot be reached (down or restarting); the answer carries Retry-After. */
  UNAVAILABLE: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;
