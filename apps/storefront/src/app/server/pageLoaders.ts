import {
  type CategoryListAnswer,
  formatRupees,
  type ProductDetail,
  paiseShown,
  parseProductSegment,
} from '@kapaas/contract';
import type { DehydratedState } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { productDetailQuery } from '#storefront/lib/queries/useProductDetail.ts';
import { adsQuery } from '../../features/catalogue/api/useAds';
import { bannersQuery } from '../../features/catalogue/api/useBanners';
import { featuredProductsQuery } from '../../features/catalogue/api/useFeaturedProducts';
import { gendersQuery } from '../../features/catalogue/api/useGenders';
import { patternsQuery } from '../../features/catalogue/api/usePatterns';
import { sizesQuery } from '../../features/catalogue/api/useSizes';
import { subcategoriesQuery } from '../../features/catalogue/api/useSubcategories';
import { testimonialsQuery } from '../../features/catalogue/api/useTestimonials';
import { readListingChoices } from '../../features/catalogue/components/filters/listingChoices';
import { readPageNumber } from '../../features/catalogue/components/listing/listingPaging';
import { type ListingPage, listingRequest } from '../../features/catalogue/components/listing/listingRequest';
import { listingQuery } from '../../features/catalogue/components/listing/useListingProducts';
import { reviewListQuery } from '../../features/reviews/api/useReviews';
import { paths } from '../../lib/paths';
import { parseRouteId } from '../../lib/routeParams';
import { absolute, type PageSeo, SHOP_DESCRIPTION } from '../seo/pageMeta';
import { breadcrumbData, type ProductReviews, pricePaid, productData, shopData } from '../seo/structuredData';
import { notFound, readAhead, shopServer } from './readAhead';

/** A page's loader data: the queries read ahead, and what the page says of itself. */
export interface PageData {
  dehydrated?: DehydratedState;
  seo: PageSeo;
}

/** The query string a listing keeps its choices and page in, as the page's canonical address keeps it. */
function listingSearch(url: URL): string {
  const search = url.searchParams.toString();
  return search === '' ? '' : `?${search}`;
}

/** /: the banners, featured rows, ads and testimonials. */
export async function homeLoader({ context, request }: LoaderFunctionArgs): Promise<PageData> {
  const shop = shopServer(context, request);
  const read = await readAhead(shop, (client) =>
    Promise.all([
      client.fetchQuery(bannersQuery),
      client.fetchQuery(featuredProductsQuery),
      client.fetchQuery(adsQuery),
      client.fetchQuery(testimonialsQuery),
    ]),
  );
  return {
    dehydrated: read.dehydrated,
    seo: {
      title: 'Kapaas | Organic cotton clothing for little ones',
      description: SHOP_DESCRIPTION,
      canonical: absolute(shop.publicUrl, paths.home),
      structuredData: shopData(shop.publicUrl),
    },
  };
}

/** Finds a subcategory's name and its category in the category list. */
function locateSubcategory(categories: CategoryListAnswer, subcategoryId: number) {
  for (const category of categories.category) {
    const subcategory = category.subcategory.find((s) => s.subcategory_id === subcategoryId);
    if (subcategory) return { category, subcategory };
  }
  return undefined;
}

/** /category-page/:id and /subcategory-detail/:id: one page of the listing for the address's choices and page. */
export async function listingLoader(
  { context, request, params, url }: LoaderFunctionArgs,
  kind: 'category' | 'subcategory',
): Promise<PageData> {
  const shop = shopServer(context, request);
  const id = parseRouteId(kind === 'category' ? params.categoryId : params.subcategoryId);
  if (id === null) throw notFound();
  const categories = (await shop.call('category_list', {})) as CategoryListAnswer;
  let page: ListingPage;
  const steps: { name: string; path: string }[] = [];
  if (kind === 'category') {
    const category = categories.category.find((c) => c.category_id === id);
    if (!category) throw notFound();
    page = { kind, categoryId: id };
    steps.push({ name: category.category_name, path: paths.category(id) });
  } else {
    const found = locateSubcategory(categories, id);
    if (!found) throw notFound();
    page = { kind, subcategoryId: id, categoryId: found.category.category_id };
    steps.push(
      { name: found.category.category_name, path: paths.category(found.category.category_id) },
      { name: found.subcategory.subcategory_name, path: paths.subcategory(id) },
    );
  }
  // `url` is the page's address (request.url is a client navigation's `.data` address, with React Router's own query).
  const request_ = listingRequest(page, readListingChoices(url.searchParams), readPageNumber(url.searchParams));
  const read = await readAhead(shop, (client) =>
    Promise.all([
      client.fetchQuery(listingQuery(request_)),
      client.fetchQuery(sizesQuery),
      client.fetchQuery(gendersQuery),
      client.fetchQuery(patternsQuery),
    ]),
  );
  const [listing] = read.value;
  const name = steps.at(-1)?.name ?? 'Products';
  const path = steps.at(-1)?.path ?? paths.home;
  return {
    dehydrated: read.dehydrated,
    seo: {
      title: `${name} | Kapaas`,
      description: `${name} in organic cotton for babies and children: ${listing.total} products at Kapaas.`,
      canonical: absolute(shop.publicUrl, `${path}${listingSearch(url)}`),
      structuredData: [breadcrumbData(shop.publicUrl, steps)],
    },
  };
}

/**
 * A listing's filters, sort and page live in its query string, and the listing asks the API for them itself (as it
 * always has, keeping the cards it shows while the next ones load): the page's loader runs again only for another
 * category or subcategory.
 */
export function listingShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod !== undefined || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return false;
}

/** /subcategory/:categoryId: a category's subcategories. */
export async function subcategoryListLoader({ context, request, params }: LoaderFunctionArgs): Promise<PageData> {
  const shop = shopServer(context, request);
  const categoryId = parseRouteId(params.categoryId);
  if (categoryId === null) throw notFound();
  const read = await readAhead(shop, (client) => client.fetchQuery(subcategoriesQuery(categoryId)));
  const name = read.value.category_name;
  return {
    dehydrated: read.dehydrated,
    seo: {
      title: `${name} | Kapaas`,
      description: `Shop ${name} by kind, in organic cotton for babies and children.`,
      canonical: absolute(shop.publicUrl, paths.subcategories(categoryId)),
      structuredData: [breadcrumbData(shop.publicUrl, [{ name, path: paths.subcategories(categoryId) }])],
    },
  };
}

/**
 * The picture a link preview shows. Previews (WhatsApp, Facebook, X) do not show SVG, so a drawing (the demo shop's
 * pictures) is linked as its PNG twin, which the API renders from the same drawing; uploaded photos are already
 * raster images.
 */
export function previewImage(path: string): string {
  return path.endsWith('.svg') ? `${path.slice(0, -'.svg'.length)}.png` : path;
}

/** What a product's page says of it: name, price, picture, availability, and its reviews once it has some. */
function productSeo(publicUrl: string, product: ProductDetail, reviews: ProductReviews): PageSeo {
  const canonical = absolute(publicUrl, paths.product(product.product_id, product.name));
  const price = pricePaid(product);
  return {
    // The owner's own title and description for search engines (ADR 064) when set, as Shopify's SEO fields are.
    title: product.seo_title ?? `${product.name} | Kapaas`,
    // The description has always dropped zeros after the point (₹1,299.5), as the console does: kept for search engines.
    description:
      product.seo_description ??
      `${product.name}: ${formatRupees(price, paiseShown.trimmed)}, organic cotton ${product.subcategory_name.toLowerCase()} at Kapaas.`,
    canonical,
    image: product.product_image ? absolute(publicUrl, previewImage(product.product_image)) : undefined,
    type: 'product',
    priceRupees: price,
    structuredData: [
      productData(publicUrl, product, canonical, reviews),
      breadcrumbData(publicUrl, [
        { name: product.category_name, path: paths.category(product.category_id) },
        { name: product.subcategory_name, path: paths.subcategory(product.subcategory_id) },
        { name: product.name, path: paths.product(product.product_id, product.name) },
      ]),
    ],
  };
}

/**
 * /product-detail/:productId: one product, its sizes and related products, and the first page of its reviews as anyone
 * sees them (the browser then asks for the shopper's own view: may they review it). Should the reviews not be readable
 * in this render, the page still renders, its reviews read in the browser and its rating the catalogue's.
 */
export async function productLoader({ context, request, params, url }: LoaderFunctionArgs): Promise<PageData> {
  const shop = shopServer(context, request);
  const productId = parseProductSegment(params.productId ?? '');
  if (productId === null) throw notFound();
  const read = await readAhead(shop, (client) =>
    Promise.all([
      client.fetchQuery(productDetailQuery(productId)),
      client.fetchQuery(reviewListQuery(productId, { kind: 'anonymous' })).catch(() => undefined),
    ]),
  );
  const [{ products: product }, reviewList] = read.value;
  const reviews: ProductReviews = reviewList
    ? { summary: reviewList, reviews: reviewList.reviews }
    : { summary: { average: product.rating_average, count: product.rating_count }, reviews: [] };
  // One address per product, carrying its name: any other spelling (the bare id, an old name) moves there for good.
  const canonical = paths.product(product.product_id, product.name);
  if (url.pathname !== canonical) throw redirect(canonical, 301);
  return { dehydrated: read.dehydrated, seo: productSeo(shop.publicUrl, product, reviews) };
}

/** A page without data of its own (the static pages, contact): only its head. */
export function staticLoader(path: string, title: string, description?: string) {
  return ({ context, request }: LoaderFunctionArgs): PageData => ({
    seo: {
      title,
      ...(description === undefined ? {} : { description }),
      canonical: absolute(shopServer(context, request).publicUrl, path),
    },
  });
}
