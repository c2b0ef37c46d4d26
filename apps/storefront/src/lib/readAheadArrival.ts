import type { DehydratedState } from '@tanstack/react-query';

/** Each loader's read-ahead as this browser received it, stamped once (the same object for the same loader data). */
const stamped = new WeakMap<DehydratedState, DehydratedState>();

/**
 * A loader's read-ahead queries, as fresh as the moment they reached this browser.
 *
 * A page's answers are read on the server when the page is rendered, and the shop serves a rendered page from its
 * page cache for as long as the catalogue stays the same (apps/api's storefront-pages plugin): hours, on a quiet day.
 * Left with their render time, every answer older than the catalogue's minute of freshness was stale the moment the
 * page hydrated, and the browser asked for all of them again (on a category page: the categories, sizes, genders,
 * patterns and products, five calls), re-rendering what showed them in the same task as the hydration (ADR 031, fifth
 * pass). They are as current as the catalogue the page was served for, so they count from their arrival.
 */
export function arrivedAt(state: DehydratedState, now: number = Date.now()): DehydratedState {
  let arrived = stamped.get(state);
  if (!arrived) {
    arrived = {
      ...state,
      queries: state.queries.map((query) => ({
        ...query,
        state: { ...query.state, dataUpdatedAt: Math.max(query.state.dataUpdatedAt, now) },
      })),
    };
    stamped.set(state, arrived);
  }
  return arrived;
}
