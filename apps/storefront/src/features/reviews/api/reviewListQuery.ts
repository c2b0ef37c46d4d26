import type { ReviewListAnswer } from '@kapaas/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields } from '#storefront/lib/session.ts';

// The query of a product's reviews alone, apart from the form's calls: the price's rating link reads its cache on
// the product page's first load, which should not bring the rest of the reviews' code.

export type ReviewSortChoice = 'recent' | 'helpful';

/** Every query of a product's reviews starts with this key; a review written or voted on refreshes them all. */
export const reviewsKey = (productId: number) => ['reviews', productId] as const;

/**
 * One page of a product's published reviews with their summary, as the asking shopper sees it (whether they may
 * review it, and their own review): keyed by who asks, so one shopper's answer is never shown to another.
 */
export function reviewListQuery(productId: number, identity: Identity, page = 1, sort: ReviewSortChoice = 'recent') {
  return queryOptions({
    queryKey: [...reviewsKey(productId), identityKey(identity), sort, page],
    queryFn: async ({ signal, client }): Promise<ReviewListAnswer> => {
      const request = { product_id: productId, page, sort };
      const owner = ownerFields(identity);
      try {
        return await apiPost('review_list', { ...owner, ...request }, { signal, client });
      } catch (error) {
        // A shopper remembered in this browser whose session has ended (401) or is another's (403) still reads the
        // reviews, as anyone does.
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (!refused || Object.keys(owner).length === 0) throw error;
        return apiPost('review_list', request, { signal, client });
      }
    },
    // What anyone reads came with the page, rendered from the reviews in memory (a cached page is rendered again when a
    // review changes): it is not asked for again when shown, even while a shopper's page hydrates as anyone's before
    // it shows their own view. That view (may they review, their review) is read afresh whenever it is shown.
    ...(identity.kind === 'anonymous' ? { refetchOnMount: false } : { staleTime: 0 }),
  });
}
