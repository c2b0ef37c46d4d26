import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './paging-limits';

export { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './paging-limits';

/** A whole number as JSON sends it, or as a string of digits (a query string's value). */
const Whole = (field: string, max: number, tooBig: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,7}$/, `${field} must be a whole number`)
        .transform(Number),
    ])
    .pipe(z.number().int(`${field} must be a whole number`).min(1, `${field} must be at least 1`).max(max, tooBig));

/**
 * The paging fields every product listing takes (ADR 025): `page` from 1, `per_page` up to 96.
 * Absent, they mean the first page of 24, so a client that never pages still gets an answer.
 */
export const PagingFields = {
  page: Whole('page', MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
  per_page: Whole('per_page', MAX_PER_PAGE, `Ask for at most ${MAX_PER_PAGE} products a page.`).default(
    DEFAULT_PER_PAGE,
  ),
};

/** What a paged listing answers beside its page of products. */
export const PageFields = {
  /** How many products match, over every page. */
  total: z.number().int(),
  /** How many pages of `per_page` they fill: 0 when nothing matches. */
  pages: z.number().int(),
  /** The page answered, as asked for; past the last page its product list is empty. */
  page: z.number().int(),
  per_page: z.number().int(),
};

/** The pages `total` products fill at `perPage` a page. */
export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}
