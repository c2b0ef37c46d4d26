import { randomBytes } from 'node:crypto';
import { type Queryable, sql } from '@kapaas/db';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../lib/passwords';
import { inList, rowsOf } from '../../lib/person';

// An account's part of an erasure (issue 35, privacy/erasure.ts): what the registry of personal data says of users,
// sessions and password_reset_tokens. The row stays, so that the orders GST law keeps still name an account, but
// nothing in it names a person any more, and it lets no one in.

/** The account's name, e-mail and phone as they are, or null when there is no such account. */
export async function accountContacts(db: Queryable, userId: number) {
  const rows = rowsOf<{ name: string; email: string; phone: string; status: string }>(
    await db.execute(sql`SELECT name, email, phone, status FROM users WHERE id = ${userId}`),
  );
  return rows[0] ?? null;
}

/** Whether `password` is the account's: the erasure asks for it, as a change of password does. */
export async function passwordMatches(db: Queryable, userId: number, password: string): Promise<boolean> {
  const rows = rowsOf<{ password_hash: string }>(
    await db.execute(sql`SELECT password_hash FROM users WHERE id = ${userId}`),
  );
  const hash = rows[0]?.password_hash;
  return hash !== undefined && (await verify(hash, password));
}

/**
 * Anonymises the account: 'Erased shopper', `erased-<id>@invalid` and `erased-<id>` (both unique, so that the real
 * address and number can register again), a password hash of random bytes that no password matches, disabled; and
 * ends its sessions and reset links.
 */
export async function eraseAccount(tx: Queryable, userId: number): Promise<void> {
  const unguessable = await hashPassword(randomBytes(32).toString('base64url'));
  await tx.execute(sql`
    UPDATE users SET name = 'Erased shopper', email = ${`erased-${userId}@invalid`}, phone = ${`erased-${userId}`},
      password_hash = ${unguessable}, status = 'disabled', updated_at = now()
    WHERE id = ${userId}`);
  await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM password_reset_tokens WHERE user_id = ${userId}`);
}

/**
 * Guests the owner erases (matched by e-mail or phone): their sessions end, and a guest with no order is deleted. A
 * guest with orders keeps its bare row, two timestamps, because its orders must name it for the invoices GST law
 * keeps (orders.guest_id, the registry's kept key); nothing in it names the person.
 */
export async function forgetGuests(tx: Queryable, guestIds: readonly number[]): Promise<void> {
  if (guestIds.length === 0) return;
  await tx.execute(sql`DELETE FROM sessions WHERE guest_id IN ${inList(guestIds)}`);
  await tx.execute(sql`
    DELETE FROM guests g WHERE g.id IN ${inList(guestIds)}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.guest_id = g.id)`);
  await tx.execute(sql`UPDATE guests SET last_seen_at = created_at WHERE id IN ${inList(guestIds)}`);
}
