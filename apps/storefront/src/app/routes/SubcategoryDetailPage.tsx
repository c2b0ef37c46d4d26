import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { useParams } from 'react-router';
import { type CardActions, ProductListing } from '../../features/catalogue/components/listing/ProductListing';
import { parseRouteId } from '../../lib/routeParams';
import { wishlistHeart } from '../cardActions';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { listingLoader, listingShouldRevalidate, type PageData } from '../server/pageLoaders';

interface SubcategoryDetailPageProps {
  /** Controls drawn on each product card (the wishlist heart), composed here from another feature. */
  cardActions?: CardActions;
}

/** /subcategory-detail/:subcategoryId: a subcategory's products with filters and sort (product.md §2). */
export function SubcategoryDetailPage({ cardActions = wishlistHeart }: SubcategoryDetailPageProps = {}) {
  const subcategoryId = parseRouteId(useParams().subcategoryId);
  if (subcategoryId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductListing key={subcategoryId} page={{ kind: 'subcategory', subcategoryId }} cardActions={cardActions} />
    </div>
  );
}

export const loader = (args: LoaderFunctionArgs) => listingLoader(args, 'subcategory');

/** Choices and pages of the listing are the page's own business (the API, in the browser): only another address reloads. */
export const shouldRevalidate = listingShouldRevalidate;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Products | Kapaas' });

export default SubcategoryDetailPage;
