import { useId } from 'react';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { paths } from '#storefront/lib/paths.ts';
import { useCategories } from '../../api/useCategories';
import { CategoryCard } from '../CategoryCard';

/** "Shop by Category": one card per category, leading to its subcategories. */
export function CategoryGrid() {
  const headingId = useId();
  const categories = useCategories();

  if (categories.isSuccess && categories.data.length === 0) return null;

  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-heading">
          Shop by Category
        </h2>
        {categories.isPending && <LoadingState label="Loading categories" />}
        {categories.isError && <QueryErrorAlert error={categories.error} onRetry={() => categories.refetch()} />}
        {categories.isSuccess && (
          <ul className="row row-cols-3 row-cols-lg-4 row-cols-xl-5 g-3 g-lg-4 list-unstyled mb-0">
            {categories.data.map((category) => (
              <li className="col" key={category.category_id}>
                <CategoryCard
                  to={paths.subcategories(category.category_id)}
                  image={category.category_image}
                  name={category.category_name}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
