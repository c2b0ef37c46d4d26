import type { ProductDetail, Review, ReviewSummary } from '@kapaas/contract';
import { paths } from '../../lib/paths';
import { absolute, SHOP_DESCRIPTION, SHOP_NAME } from './pageMeta';

/** The price a shopper pays for a product: the discounted price when there is one. */
export function pricePaid(product: Pick<ProductDetail, 'actual_price' | 'discount_price'>): number {
  return product.discount_price > 0 ? product.discount_price : product.actual_price;
}

/** The reviews shown in a product's JSON-LD at most: the newest of its first page. */
export const STRUCTURED_REVIEWS = 3;

/** What a product page says of its reviews: their summary and the first page shown. */
export interface ProductReviews {
  summary: Pick<ReviewSummary, 'average' | 'count'>;
  reviews: Review[];
}

/**
 * schema.org's AggregateRating and the first few Reviews of a product, only when it has published reviews (a rating
 * with no reviews behind it would be a false signal); nothing otherwise.
 */
export function reviewData(reviews: ProductReviews | undefined): object {
  const average = reviews?.summary.average ?? null;
  if (!reviews || average === null || reviews.summary.count === 0) return {};
  const shown = reviews.reviews.slice(0, STRUCTURED_REVIEWS);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(shown.length === 0
      ? {}
      : {
          review: shown.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            ...(review.title ? { name: review.title } : {}),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            reviewBody: review.text,
            datePublished: review.created_at,
          })),
        }),
  };
}

/**
 * schema.org's Product with its Offer: what a search engine shows of a product page; with its rating and first
 * reviews once it has published ones.
 */
export function productData(publicUrl: string, product: ProductDetail, url: string, reviews?: ProductReviews): object {
  const images = [product.product_image, ...product.productsub_images.map((image) => image.image)];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.product_id),
    description: product.description || SHOP_DESCRIPTION,
    image: [...new Set(images.filter((image) => image !== '').map((image) => absolute(publicUrl, image)))],
    brand: { '@type': 'Brand', name: SHOP_NAME },
    category: `${product.category_name} > ${product.subcategory_name}`,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: pricePaid(product).toFixed(2),
      availability: product.sizes.some((size) => size.in_stock)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...reviewData(reviews),
  };
}

/** schema.org's BreadcrumbList: home, then each step (name and absolute address) down to the page. */
export function breadcrumbData(publicUrl: string, steps: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: paths.home }, ...steps].map((step, at) => ({
      '@type': 'ListItem',
      position: at + 1,
      name: step.name,
      item: absolute(publicUrl, step.path),
    })),
  };
}

/** schema.org's Organization and WebSite (with the search box search engines may show): the home page's. */
export function shopData(publicUrl: string): object[] {
  const home = absolute(publicUrl, paths.home);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SHOP_NAME,
      url: home,
      logo: absolute(publicUrl, '/favicon.svg'),
      description: SHOP_DESCRIPTION,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SHOP_NAME,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absolute(publicUrl, paths.search)}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
