import { useParams } from 'react-router';
import { ProductListing } from '../../features/catalogue/components/listing/ProductListing';
import { parseRouteId } from '../../lib/routeParams';
import { NotFoundPage } from '../NotFoundPage';

/** /subcategory-detail/:subcategoryId: a subcategory's products (spec §2); filters and sorting come later. */
export function SubcategoryDetailPage() {
  const subcategoryId = parseRouteId(useParams().subcategoryId);
  if (subcategoryId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductListing scope={{ subcategory_id: subcategoryId }} />
    </div>
  );
}
