import {
  ErrorAnswer,
  FilterRequest,
  ProductListAnswer,
  SearchKeyWordAnswer,
  SearchKeyWordRequest,
  SortFilterRequest,
} from '@kapaas/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendJson } from '../../lib/send-json';
import { publicAnswers } from '../../plugins/no-store';
import { listProducts, searchKeyWord } from './search.service';

/** The fields sort_filter and filter share, with the category ids as a list. */
type ListingBody = Omit<z.output<typeof FilterRequest>, 'category_id'> & { category_id: number[] };

const failures = { 400: ErrorAnswer, 404: ErrorAnswer };

/** search_key_word, sort_filter and filter of product.md §7, answered from the in-memory catalogue (no query). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same public data for everyone: no personal data, so no `no-store`.
  publicAnswers(app);
  /** A page of a listing by categories and attributes, sorted; serialized once per catalogue version and request. */
  const sendListing = (reply: FastifyReply, query: ListingBody) => {
    const options = {
      categoryIds: query.category_id,
      subcategoryId: query.subcategory_id,
      sizeId: query.size_id,
      patternId: query.print_id,
      genderId: query.gender_id,
      sort: query.sort_id,
    };
    const view = app.catalogue.view;
    const json = view.cached(`list:${JSON.stringify(options)}:${query.page}:${query.per_page}`, () =>
      view.pageJson('', view.page(listProducts(view, options), query.page, query.per_page)),
    );
    return sendJson(reply, json);
  };

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
    async (request, reply) => {
      const view = app.catalogue.view;
      return sendJson(
        reply,
        view.cached(`search:${request.body.key_word}`, () =>
          JSON.stringify(searchKeyWord(view, request.body.key_word)),
        ),
      );
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
    async (request, reply) => sendListing(reply, { ...request.body, category_id: [request.body.category_id] }),
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
    async (request, reply) => sendListing(reply, request.body),
  );
};
