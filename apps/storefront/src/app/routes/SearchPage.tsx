import { KEY_WORD_MAX_LENGTH } from '@kapaas/contract';
import { Link, type MetaArgs, useLoaderData } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ProductGrid } from '../../components/product/ProductGrid';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type SearchResults, searchLoader } from '../server/searchLoader';

/**
 * /search?q=: search results as a page of their own, for search engines' search box and for a phone without
 * JavaScript (the form is a plain GET). The search popup stays the quick way in the browser.
 */
export function SearchPage() {
  const { query, products, categories } = useLoaderData<SearchResults>();
  return (
    <div className="container page">
      <PageHeading>{query === '' ? 'Search' : `Search results for “${query}”`}</PageHeading>
      <search className="mb-4">
        <form method="get" action={paths.search} className="d-flex gap-3">
          <label htmlFor="search-page-q" className="visually-hidden">
            Search products and categories
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={query}
            maxLength={KEY_WORD_MAX_LENGTH}
            placeholder="Search products and categories"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
      </search>
      {query !== '' && products.length === 0 && categories.length === 0 && (
        <p className="lead">No products or categories match “{query}”.</p>
      )}
      {categories.length > 0 && (
        <section aria-labelledby="search-categories" className="mb-4">
          <h2 id="search-categories" className="section-heading">
            Categories
          </h2>
          <ul className="d-flex flex-wrap gap-3 list-unstyled">
            {categories.map((category) => (
              <li key={category.category_id}>
                <Link to={paths.category(category.category_id)}>{category.category_name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {products.length > 0 && (
        <section aria-labelledby="search-products">
          <h2 id="search-products" className="section-heading">
            Products
          </h2>
          <ProductGrid products={products} headingLevel="h3" />
        </section>
      )}
    </div>
  );
}

export const loader = searchLoader;

export const meta = ({ loaderData }: MetaArgs<typeof searchLoader>) =>
  pageMeta(loaderData?.seo ?? { title: 'Search | Kapaas', noindex: true });

export default SearchPage;
