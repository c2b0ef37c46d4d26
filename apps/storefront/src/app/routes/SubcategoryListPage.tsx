import { useParams } from 'react-router';
import { SubcategoryList } from '../../features/catalogue/components/listing/SubcategoryList';
import { parseRouteId } from '../../lib/routeParams';
import { NotFoundPage } from '../NotFoundPage';

/** /subcategory/:categoryId: the subcategories of one category (product.md §2). */
export function SubcategoryListPage() {
  const categoryId = parseRouteId(useParams().categoryId);
  if (categoryId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <SubcategoryList categoryId={categoryId} />
    </div>
  );
}
