import type { ProductCard as ProductCardData } from '@kapaas/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Price } from './Price';
import { hasRating, Rating } from './Rating';

/** The fields a card needs; wishlist and listing answers both carry them. */
export type ProductCardProduct = Pick<
  ProductCardData,
  'product_id' | 'name' | 'product_image' | 'price' | 'discount_price'
> &
  Partial<Pick<ProductCardData, 'in_stock' | 'rating_average' | 'rating_count'>>;

interface ProductCardProps {
  product: ProductCardProduct;
  /** Controls drawn over the picture, such as the wishlist heart. */
  actions?: ReactNode;
  /** The name's heading level, so headings stay in order: h2 under a page heading, h3 under a section's. */
  headingLevel?: 'h2' | 'h3';
  /** The link's words: "Shop now" on listings, "Shop Now" on the wishlist (product.md §2). */
  linkLabel?: string;
}

/**
 * A product in a grid or carousel: picture, name, its reviews' stars and count (none before its first review), price
 * and a "Shop now" link to its detail page.
 */
export function ProductCard({
  product,
  actions,
  headingLevel: Heading = 'h3',
  linkLabel = 'Shop now',
}: ProductCardProps) {
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img src={product.product_image} alt={product.name} width={600} height={600} loading="lazy" decoding="async" />
        {product.in_stock === false && <span className="product-card__badge">Sold out</span>}
        {actions && <div className="product-card__actions">{actions}</div>}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">{product.name}</Heading>
        {hasRating(product.rating_average, product.rating_count) && (
          <Rating value={product.rating_average} count={product.rating_count} size={14} className="rating--small" />
        )}
        <Price price={product.price} discountPrice={product.discount_price} />
        <Link
          className="btn btn-outline-primary btn-sm stretched-link"
          to={paths.product(product.product_id, product.name)}
        >
          {linkLabel}
          <span className="visually-hidden">: {product.name}</span>
        </Link>
      </div>
    </article>
  );
}
