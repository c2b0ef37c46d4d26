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
