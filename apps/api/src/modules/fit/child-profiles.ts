import { CHILD_BIRTH_YEARS_BACK, CHILD_PROFILES_MAX, type ChildProfile } from '@kapaas/contract';
import { and, asc, childProfiles, type Database, eq, type Queryable, sql } from '@kapaas/db';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { shopToday } from '../../lib/shop-day';
import { consentStands } from '../consent';

/**
 * A child's profile (issue 38, ADR 059): a parent's child, by an optional first name and the birth month, kept only
 * while the parent's `child_profile` consent stands. Withdrawing the consent deletes them (migration 0043's trigger on
 * the ledger, whichever form or link withdrew it); deleting or erasing the account deletes them too.
 */

/** The refusal beside the consent box: the storefront shows it there. */
export const CHILD_CONSENT_NEEDED =
  'Tick “Keep my children’s first names and birth months” first: we keep a child only while you agree to it.';

/** "YYYY-MM" as a count of months, to take one month from another. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * A child's age in whole months on a shop day (India's, `YYYY-MM-DD`): the months since the birth month, 0 in that
 * month. Without the day of birth the month is the measure; the charts' ranges are in months too.
 */
export function ageInMonths(birthMonth: string, onDay: string): number {
  return monthIndex(onDay) - monthIndex(birthMonth);
}

/** The profile as the account page lists it, its age on the shop's day of `now`. */
function profileOf(row: { id: number; firstName: string | null; birthMonth: string }, now: Date): ChildProfile {
  const birthMonth = row.birthMonth.slice(0, 7);
  return {
    id: row.id,
    first_name: row.firstName,
    birth_month: birthMonth,
    age_months: ageInMonths(birthMonth, shopToday(now)),
  };
}

/** The account's children, the first saved first. Empty unless the consent stands (a row never outlives it). */
export async function childProfilesOf(db: Queryable, userId: number, now = new Date()): Promise<ChildProfile[]> {
  const rows = await db
    .select({ id: childProfiles.id, firstName: childProfiles.firstName, birthMonth: childProfiles.birthMonth })
    .from(childProfiles)
    .where(eq(childProfiles.userId, userId))
    .orderBy(asc(childProfiles.createdAt), asc(childProfiles.id));
  return rows.map((row) => profileOf(row, now));
}

/** Refuses a birth month in the future or more than 12 years back, on the shop's day (beside `birth_month`). */
function checkBirthMonth(birthMonth: string, now: Date): void {
  const age = ageInMonths(birthMonth, shopToday(now));
  if (age < 0) throw fieldError('birth_month', 'The birth month cannot be in the future.');
  if (age > CHILD_BIRTH_YEARS_BACK * 12)
    throw fieldError(
      'birth_month',
      `Our sizes go up to ${CHILD_BIRTH_YEARS_BACK} years: give a birth month in the last ${CHILD_BIRTH_YEARS_BACK} years.`,
    );
}

/**
 * Saves a child for the account: only with the `child_profile` consent standing (else 400 beside `consent`), at most
 * six. The account's lock (the one the withdrawal's trigger takes) orders an add and a withdrawal said at once, so the
 * count is true and no child is written after the consent is gone.
 */
export async function addChildProfile(
  db: Database,
  userId: number,
  input: { first_name?: string | undefined; birth_month: string },
  now = new Date(),
): Promise<void> {
  checkBirthMonth(input.birth_month, now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('child-profiles'), ${userId}::integer)`);
    if (!(await consentStands(tx, { userId }, 'child_profile'))) {
      throw new AppError('INVALID_DATA', CHILD_CONSENT_NEEDED, {
        code: 'CONSENT_REQUIRED',
        errors: { consent: [CHILD_CONSENT_NEEDED] },
      });
    }
    const [kept] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(childProfiles)
      .where(eq(childProfiles.userId, userId));
    if (Number(kept?.n ?? 0) >= CHILD_PROFILES_MAX) {
      const message = `You can keep up to ${CHILD_PROFILES_MAX} children. Delete one to add another.`;
      throw new AppError('CONFLICT', message, { code: 'TOO_MANY_CHILDREN', errors: { birth_month: [message] } });
    }
    const firstName = input.first_name?.trim() || null;
    await tx.insert(childProfiles).values({ userId, firstName, birthMonth: `${input.birth_month}-01` });
  });
}

/** Deletes one of the account's children; another account's (or an unknown) id is 404, as if it did not exist. */
export async function deleteChildProfile(db: Queryable, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(childProfiles)
    .where(and(eq(childProfiles.id, id), eq(childProfiles.userId, userId)))
    .returning({ id: childProfiles.id });
  if (deleted.length === 0) throw notFound('Child');
}

/** An account's children go with its erasure (issue 35's registry: a child's data, deleted). */
export async function deleteChildProfilesOf(tx: Queryable, userId: number | null): Promise<void> {
  if (userId === null) return;
  await tx.delete(childProfiles).where(eq(childProfiles.userId, userId));
}
