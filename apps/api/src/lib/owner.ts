import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Whose data a call reads or changes: a registered user or a guest, never both. */
export type Owner = { kind: 'user'; userId: number } | { kind: 'guest'; guestId: number };

/** The ids the original storefront sends in bodies; only ever compared with the session's. */
export interface ClaimedOwner {
  user_id?: number | undefined;
  guest_id?: number | undefined;
}

export const NO_SESSION_MESSAGE = 'No user or guest session found. Please log in.';
export const NOT_YOURS_MESSAGE = 'You can only see and change your own data.';

/**
 * Who the request speaks for (product.md §11): the session decides. A body id naming anyone
 * else is refused with 403; a missing one means the session's owner. The original storefront
 * stores a guest's id as its userId too, so a guest session also accepts `user_id` equal to its
 * guest id.
 */
export async function resolveOwner(
  request: FastifyRequest,
  claimed: ClaimedOwner = {},
  options: { usersOnly?: string } = {},
): Promise<Owner> {
  const identity = await request.identity();
  if (!identity) throw new AppError('UNAUTHORIZED', options.usersOnly ?? NO_SESSION_MESSAGE);
  if (identity.userId !== null) {
    if (claimed.user_id !== undefined && claimed.user_id !== identity.userId) {
      throw new AppError('FORBIDDEN', NOT_YOURS_MESSAGE);
    }
    if (claimed.guest_id !== undefined) throw new AppError('FORBIDDEN', NOT_YOURS_MESSAGE);
    return { kind: 'user', userId: identity.userId };
  }
  const guestId = identity.guestId ?? 0;
  if (claimed.guest_id !== undefined && claimed.guest_id !== guestId)
    throw new AppError('FORBIDDEN', NOT_YOURS_MESSAGE);
  if (claimed.user_id !== undefined && claimed.user_id !== guestId) throw new AppError('FORBIDDEN', NOT_YOURS_MESSAGE);
  if (options.usersOnly) throw new AppError('FORBIDDEN', options.usersOnly);
  return { kind: 'guest', guestId };
}

/** The owner as the columns of a row that belongs to a user or a guest. */
export function ownerColumns(owner: Owner): { userId: number | null; guestId: number | null } {
  return owner.kind === 'user' ? { userId: owner.userId, guestId: null } : { userId: null, guestId: owner.guestId };
}

/** Whose a row is, from its user and guest columns (a row has exactly one of them). */
export function ownerOfRow(row: { userId: number | null; guestId: number | null }): Owner {
  return row.userId !== null ? { kind: 'user', userId: row.userId } : { kind: 'guest', guestId: row.guestId as number };
}
