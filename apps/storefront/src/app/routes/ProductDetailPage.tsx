import { useParams } from 'react-router';
import { ProductDetailView } from '../../features/catalogue/components/detail/ProductDetailView';
import { parseRouteId } from '../../lib/routeParams';
import { NotFoundPage } from '../NotFoundPage';

/** /product-detail/:productId: one product (spec §2, Product detail). */
export function ProductDetailPage() {
  const productId = parseRouteId(useParams().productId);
  if (productId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductDetailView productId={productId} />
    </div>
  );
}
