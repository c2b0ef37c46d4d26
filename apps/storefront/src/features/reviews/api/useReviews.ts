import type { ReviewAddRequest } from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { productDetailQuery } from '#storefront/lib/queries/useProductDetail.ts';
import { ownerFields, readIdentity, useIdentity } from '#storefront/lib/session.ts';

export { type ReviewSortChoice, reviewListQuery, reviewsKey } from './reviewListQuery';

import { type ReviewSortChoice, reviewListQuery, reviewsKey } from './reviewListQuery';

/**
 * The reviews the page shows. The server's render read page 1 for nobody in particular; in the browser the shopper's
 * own answer (can they review, their review) replaces it, the server's shown meanwhile.
 */
export function useReviewList(productId: number, page: number, sort: ReviewSortChoice) {
  const identity = useIdentity();
  return useQuery({ ...reviewListQuery(productId, identity, page, sort), placeholderData: keepPreviousData });
}

/** After a review is written: its product's reviews and the product's average (in its detail) are read again. */
function useRefreshReviews(productId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reviewsKey(productId) }),
      client.invalidateQueries({ queryKey: productDetailQuery(productId).queryKey }),
    ]);
}

/** review_add: writes the shopper's review of the product, or replaces their earlier one. */
export function useReviewAdd(productId: number) {
  const refresh = useRefreshReviews(productId);
  return useMutation({
    mutationFn: (review: Omit<ReviewAddRequest, 'user_id' | 'guest_id'>) =>
      apiPost('review_add', { ...ownerFields(readIdentity()), ...review }),
    onSuccess: refresh,
  });
}

/** review_helpful: one "helpful" vote for a review; the answer carries its new count. */
export function useReviewHelpful() {
  return useMutation({
    mutationFn: (reviewId: number) =>
      apiPost('review_helpful', { ...ownerFields(readIdentity()), review_id: reviewId }),
  });
}
