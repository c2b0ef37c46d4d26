import type { ProductDetail } from '@kapaas/contract';
import { Link } from 'react-router';
import { LoadingState } from '../../../../components/feedback/LoadingState';
import { QueryErrorAlert } from '../../../../components/feedback/QueryErrorAlert';
import { PageHeading } from '../../../../components/PageHeading';
import { Price } from '../../../../components/product/Price';
import { SafeHtml } from '../../../../components/SafeHtml';
import { useProductDetail } from '../../api/useProductDetail';
import { useSizeChoice } from '../../hooks/useSizeChoice';
import { SizePicker } from './SizePicker';

interface ProductDetailViewProps {
  productId: number;
}

/** The product page: picture, name, category, price, description and sizes. */
export function ProductDetailView({ productId }: ProductDetailViewProps) {
  const detail = useProductDetail(productId);

  if (detail.isPending) return <LoadingState label="Loading product" />;
  if (detail.isError) return <QueryErrorAlert error={detail.error} onRetry={() => detail.refetch()} />;

  // Keyed by product so that moving to a related product starts with its own first size.
  return <ProductSummary key={detail.data.product_id} product={detail.data} />;
}

function ProductSummary({ product }: { product: ProductDetail }) {
  const { selected, choose } = useSizeChoice(product.sizes);
  const image = product.productsub_images[0]?.image ?? product.product_image;

  return (
    <div className="row g-4 g-lg-5 product-detail">
      <div className="col-md-6">
        <div className="product-detail__media">
          <img src={image} alt={product.name} />
        </div>
      </div>
      <div className="col-md-6">
        <p className="product-detail__category">
          <Link to={`/category-page/${product.category_id}`}>{product.category_name}</Link>
        </p>
        <PageHeading className="product-detail__name">{product.name}</PageHeading>
        <Price price={product.actual_price} discountPrice={product.discount_price} className="price--large" />
        <SafeHtml className="product-detail__description" html={product.description} />
        <SizePicker sizes={product.sizes} selected={selected} onChoose={choose} />
        {selected === null && <p className="text-body-secondary">This product is sold out in every size.</p>}
      </div>
    </div>
  );
}
