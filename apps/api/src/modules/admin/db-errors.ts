import { AppError } from '../../lib/errors';

/** The PostgreSQL error under a query failure (drizzle wraps it; PGlite and pg both carry `code`). */
function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Turns the constraint violations an admin can cause into readable 4xx answers: a duplicate
 * (unique) is 409, a record still in use (foreign key on delete) is 409, a reference to
 * something missing is 400, a broken rule (check) is 400. Anything else is rethrown.
 */
export function explainConstraint(error: unknown, noun: string): never {
  if (error instanceof AppError) throw error;
  const pg = postgresError(error);
  switch (pg?.code) {
    case '23505':
      throw new AppError('CONFLICT', `A ${noun.toLowerCase()} with these details already exists.`, {
        code: 'DUPLICATE',
      });
    case '23001':
    case '23503':
      throw new AppError(
        'CONFLICT',
        `This ${noun.toLowerCase()} is in use or refers to something that does not exist.`,
        {
          code: 'IN_USE',
        },
      );
    case '23514':
      throw new AppError('INVALID_DATA', `These values break a rule of the shop (${pg.constraint ?? 'check'}).`, {
        code: 'INVALID_DATA',
      });
    default:
      throw error;
  }
}
