import { useParams } from 'react-router';
import { ProductListing } from '../../features/catalogue/components/listing/ProductListing';
import { parseRouteId } from '../../lib/routeParams';
import { NotFoundPage } from '../NotFoundPage';

/** /category-page/:categoryId: a category's products (spec §2); filters and sorting come later. */
export function CategoryPage() {
  const categoryId = parseRouteId(useParams().categoryId);
  if (categoryId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductListing scope={{ category_id: categoryId }} />
    </div>
  );
}
