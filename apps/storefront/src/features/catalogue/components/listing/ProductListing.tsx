import { LoadingState } from '../../../../components/feedback/LoadingState';
import { QueryErrorAlert } from '../../../../components/feedback/QueryErrorAlert';
import { PageHeading } from '../../../../components/PageHeading';
import { ProductGrid } from '../../../../components/product/ProductGrid';
import { type ProductListingScope, useCategoryProducts } from '../../api/useCategoryProducts';

interface ProductListingProps {
  scope: ProductListingScope;
}

/** A category's or subcategory's page: its name, how many products it has and their cards. */
export function ProductListing({ scope }: ProductListingProps) {
  const listing = useCategoryProducts(scope);

  if (listing.isPending) return <LoadingState label="Loading products" />;
  if (listing.isError) return <QueryErrorAlert error={listing.error} onRetry={() => listing.refetch()} />;

  const { category_name: name, product: products } = listing.data;
  return (
    <>
      <div className="listing-header">
        <PageHeading>{name}</PageHeading>
        <p className="listing-header__count">
          {products.length} {products.length === 1 ? 'Product' : 'Products'}
        </p>
      </div>
      {products.length === 0 ? (
        <p className="empty-state">There are no products here yet.</p>
      ) : (
        <ProductGrid products={products} />
      )}
    </>
  );
}
