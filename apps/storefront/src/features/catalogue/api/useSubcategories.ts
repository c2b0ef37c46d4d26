import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** One category's name and its subcategories. */
export function subcategoriesQuery(categoryId: number) {
  return queryOptions({
    queryKey: ['catalogue', 'subcategories', categoryId],
    queryFn: ({ signal }) => apiPost('subcategory_list', { category_id: categoryId }, { signal }),
  });
}

export function useSubcategories(categoryId: number) {
  return useQuery(subcategoriesQuery(categoryId));
}
