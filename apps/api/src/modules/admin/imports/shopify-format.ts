import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  kapaasPricesOf,
  MAX_PIECE_WEIGHT_GRAMS,
  MAX_STOCK,
  SeoDescription,
  SeoTitle,
  Sku,
  TagsCell,
  Vendor,
} from '@kapaas/contract';
import type { z } from 'zod';
import type { CsvFile, CsvLine } from './csv-file';
import { fileRefused } from './csv-file';
import {
  type DraftBook,
  type FormatColumns,
  HANDLE_PATTERN,
  LINES_PER_TURN,
  newDraft,
  type ProductDraft,
  ProductFieldGuard,
  type ProductFields,
  paiseOf,
  refuseCell,
  said,
  unguarded,
} from './drafts';

/** What Shopify's file must hold for the import to read it. */
const REQUIRED = ['Handle', 'Title', 'Variant Price'] as const;
/** The product's own columns, given on its first row (and, when repeated, equal on every row). */
const PRODUCT_COLUMNS = [
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Status',
  'SEO Title',
  'SEO Description',
] as const;
/** The columns Kapaas keeps beside the catalogue's own (ADR 064, 2026-11-28), each read by the contract's rule. */
const KEPT_COLUMNS = {
  'SEO Title': SeoTitle,
  'SEO Description': SeoDescription,
  Vendor: Vendor,
  Tags: TagsCell,
} as const;
type KeptColumn = keyof typeof KEPT_COLUMNS;
/** Option names that are sizes; `Title` with `Default Title` is Shopify's product without variants. */
const SIZE_OPTION_NAMES = new Set(['size', 'sizes', 'age', 'title']);

export const SHOPIFY_COLUMNS: FormatColumns = {
  handle: 'Handle',
  category: 'Type',
  subcategory: 'Type',
  pattern: 'Type',
  gender: 'Type',
  size: 'Option1 Value',
  sku: 'Variant SKU',
  stock: 'Variant Inventory Qty',
  image: 'Image Src',
  price: 'Variant Price',
};

/** What one product's variant rows said so far, beside its draft. */
interface VariantState {
  optionName: string | undefined;
  price: { row: number; variant: number; compareAt: number | null } | undefined;
  grams: number | null | undefined;
  product: Record<string, string>;
}

/** Reads a cell by column name ('' when the file has no such column). */
type Cells = (column: string) => string;

/**
 * Shopify's product CSV as drafts: one product spans its variant rows and its further image rows. Read in turns of
 * LINES_PER_TURN lines, so that the shop keeps answering meanwhile.
 */
export async function shopifyDrafts(file: CsvFile): Promise<DraftBook> {
  const missing = REQUIRED.filter((column) => !file.header.includes(column));
  if (missing.length > 0) {
    throw fileRefused(`The file lacks Shopify's column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  }
  const index = new Map(file.header.map((name, at) => [name, at] as const));
  const book: DraftBook = {
    format: 'shopify',
    columns: SHOPIFY_COLUMNS,
    header: file.header,
    source: file.source,
    products: [],
    productOfRow: new Map(),
  };
  const drafts = new Map<string, { draft: ProductDraft; state: VariantState }>();
  const guard = new ProductFieldGuard();
  for (const [at, line] of file.lines.entries()) {
    if (at % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const cell: Cells = (column) => {
      const at = index.get(column);
      return at === undefined ? '' : unguarded((line.cells[at] ?? '').trim());
    };
    const handle = cell('Handle');
    let entry = drafts.get(handle);
    if (!entry) {
      entry = {
        draft: newDraft(handle),
        state: { optionName: undefined, price: undefined, grams: undefined, product: {} },
      };
      drafts.set(handle, entry);
      book.products.push(entry.draft);
    }
    entry.draft.rows.push(line.row);
    book.productOfRow.set(line.row, entry.draft);
    readShopifyLine(entry.draft, entry.state, line, cell, guard);
  }
  const columns = new Set(file.header);
  // Finishing a product checks its fields (zod): 10,000 of them held the loop for 70–110 ms, so they take turns too.
  for (const [at, { draft, state }] of [...drafts.values()].entries()) {
    if (at % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    finishProduct(draft, state, columns);
  }
  return book;
}

function readShopifyLine(
  draft: ProductDraft,
  state: VariantState,
  line: CsvLine,
  cell: Cells,
  guard: ProductFieldGuard,
) {
  const { row } = line;
  if (draft.handle === '')
    refuseCell(draft, row, 'Handle', said('Handle', 'every row needs the handle of its product.'));
  else if (!HANDLE_PATTERN.test(draft.handle) || draft.handle.length > 200) {
    refuseCell(
      draft,
      row,
      'Handle',
      said('Handle', `'${draft.handle}' is not a handle: use lowercase letters, digits and dashes.`),
    );
  }
  const given = Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c, cell(c)] as const).filter(([, v]) => v !== ''));
  if (draft.handle !== '') guard.check(draft.handle, row, given);
  for (const [column, value] of Object.entries(given)) state.product[column] ??= value;
  refuseKeptCells(draft, row, given);
  if (cell('Option1 Name') !== '') state.optionName ??= cell('Option1 Name');
  const isVariant = cell('Variant Price') !== '' || cell('Option1 Value') !== '' || cell('Variant SKU') !== '';
  if (isVariant) readVariant(draft, state, row, cell);
  const src = cell('Image Src');
  if (src !== '') {
    const position = Number.parseInt(cell('Image Position'), 10);
    draft.images.push({ row, src, position: Number.isFinite(position) ? position : draft.images.length + 1 });
  }
}

function readVariant(draft: ProductDraft, state: VariantState, row: number, cell: Cells): void {
  readVariantPrice(draft, state, row, cell);
  const option = (state.optionName ?? '').toLowerCase();
  const value = cell('Option1 Value');
  if (option !== '' && !SIZE_OPTION_NAMES.has(option)) {
    refuseCell(
      draft,
      row,
      'Option1 Name',
      said('Option1 Name', `'${state.optionName}' is not a size: Kapaas's variants are sizes only.`),
    );
  }
  for (const column of ['Option2 Value', 'Option3 Value']) {
    if (cell(column) !== '') {
      refuseCell(
        draft,
        row,
        column,
        said(column, `Kapaas's variants have one option, the size; '${cell(column)}' cannot be imported.`),
      );
    }
  }
  const grams = gramsOf(draft, row, cell('Variant Grams'));
  if (grams !== undefined) state.grams ??= grams;
  const stock = stockOf(draft, row, cell('Variant Inventory Qty'));
  const skuText = cell('Variant SKU');
  const sku = skuText === '' ? null : Sku.safeParse(skuText);
  if (sku !== null && !sku.success) {
    refuseCell(
      draft,
      row,
      'Variant SKU',
      said('Variant SKU', `'${skuText}': ${sku.error.issues[0]?.message ?? 'not a SKU.'}`),
    );
  }
  // A product without variants is Shopify's one "Default Title" variant: it carries the price and stock, no size.
  if (option === 'title' || value === '' || value === 'Default Title') return;
  draft.sizes.push({ row, name: value, sku: sku?.success ? sku.data : null, stock: stock ?? null });
}

function readVariantPrice(draft: ProductDraft, state: VariantState, row: number, cell: Cells): void {
  const priceText = cell('Variant Price');
  const variant = paiseOf(priceText);
  if (variant === undefined || variant === 0) {
    const why = priceText === '' ? 'a variant needs its price.' : `'${priceText}' is not an amount.`;
    refuseCell(draft, row, 'Variant Price', said('Variant Price', why));
    return;
  }
  const compareText = cell('Variant Compare At Price');
  const compareAt = compareText === '' ? null : paiseOf(compareText);
  if (compareAt === undefined) {
    refuseCell(
      draft,
      row,
      'Variant Compare At Price',
      said('Variant Compare At Price', `'${compareText}' is not an amount.`),
    );
    return;
  }
  const price = { row, variant, compareAt: compareAt === 0 ? null : compareAt };
  if (!state.price) {
    state.price = price;
    return;
  }
  if (state.price.variant !== price.variant || state.price.compareAt !== price.compareAt) {
    refuseCell(
      draft,
      row,
      'Variant Price',
      said(
        'Variant Price',
        `${rupees(price.variant, price.compareAt)} differs from ${rupees(state.price.variant, state.price.compareAt)} on row ${state.price.row}; Kapaas prices a product, not each size.`,
      ),
    );
  }
}

const rupees = (variant: number, compareAt: number | null) =>
  `'${(variant / 100).toFixed(2)}'${compareAt === null ? '' : ` (compare at '${(compareAt / 100).toFixed(2)}')`}`;

function gramsOf(draft: ProductDraft, row: number, text: string): number | null | undefined {
  if (text === '') return undefined;
  const grams = Number(text);
  if (!Number.isFinite(grams) || grams < 0 || grams > MAX_PIECE_WEIGHT_GRAMS) {
    refuseCell(
      draft,
      row,
      'Variant Grams',
      said('Variant Grams', `'${text}' is not a weight of 0–${MAX_PIECE_WEIGHT_GRAMS} grams.`),
    );
    return undefined;
  }
  return Math.round(grams) === 0 ? null : Math.round(grams);
}

function stockOf(draft: ProductDraft, row: number, text: string): number | undefined {
  if (text === '') return undefined;
  if (!/^-?[0-9]{1,9}$/.test(text) || Number(text) < 0 || Number(text) > MAX_STOCK) {
    refuseCell(
      draft,
      row,
      'Variant Inventory Qty',
      said('Variant Inventory Qty', `'${text}' is not a number of pieces from 0 to ${MAX_STOCK}.`),
    );
    return undefined;
  }
  return Number(text);
}

/** Refuses, on this row and beside its column, an SEO title, SEO description, vendor or tags the contract refuses. */
function refuseKeptCells(draft: ProductDraft, row: number, given: Record<string, string>): void {
  for (const [column, schema] of Object.entries(KEPT_COLUMNS)) {
    const value = given[column];
    const parsed = value === undefined ? undefined : (schema as z.ZodType).safeParse(value);
    if (value === undefined || parsed?.success) continue;
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    refuseCell(draft, row, column, said(column, `'${shown}': ${parsed?.error.issues[0]?.message ?? 'not readable.'}`));
  }
}

/** What the kept columns the file has say (an empty cell says none); a column the file lacks leaves the product's. */
function keptFieldsOf(header: Set<string>, product: Record<string, string>) {
  const read = <T>(column: KeptColumn, schema: z.ZodType<T, string>): T | undefined => {
    if (!header.has(column)) return undefined;
    const parsed = schema.safeParse(product[column] ?? '');
    return parsed.success ? parsed.data : undefined;
  };
  const fields: Pick<ProductFields, 'seoTitle' | 'seoDescription' | 'vendor' | 'tags'> = {};
  const seoTitle = read('SEO Title', SeoTitle);
  const seoDescription = read('SEO Description', SeoDescription);
  const vendor = read('Vendor', Vendor);
  const tags = read('Tags', TagsCell);
  if (seoTitle !== undefined) fields.seoTitle = seoTitle;
  if (seoDescription !== undefined) fields.seoDescription = seoDescription;
  if (vendor !== undefined) fields.vendor = vendor;
  if (tags !== undefined) fields.tags = tags;
  return fields;
}

/** The product's fields from what its rows gave; refusals on its first row when something it needs is missing. */
function finishProduct(draft: ProductDraft, state: VariantState, header: Set<string>): void {
  const first = draft.rows[0] ?? 0;
  const name = state.product.Title;
  if (name === undefined) {
    refuseCell(draft, first, 'Title', said('Title', "the product's first row needs its title."));
    return;
  }
  if (!state.price) {
    if (![...draft.errors.values()].flat().some((e) => e.column === 'Variant Price')) {
      refuseCell(draft, first, 'Variant Price', said('Variant Price', 'the product has no variant with a price.'));
    }
    return;
  }
  const type = state.product.Type ?? '';
  const [category = '', subcategory = category] = type.split('>').map((part) => part.trim());
  if (category === '') {
    refuseCell(
      draft,
      first,
      'Type',
      said('Type', "Kapaas files each product in a category: write it as 'Category > Subcategory'."),
    );
    return;
  }
  // A column the file lacks keeps the product's own (a new product takes the default); an empty cell empties it.
  const status = header.has('Status') || header.has('Published') ? statusOf(draft, first, state.product) : null;
  if (status === undefined) return;
  const prices = kapaasPricesOf({ variantPricePaise: state.price.variant, compareAtPricePaise: state.price.compareAt });
  draft.fields = {
    name,
    category,
    subcategory,
    ...(header.has('Body (HTML)') ? { description: state.product['Body (HTML)'] ?? '' } : {}),
    pricePaise: prices.pricePaise,
    discountPricePaise: prices.discountPricePaise,
    ...(status === null ? {} : { status }),
    ...(state.grams === undefined ? {} : { weightGrams: state.grams }),
    ...keptFieldsOf(header, state.product),
  };
}

/** Shopify's `Status` (active, draft, archived), else `Published`: Kapaas shows active products and hides the rest. */
function statusOf(
  draft: ProductDraft,
  row: number,
  product: Record<string, string>,
): 'active' | 'archived' | undefined {
  const status = product.Status?.toLowerCase();
  if (status !== undefined) {
    if (status === 'active') return 'active';
    if (status === 'draft' || status === 'archived') return 'archived';
    refuseCell(draft, row, 'Status', said('Status', `'${product.Status}' is not active, draft or archived.`));
    return undefined;
  }
  return product.Published?.toLowerCase() === 'false' ? 'archived' : 'active';
}
