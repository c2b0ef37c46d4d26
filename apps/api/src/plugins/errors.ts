import type { ErrorAnswer } from '@kapaas/contract';
import { isDatabaseUnavailable } from '@kapaas/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { noStoreAnswer } from './no-store';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client is told to wait before trying again while the database cannot be reached. */
const DATABASE_RETRY_AFTER_S = 5;

/** Field errors from a failed schema validation, keyed by the field's path ("product_id", "sizes.0.stock"). */
function fieldErrors(validation: { instancePath: string; message?: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const message = issue.message ?? 'Invalid value';
    errors[field] = [...(errors[field] ?? []), message];
  }
  return errors;
}

/**
 * One error path for the whole API (product.md §10): expected failures answer 4xx with a
 * readable message; an unreachable database answers 503 with Retry-After; anything else unexpected
 * is logged with its request and answers a bare 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A refusal by a hook that ran before the route's own (an admin token, a guard) is still personal.
      noStoreAnswer(request, reply);
      if (error instanceof AppError) {
        const body: ErrorAnswer = { success: false, message: error.message, ...error.options };
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(error.validation);
        const [field, messages] = Object.entries(errors)[0] ?? ['body', ['Invalid value']];
        const body: ErrorAnswer = {
          success: false,
          message: field === 'body' ? `Invalid request: ${messages[0]}` : `Invalid ${field}: ${messages[0]}`,
          errors,
          code: 'INVALID_DATA',
        };
        return reply.code(400).send(body);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const body: ErrorAnswer = { success: false, message: error.message, code: error.code };
        return reply.code(status).send(body);
      }
      if (isDatabaseUnavailable(error)) {
        // Not a defect in the request or the code: the database is down or restarting. Say so.
        request.log.error({ err: error }, 'request failed: the database is unavailable');
        const body: ErrorAnswer = { success: false, message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' };
        return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(body);
      }
      request.log.error({ err: error }, 'request failed');
      const body: ErrorAnswer = { success: false, message: GENERIC_FAILURE, code: 'INTERNAL' };
      return reply.code(500).send(body);
    });
  },
  { name: 'errors' },
);

/** The JSON answer for an unknown API route. */
export function unknownEndpoint(method: string, url: string): ErrorAnswer {
  return { success: false, message: `No such endpoint: ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' };
}
