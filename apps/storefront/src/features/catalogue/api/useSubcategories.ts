import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** One category's name and its subcategories. */
export function subcategoriesQuery(categoryId: number) {
  return queryOptions({
    queryKey: ['catalogue', 'subcategories', categoryId],
    queryFn: (context) => apiPost('subcategory_list', { category_id: categoryId }, context),
  });
}

export function useSubcategories(categoryId: number) {
  return useQuery(subcategoriesQuery(categoryId));
}
