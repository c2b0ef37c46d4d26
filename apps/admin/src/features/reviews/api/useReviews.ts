import type { AdminReview, AdminReviewAnswer, AdminReviewListAnswer } from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { itemQuery } from '#admin/lib/resource.ts';

/** The console's address of the reviews (under /admin) and of one review. */
export const reviewPaths = {
  list: '/reviews',
  review: (id: number | string) => `/reviews/${id}`,
} as const;

/** GET /reviews: a page of reviews, newest first; by published or hidden, by stars, by words. */
export function useReviewList(params: QueryParams) {
  return useQuery({
    queryKey: ['reviews', 'list', params],
    queryFn: ({ signal }) => adminRequest<AdminReviewListAnswer>('GET', 'reviews', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reviews/:id: one review with its photos and, when hidden, why. */
export function useReview(id: number) {
  return useQuery(itemQuery<AdminReview>('reviews', id));
}

/** POST /reviews/:id/hide {reason} or /show {}: the review leaves or returns to the product page; the lists refresh. */
export function useReviewVisibility(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { hide: true; reason: string } | { hide: false }) =>
      change.hide
        ? adminRequest<AdminReviewAnswer>('POST', `reviews/${id}/hide`, { body: { reason: change.reason } })
        : adminRequest<AdminReviewAnswer>('POST', `reviews/${id}/show`, { body: {} }),
    onSuccess: (answer) => {
      client.setQueryData(itemQuery<AdminReview>('reviews', id).queryKey, answer);
      return client.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
