import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** What parents say about the shop, shown at the foot of the home page. */
export const testimonialsQuery = queryOptions({
  queryKey: ['catalogue', 'testimonials'],
  queryFn: (context) => apiPost('testimonial_list', {}, context),
  select: (answer) => answer.testimonial,
});

export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
