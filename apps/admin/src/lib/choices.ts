import type { AdminCategory, AdminNamed, AdminSize, AdminState, AdminSubcategory } from '@kapaas/contract';
import { useResourceList } from './resource';

/** Enough for every list a select draws from (the API's largest page). */
const ALL = { per_page: 100 } as const;

/** The categories as select options. */
export function useCategoryOptions() {
  const list = useResourceList<AdminCategory>('categories', ALL);
  return (list.data?.data ?? []).map((category) => ({ value: category.id, label: category.name }));
}

/** Everything a product form chooses from: categories, subcategories, sizes, prints and genders. */
export function useCatalogueChoices() {
  const categories = useResourceList<AdminCategory>('categories', ALL);
  const subcategories = useResourceList<AdminSubcategory>('subcategories', ALL);
  const sizes = useResourceList<AdminSize>('sizes', ALL);
  const patterns = useResourceList<AdminNamed>('patterns', ALL);
  const genders = useResourceList<AdminNamed>('genders', ALL);
  const all = [categories, subcategories, sizes, patterns, genders];
  return {
    isPending: all.some((query) => query.isPending),
    error: all.find((query) => query.isError)?.error ?? null,
    refetch: () => all.forEach((query) => void query.refetch()),
    categories: categories.data?.data ?? [],
    subcategories: subcategories.data?.data ?? [],
    sizes: [...(sizes.data?.data ?? [])].sort((a, b) => a.sort_order - b.sort_order),
    patterns: patterns.data?.data ?? [],
    genders: genders.data?.data ?? [],
  };
}

/** The states and union territories as select options (36, within one page). */
export function useStateOptions() {
  const list = useResourceList<AdminState>('states', ALL);
  return (list.data?.data ?? []).map((state) => ({ value: state.id, label: state.name }));
}
