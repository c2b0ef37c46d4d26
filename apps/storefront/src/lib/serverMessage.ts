import { ApiError, NETWORK_ERROR_MESSAGE } from './api';

/**
 * The server's own words when it answered with a refusal, else null: an unanswered request (status 0) or an
 * answer without a message gives null, so a screen can put the documented fallback text in its place.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  return error.message && error.message !== NETWORK_ERROR_MESSAGE ? error.message : null;
}

/** True when the server answered (even without a message); false when the request never got an answer. */
export function serverAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status !== 0;
}
