import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { useParams } from 'react-router';
import { type CardActions, ProductListing } from '../../features/catalogue/components/listing/ProductListing';
import { parseRouteId } from '../../lib/routeParams';
import { wishlistHeart } from '../cardActions';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { listingLoader, listingShouldRevalidate, type PageData } from '../server/pageLoaders';

interface CategoryPageProps {
  /** Controls drawn on each product card (the wishlist heart), composed here from another feature. */
  cardActions?: CardActions;
}

/** /category-page/:categoryId: a category's products with filters and sort (product.md §2). */
export function CategoryPage({ cardActions = wishlistHeart }: CategoryPageProps = {}) {
  const categoryId = parseRouteId(useParams().categoryId);
  if (categoryId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductListing key={categoryId} page={{ kind: 'category', categoryId }} cardActions={cardActions} />
    </div>
  );
}

export const loader = (args: LoaderFunctionArgs) => listingLoader(args, 'category');

/** Choices and pages of the listing are the page's own business (the API, in the browser): only another address reloads. */
export const shouldRevalidate = listingShouldRevalidate;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Products | Kapaas' });

export default CategoryPage;
