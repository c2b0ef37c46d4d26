import { z } from 'zod';
import { Id } from './common';

/**
 * A child's profile (issue 38, ADR 059): a signed-in parent may keep a child's first name (optional) and birth month,
 * nothing else, and only while the `child_profile` consent stands. The shop uses it to suggest sizes for that child
 * (the product page's "Find my size", the cart's warning, one "next size soon" message per size) and for nothing else.
 */

/** A parent keeps at most this many children. */
export const CHILD_PROFILES_MAX = 6;
/** The longest first name kept, in characters after trimming. */
export const CHILD_FIRST_NAME_MAX = 40;
/** The oldest birth month taken, in years before this month: the shop's sizes end at 12 years (144 months). */
export const CHILD_BIRTH_YEARS_BACK = 12;

/**
 * A first name, trimmed; empty means none. Letters of any script, spaces, apostrophes, hyphens and dots: a name, not
 * a note about the child.
 */
export const ChildFirstName = z
  .string({ error: 'Give the first name as text.' })
  .trim()
  .max(CHILD_FIRST_NAME_MAX, { error: `At most ${CHILD_FIRST_NAME_MAX} characters.` })
  .regex(/^[\p{L}\p{M} .'’-]*$/u, { error: 'Use letters only (spaces, hyphens and apostrophes are fine).' });

/**
 * A birth month as `YYYY-MM`. Whether it lies in the future or more than 12 years back depends on the shop's day,
 * so the server checks that (beside this field) with its own clock.
 */
export const BirthMonth = z
  .string({ error: 'Give the birth month.' })
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: 'Give the birth month as a month and year (YYYY-MM).' });

/** One child as the account page lists them. */
export const ChildProfile = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  /** `YYYY-MM`. */
  birth_month: z.string(),
  /** Whole months since the birth month, on the shop's (Indian) day: 0 in the month of birth. */
  age_months: z.number().int(),
});
export type ChildProfile = z.infer<typeof ChildProfile>;

/** POST /api/child_profiles {}: the signed-in shopper's children, the oldest saved first. */
export const ChildProfilesRequest = z.strictObject({});
export const ChildProfilesAnswer = z.object({ success: z.literal(true), children: z.array(ChildProfile) });
export type ChildProfilesAnswer = z.infer<typeof ChildProfilesAnswer>;

/** POST /api/child_profile_add: needs the `child_profile` consent (refused beside `errors.consent` otherwise). */
export const ChildProfileAddRequest = z.strictObject({
  first_name: ChildFirstName.optional(),
  birth_month: BirthMonth,
});
export type ChildProfileAddRequest = z.input<typeof ChildProfileAddRequest>;

/** POST /api/child_profile_delete {id}: one of mine; another shopper's (or an unknown) id is 404. */
export const ChildProfileDeleteRequest = z.strictObject({ id: Id });
export type ChildProfileDeleteRequest = z.input<typeof ChildProfileDeleteRequest>;

/** Adding and deleting answer the list as it now stands, with a message to show. */
export const ChildProfileChangeAnswer = ChildProfilesAnswer.extend({ message: z.string() });
export type ChildProfileChangeAnswer = z.infer<typeof ChildProfileChangeAnswer>;
