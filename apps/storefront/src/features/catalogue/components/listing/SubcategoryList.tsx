import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { PageHeading } from '#storefront/components/PageHeading.tsx';
import { paths } from '#storefront/lib/paths.ts';
import { useSubcategories } from '../../api/useSubcategories';
import { CategoryCard } from '../CategoryCard';

/** The documented empty-state text (product.md §8). */
export const NO_SUBCATEGORIES_MESSAGE = 'No subcategories available for this category.';

interface SubcategoryListProps {
  categoryId: number;
}

/** A category's subcategories as picture cards, each leading to its products. */
export function SubcategoryList({ categoryId }: SubcategoryListProps) {
  const subcategories = useSubcategories(categoryId);

  if (subcategories.isPending) return <LoadingState label="Loading subcategories" />;
  if (subcategories.isError) {
    return <QueryErrorAlert error={subcategories.error} onRetry={() => subcategories.refetch()} />;
  }

  const { category_name: categoryName, Subcategory: list } = subcategories.data;
  return (
    <>
      <PageHeading>{categoryName}</PageHeading>
      {list.length === 0 ? (
        <p className="empty-state">{NO_SUBCATEGORIES_MESSAGE}</p>
      ) : (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4 list-unstyled">
          {list.map((subcategory) => (
            <li className="col" key={subcategory.subcategory_id}>
              <CategoryCard
                to={paths.subcategory(subcategory.subcategory_id)}
                image={subcategory.subcategory_image}
                name={subcategory.subcategory_name}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
