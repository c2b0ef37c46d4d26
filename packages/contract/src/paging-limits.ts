// The paging limits as plain numbers, apart from the schemas: a browser bundle that needs only these loads no zod.

/** How many products a listing page holds when the request does not say (ADR 025). */
export const DEFAULT_PER_PAGE = 24;
/** The most products one listing page may hold. */
export const MAX_PER_PAGE = 96;
/** The highest page number a request may ask for: past any catalogue this shop could hold. */
export const MAX_PAGE = 100_000;
