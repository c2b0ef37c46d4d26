/** The one failure type of every API call: the HTTP status, the server's message, field errors and code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Field errors keyed by the field's path ("price", "sizes.0.stock"). */
  readonly errors: Record<string, string[]>;
  /** The server's machine-readable reason, such as INSUFFICIENT_STOCK, when it gives one. */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, code?: string) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  /** True for refusals (bad input, not found, conflict): retrying the same request will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The server's words for a failed call, or `fallback` for anything that is not an API answer. */
export function errorMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** An answer's JSON body, or undefined when it has none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The ApiError for a failed answer: the server's message, field errors and code when its body is the
 * shop's failure answer, `fallback` (the app's "could not be reached" words) when it is not.
 */
export function apiFailure(status: number, answer: unknown, fallback: string): ApiError {
  const failure = isRecord(answer) ? answer : {};
  const message = typeof failure.message === 'string' && failure.message !== '' ? failure.message : fallback;
  const errors = isRecord(failure.errors) ? (failure.errors as Record<string, string[]>) : {};
  return new ApiError(status, message, errors, typeof failure.code === 'string' ? failure.code : undefined);
}
