import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportCellError, SizeMap } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { ProductColumns } from '../products/products.repository';
import { sanitizeRichText } from '../rich-text';
import { type DraftBook, type ProductDraft, refuseCell, said } from './drafts';
import {
  type ExistingProduct,
  existingProducts,
  type Lookups,
  nameKey,
  readLookups,
  subcategoryKey,
} from './imports.repository';

export interface PlanOptions {
  createMissingCategories: boolean;
  sizeMap: SizeMap;
}

/** A category or subcategory the product is filed under: known by id, or to be created by name (the option ticked). */
export type Placement =
  | { categoryId: number; subcategoryId: number }
  | { create: { category: string; subcategory: string } };

/** What the import will do with one product of the file. */
export interface PlannedProduct {
  draft: ProductDraft;
  outcome: 'created' | 'updated' | 'unchanged' | 'error';
  existing: ExistingProduct | undefined;
  placement: Placement;
  /** The product's columns once written, categories aside (resolved from `placement` when written). */
  columns: Omit<ProductColumns, 'categoryId' | 'subcategoryId'>;
  sizes: { row: number; sizeId: number; stock: number | null; sku: string | null }[];
  /** The images' URLs in order once the pictures are taken; undefined keeps the product's own. */
  images: string[] | undefined;
  /** Pictures that could not be taken: reported on their rows, the product imported without them. */
  pictureErrors: Map<number, ImportCellError[]>;
}

/** What planning one product reads: the shop's names, the products found, the file's SKUs. */
interface PlanContext {
  book: DraftBook;
  lookups: Lookups;
  found: Awaited<ReturnType<typeof existingProducts>>;
  options: PlanOptions;
  /** Each SKU of the file: the handle and row that named it first. */
  fileSkus: Map<string, { handle: string; row: number }>;
}

/** Every product of the file planned against the catalogue as it is now; nothing is written. `onRows` hears the rows planned. */
export async function planImport(
  db: Queryable,
  book: DraftBook,
  options: PlanOptions,
  onRows?: (rows: number) => Promise<void>,
): Promise<PlannedProduct[]> {
  const lookups = await readLookups(db);
  // The handles and SKUs to look up, in turns: 10,000 products' 50,000 SKUs gathered at once held the loop for 30 ms.
  const handles: string[] = [];
  const skus = new Set<string>();
  for (const [at, draft] of book.products.entries()) {
    if (at % LOOKUP_TURN === LOOKUP_TURN - 1) await nextTurn();
    if (draft.fields !== undefined) handles.push(draft.handle);
    for (const size of draft.sizes) if (size.sku !== null) skus.add(size.sku);
  }
  const found = await existingProducts(db, handles, [...skus]);
  const context: PlanContext = { book, lookups, found, options, fileSkus: new Map() };
  const plans: PlannedProduct[] = [];
  let rows = 0;
  for (const draft of book.products) {
    plans.push(planProduct(context, draft));
    rows += draft.rows.length;
    // A file of 50,000 rows is planned in turns, so that the shop keeps answering meanwhile.
    if (plans.length % YIELD_EVERY === 0) {
      await onRows?.(rows);
      await nextTurn();
    }
  }
  return plans;
}

/** Products whose handles and SKUs are gathered between two turns of the event loop. */
const LOOKUP_TURN = 1_000;

/**
 * Products handled between two turns of the event loop. Planning one product (its texts through the allow-list) takes
 * about 1 ms on this machine under load: 250 at a time held the loop for up to half a second, 20 for about 20 ms (and
 * 56 ms when long bodies and a collection fell in one turn), 10 for half that.
 */
export const YIELD_EVERY = 10;

function planProduct(context: PlanContext, draft: ProductDraft): PlannedProduct {
  const existing = matchOf(context, draft);
  const placement = placementOf(context, draft);
  const columns = columnsOf(context, draft, existing);
  const sizes = sizesOf(context, draft, existing);
  const planned: PlannedProduct = {
    draft,
    outcome: 'error',
    existing,
    placement: placement ?? { categoryId: 0, subcategoryId: 0 },
    columns: columns ?? emptyColumns(),
    sizes,
    images: undefined,
    pictureErrors: new Map(),
  };
  settle(planned);
  return planned;
}

/** The product's outcome from its refusals and, once its pictures are taken, from what writing it would change. */
export function settle(planned: PlannedProduct): void {
  const { draft, existing } = planned;
  if (draft.errors.size > 0 || !draft.fields) planned.outcome = 'error';
  else if (existing === undefined) planned.outcome = 'created';
  else planned.outcome = changedFrom(planned, existing) ? 'updated' : 'unchanged';
}

const emptyColumns = (): PlannedProduct['columns'] => ({ name: '', pricePaise: 1 });

/** The product this draft is: by its handle (the slug), else by one of its SKUs. */
function matchOf(context: PlanContext, draft: ProductDraft): ExistingProduct | undefined {
  const { found } = context;
  const id =
    found.bySlug.get(draft.handle) ??
    draft.sizes.map((s) => (s.sku === null ? undefined : found.bySku.get(s.sku))).find((x) => x !== undefined);
  return id === undefined ? undefined : found.products.get(id);
}

/** The draft's category and subcategory by name, or a refusal beside the format's category column. */
function placementOf(context: PlanContext, draft: ProductDraft): Placement | undefined {
  const fields = draft.fields;
  if (!fields) return undefined;
  const { lookups, options, book } = context;
  const row = draft.rows[0] ?? 0;
  const categoryId = lookups.categories.get(nameKey(fields.category));
  const subcategoryId =
    categoryId === undefined ? undefined : lookups.subcategories.get(subcategoryKey(categoryId, fields.subcategory));
  if (categoryId !== undefined && subcategoryId !== undefined) return { categoryId, subcategoryId };
  if (options.createMissingCategories)
    return { create: { category: fields.category, subcategory: fields.subcategory } };
  const missing =
    categoryId === undefined
      ? `'${fields.category}' is not a category of the shop`
      : `'${fields.subcategory}' is not a subcategory of '${fields.category}'`;
  const column = categoryId === undefined ? book.columns.category : book.columns.subcategory;
  refuseCell(draft, row, column, said(column, `${missing}: create it first, or tick "create missing categories".`));
  return undefined;
}

/** The product's columns as the import writes them: the file's fields over the product's own (or the defaults). */
function columnsOf(
  context: PlanContext,
  draft: ProductDraft,
  existing: ExistingProduct | undefined,
): PlannedProduct['columns'] | undefined {
  const fields = draft.fields;
  if (!fields) return undefined;
  const base = existing?.row;
  const row = draft.rows[0] ?? 0;
  const named = (kind: 'pattern' | 'gender', name: string | null | undefined, current: number | null | undefined) => {
    if (name === undefined) return current ?? null;
    if (name === null) return null;
    const id = context.lookups[kind === 'pattern' ? 'patterns' : 'genders'].get(nameKey(name));
    if (id === undefined) {
      const column = context.book.columns[kind];
      refuseCell(draft, row, column, said(column, `'${name}' is not a ${kind} of the shop.`));
    }
    return id ?? null;
  };
  const rich = (text: string | undefined, current: string | undefined) =>
    text === undefined ? (current ?? '') : sanitizeRichText(text);
  return {
    name: fields.name,
    description: rich(fields.description, base?.description),
    productDetails: rich(fields.productDetails, base?.productDetails),
    washCare: rich(fields.washCare, base?.washCare),
    pricePaise: fields.pricePaise,
    discountPricePaise: fields.discountPricePaise,
    patternId: named('pattern', fields.pattern, base?.patternId),
    genderId: named('gender', fields.gender, base?.genderId),
    status: fields.status ?? base?.status ?? 'active',
    hsnCode: fields.hsnCode === undefined ? (base?.hsnCode ?? null) : fields.hsnCode,
    weightGrams: fields.weightGrams === undefined ? (base?.weightGrams ?? null) : fields.weightGrams,
    seoTitle: fields.seoTitle === undefined ? (base?.seoTitle ?? null) : fields.seoTitle,
    seoDescription: fields.seoDescription === undefined ? (base?.seoDescription ?? null) : fields.seoDescription,
    vendor: fields.vendor === undefined ? (base?.vendor ?? null) : fields.vendor,
    tags: fields.tags === undefined ? (base?.tags ?? []) : ownTags(context, fields.tags, base),
  };
}

/**
 * The tags of the file less the print's and "for" names that Kapaas's own Shopify export adds to `Tags` (ADR 063):
 * a name the product has as its print or "for", and not as a tag of its own, is taken off, so that a brand's export
 * to Shopify imported back changes nothing. Kapaas's own CSV has columns of its own for them.
 */
function ownTags(context: PlanContext, tags: string[], base: ExistingProduct['row'] | undefined): string[] {
  if (context.book.format !== 'shopify' || !base) return tags;
  const own = new Set(base.tags.map(nameKey));
  const { patterns, genders } = context.lookups;
  const named = (tag: string) =>
    (base.patternId !== null && patterns.get(nameKey(tag)) === base.patternId) ||
    (base.genderId !== null && genders.get(nameKey(tag)) === base.genderId);
  return tags.filter((tag) => own.has(nameKey(tag)) || !named(tag));
}

/** The name Kapaas knows a size of the file by: the owner's map first (its keys compared case-insensitively). */
function mappedSize(sizeMap: SizeMap, name: string): string {
  const direct = sizeMap[name];
  if (direct !== undefined) return direct;
  const key = nameKey(name);
  return Object.entries(sizeMap).find(([from]) => nameKey(from) === key)?.[1] ?? name;
}

/** The draft's sizes by id, with the refusals of unknown sizes, repeated ones, SKUs of others and stock held. */
function sizesOf(context: PlanContext, draft: ProductDraft, existing: ExistingProduct | undefined) {
  const { columns } = context.book;
  const sizes: PlannedProduct['sizes'] = [];
  const seen = new Map<number, number>();
  for (const size of draft.sizes) {
    const mapped = mappedSize(context.options.sizeMap, size.name);
    const sizeId = context.lookups.sizes.get(nameKey(mapped));
    if (sizeId === undefined) {
      const via = mapped === size.name ? '' : ` (mapped to '${mapped}')`;
      refuseCell(
        draft,
        size.row,
        columns.size,
        said(columns.size, `'${size.name}'${via} is not a size of the shop: map it to one of its sizes.`),
      );
      continue;
    }
    const twice = seen.get(sizeId);
    if (twice !== undefined) {
      refuseCell(draft, size.row, columns.size, said(columns.size, `'${size.name}' is already given on row ${twice}.`));
      continue;
    }
    seen.set(sizeId, size.row);
    if (!skuFree(context, draft, size, sizeId, existing)) continue;
    const held = existing?.sizes.get(sizeId)?.reserved ?? 0;
    if (size.stock !== null && size.stock < held) {
      refuseCell(
        draft,
        size.row,
        columns.stock,
        said(columns.stock, `${size.stock} is below the ${held} pieces unpaid orders hold.`),
      );
      continue;
    }
    sizes.push({ row: size.row, sizeId, stock: size.stock, sku: size.sku });
  }
  return sizes;
}

/** Whether a size's SKU is its own: not given twice in the file, not another product's, not another size's. */
function skuFree(
  context: PlanContext,
  draft: ProductDraft,
  size: ProductDraft['sizes'][number],
  sizeId: number,
  existing: ExistingProduct | undefined,
): boolean {
  if (size.sku === null) return true;
  const column = context.book.columns.sku;
  const first = context.fileSkus.get(size.sku);
  if (first !== undefined) {
    refuseCell(draft, size.row, column, said(column, `'${size.sku}' is already given on row ${first.row}.`));
    return false;
  }
  context.fileSkus.set(size.sku, { handle: draft.handle, row: size.row });
  const owner = context.found.bySku.get(size.sku);
  if (owner !== undefined && owner !== existing?.row.id) {
    const other = context.found.products.get(owner)?.row.slug ?? String(owner);
    refuseCell(draft, size.row, column, said(column, `'${size.sku}' is the SKU of another product ('${other}').`));
    return false;
  }
  const elsewhere = [...(existing?.sizes ?? [])].find(([id, s]) => s.sku === size.sku && id !== sizeId);
  if (elsewhere) {
    refuseCell(draft, size.row, column, said(column, `'${size.sku}' is this product's SKU of another size.`));
    return false;
  }
  return true;
}

/** Whether writing the plan would change the product: a column, a size's stock or SKU, a new size, its images. */
export function changedFrom(planned: PlannedProduct, existing: ExistingProduct): boolean {
  const row = existing.row;
  const placement = planned.placement;
  if ('create' in placement) return true;
  if (row.categoryId !== placement.categoryId || row.subcategoryId !== placement.subcategoryId) return true;
  const columns = planned.columns as Record<string, unknown>;
  // Tags are a list: compared by their contents, in order.
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
  if (Object.entries(columns).some(([key, value]) => !same((row as Record<string, unknown>)[key], value))) return true;
  for (const size of planned.sizes) {
    const current = existing.sizes.get(size.sizeId);
    if (!current) return true;
    if (size.stock !== null && size.stock !== current.stock) return true;
    // A row without a SKU keeps the size's own, as a row without stock keeps its stock.
    if (size.sku !== null && size.sku !== current.sku) return true;
  }
  return planned.images !== undefined && planned.images.join('\n') !== existing.images.join('\n');
}
