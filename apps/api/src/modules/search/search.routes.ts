import {
  ErrorAnswer,
  FilterRequest,
  ProductListAnswer,
  SearchKeyWordAnswer,
  SearchKeyWordRequest,
  SortFilterRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendJson } from '../../lib/send-json';
import { publicAnswers } from '../../plugins/no-store';
import { CatalogueSearch } from './catalogue-search';
import { listProducts } from './search.service';
import { searchTerms } from './search-index';

/** The fields sort_filter and filter share, with the category ids as a list. */
type ListingBody = Omit<z.output<typeof FilterRequest>, 'category_id'> & { category_id: number[] };

const failures = { 400: ErrorAnswer, 404: ErrorAnswer };

/** search_key_word, sort_filter and filter of product.md §7, answered from the in-memory catalogue (no query). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same public data for everyone: no personal data, so no `no-store`.
  publicAnswers(app);
  const search = new CatalogueSearch();
  app.catalogue.listen(search);
  /** A page of a listing by categories and attributes, sorted; serialized once per catalogue version and request. */
  const listing = (query: ListingBody) => {
    const options = {
      categoryIds: query.category_id,
      subcategoryId: query.subcategory_id,
      sizeId: query.size_id,
      patternId: query.print_id,
      genderId: query.gender_id,
      sort: query.sort_id,
    };
    const view = app.catalogue.view;
    return view.cached(listingKey(query), () =>
      view.pageJson('', view.page(listProducts(view, options), query.page, query.per_page)),
    );
  };
  const searchKeyWord = ({ key_word }: z.output<typeof SearchKeyWordRequest>) => {
    const view = app.catalogue.view;
    // The answer depends on the words alone: "Romper", "romper " and "ROMPER!" share one.
    return view.cached(`search:${searchTerms(key_word).join(' ')}`, () =>
      JSON.stringify(search.search(view, key_word)),
    );
  };
  const sortFilter = (body: z.output<typeof SortFilterRequest>) =>
    listing({ ...body, category_id: [body.category_id] });
  app.publicCalls.add('search_key_word', SearchKeyWordRequest, searchKeyWord);
  app.publicCalls.add('sort_filter', SortFilterRequest, sortFilter);
  app.publicCalls.add('filter', FilterRequest, listing);

  app.post(
    '/search_key_word',
    {
      schema: {
        tags: ['search'],
        summary: 'Products and categories whose names match the words, best first',
        body: SearchKeyWordRequest,
        response: { 200: SearchKeyWordAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, searchKeyWord(request.body));
    },
  );

  app.post(
    '/sort_filter',
    {
      schema: {
        tags: ['search'],
        summary: "A category's products sorted: 1 New Arrivals, 2 Price High to Low, 3 Price Low to High",
        body: SortFilterRequest,
        response: { 200: ProductListAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, sortFilter(request.body));
    },
  );

  app.post(
    '/filter',
    {
      schema: {
        tags: ['search'],
        summary: 'Products having every chosen category, size, print and gender; nothing chosen lists all',
        body: FilterRequest,
        response: { 200: ProductListAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, listing(request.body));
    },
  );
};

/** The answer cache's key of a listing: every field of the body, all numbers, in a fixed order. */
export function listingKey(query: ListingBody): string {
  const { category_id, subcategory_id, size_id, print_id, gender_id, sort_id, page, per_page } = query;
  return `list:${category_id.join(',')}:${subcategory_id ?? ''}:${size_id ?? ''}:${print_id ?? ''}:${gender_id ?? ''}:${sort_id ?? ''}:${page}:${per_page}`;
}
