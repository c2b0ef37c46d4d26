import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** All categories with their subcategories: the header menu, the home grid and the footer's quick links. */
export const categoriesQuery = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: (context) => apiPost('category_list', {}, context),
  select: (answer) => answer.category,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
