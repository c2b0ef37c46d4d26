import { z } from 'zod';
import { ProductCard } from './catalogue';
import { Id } from './common';
import { PageFields, PagingFields } from './paging';

/** The longest search text the server looks at. */
export const KEY_WORD_MAX_LENGTH = 100;

export const SearchKeyWordRequest = z.strictObject({
  key_word: z
    .string()
    .trim()
    .min(1, 'Please type something to search for.')
    .max(KEY_WORD_MAX_LENGTH, `Please search with at most ${KEY_WORD_MAX_LENGTH} characters.`),
});
export type SearchKeyWordRequest = z.input<typeof SearchKeyWordRequest>;

export const SearchProduct = z.object({ product_id: z.number().int(), product_name: z.string() });
export const SearchCategory = z.object({ category_id: z.number().int(), category_name: z.string() });
/** Best matches first: at most 20 products and 10 categories. */
export const SearchKeyWordAnswer = z.object({
  success: z.literal(true),
  search_key_word: z.object({ product: z.array(SearchProduct), category: z.array(SearchCategory) }),
});
export type SearchKeyWordAnswer = z.infer<typeof SearchKeyWordAnswer>;

/** The sort codes of product.md §13. */
export const SORT_CODES = { newArrivals: 1, priceHighToLow: 2, priceLowToHigh: 3 } as const;
export type SortCode = (typeof SORT_CODES)[keyof typeof SORT_CODES];

const SORT_MESSAGE = 'Choose a sort: 1 New Arrivals, 2 Price High to Low, 3 Price Low to High.';
/** 1, 2 or 3, as a number or as the same digit in a string (a select's value). */
export const SortId = z.union(
  [z.literal([1, 2, 3]), z.enum(['1', '2', '3']).transform((code) => Number(code) as SortCode)],
  { error: SORT_MESSAGE },
);

/** A filter choice (size, print or gender): an id, or '' / null / absent for "not chosen". */
const Choice = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((choice) => (choice === '' || choice === null ? undefined : choice));

/** The filter attributes that sort_filter and filter both take. */
const FilterChoices = {
  size_id: Choice,
  /** A pattern_id. */
  print_id: Choice,
  gender_id: Choice,
  subcategory_id: Id.optional(),
};

export const SortFilterRequest = z.strictObject({
  category_id: Id,
  sort_id: SortId,
  ...FilterChoices,
  ...PagingFields,
});
export type SortFilterRequest = z.input<typeof SortFilterRequest>;

export const FilterRequest = z.strictObject({
  /** The chosen categories; empty (or absent) means every category. */
  category_id: z.array(Id).max(200).default([]),
  sort_id: SortId.optional(),
  ...FilterChoices,
  ...PagingFields,
});
export type FilterRequest = z.input<typeof FilterRequest>;

/** One page of the matching products as the listings' cards, in the chosen order. */
export const ProductListAnswer = z.object({ success: z.literal(true), product: z.array(ProductCard), ...PageFields });
export type ProductListAnswer = z.infer<typeof ProductListAnswer>;
