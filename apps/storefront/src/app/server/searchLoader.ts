import type { ProductCard, ProductDetailAnswer, SearchKeyWordAnswer } from '@kapaas/contract';
import { KEY_WORD_MAX_LENGTH } from '@kapaas/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../lib/paths';
import { absolute, type PageSeo } from '../seo/pageMeta';
import { shopServer } from './readAhead';

/** What the search page shows: the words asked, the products as cards, the categories as links. */
export interface SearchResults {
  query: string;
  products: ProductCard[];
  categories: SearchKeyWordAnswer['search_key_word']['category'];
  seo: PageSeo;
}

/** A product's card, from its detail (search answers names only). */
function cardOf({ products: detail }: ProductDetailAnswer): ProductCard {
  return {
    product_id: detail.product_id,
    name: detail.name,
    product_image: detail.product_image,
    price: detail.actual_price,
    discount_price: detail.discount_price,
    category_id: detail.category_id,
    subcategory_id: detail.subcategory_id,
    in_stock: detail.sizes.some((size) => size.in_stock),
    rating_average: detail.rating_average,
    rating_count: detail.rating_count,
  };
}

/**
 * /search?q=: the products and categories search_key_word finds for the words, best first, read from the catalogue
 * in memory. Results pages are not indexed (a search engine's own results should not list them).
 */
export async function searchLoader({ context, request, url }: LoaderFunctionArgs): Promise<SearchResults> {
  const shop = shopServer(context, request);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, KEY_WORD_MAX_LENGTH);
  const seo: PageSeo = {
    title: query === '' ? 'Search | Kapaas' : `Search results for “${query}” | Kapaas`,
    canonical: absolute(shop.publicUrl, paths.search),
    noindex: true,
  };
  if (query === '') return { query, products: [], categories: [], seo };
  const found = (await shop.call('search_key_word', { key_word: query })) as SearchKeyWordAnswer;
  // A product hidden between the two reads is left out rather than failing the page.
  const details = await Promise.all(
    found.search_key_word.product.map((product) =>
      (shop.call('product_detail', { product_id: product.product_id }) as Promise<ProductDetailAnswer>).catch(
        () => undefined,
      ),
    ),
  );
  const products = details.filter((detail) => detail !== undefined).map(cardOf);
  return { query, products, categories: found.search_key_word.category, seo };
}
