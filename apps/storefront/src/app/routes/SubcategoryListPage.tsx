import type { MetaArgs } from 'react-router';
import { useParams } from 'react-router';
import { SubcategoryList } from '../../features/catalogue/components/listing/SubcategoryList';
import { parseRouteId } from '../../lib/routeParams';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, subcategoryListLoader } from '../server/pageLoaders';

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

export const loader = subcategoryListLoader;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) => pageMeta(loaderData?.seo ?? { title: 'Kapaas' });

export default SubcategoryListPage;
