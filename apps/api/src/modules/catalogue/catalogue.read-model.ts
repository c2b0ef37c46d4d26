import type {
  AdsListAnswer,
  BannerListAnswer,
  CategoryListAnswer,
  GenderListAnswer,
  PatternListAnswer,
  ProductCard,
  ProductDetail,
  ReturnRule,
  SizeListAnswer,
  SubcategoryListAnswer,
  TestimonialListAnswer,
} from '@kapaas/contract';
import { pageCount } from '@kapaas/contract';
import { paiseToRupees } from '../../lib/money';
import type { CatalogueStructure, ProductRow, StockRow } from './catalogue.repository';
import { SortedList } from './sorted-list';

/** How many related products a product page offers. */
const RELATED_PRODUCTS = 8;
/** How many serialized answers one version of the catalogue keeps before starting over. */
const MAX_CACHED_ANSWERS = 5_000;
/** How many products' card JSON the view keeps (a card is about 250 characters). */
const MAX_CACHED_CARDS = 10_000;
/** How many bytes of serialized answers it keeps at most (a few MB: pages of 96 cards are 30 KB each). */
const MAX_CACHED_BYTES = 4_000_000;

/** The orders a listing can be in: the listing's own (newest first), or by the price paid. */
export type ListingOrder = 'newest' | 'priceHighToLow' | 'priceLowToHigh';
export const LISTING_ORDERS: readonly ListingOrder[] = ['newest', 'priceHighToLow', 'priceLowToHigh'];

/** Which products a listing covers: all of them, one category's or one subcategory's. */
export type ListingScope = { kind: 'all' } | { kind: 'category' | 'subcategory'; id: number };

/** One copy of each text many products share (image URLs, care labels, fabric facts), per view. */
export type Interner = (text: string) => string;

function interner(): Interner {
  const known = new Map<string, string>();
  return (text) => {
    const copy = known.get(text);
    if (copy !== undefined) return copy;
    known.set(text, text);
    return text;
  };
}

/**
 * A product as the read model keeps it: one flat object per product (no row, card, Date or stock
 * row objects of its own), so that 50,000 of them stay small. Its card is made when asked for and
 * its stock is one array of small integers.
 */
export class CatalogueProduct {
  readonly id: number;
  readonly name: string;
  readonly categoryId: number;
  readonly subcategoryId: number;
  readonly description: string;
  readonly productDetails: string;
  readonly washCare: string;
  readonly seoTitle: string | null;
  readonly seoDescription: string | null;
  readonly pricePaise: number;
  readonly discountPricePaise: number | null;
  readonly patternId: number | null;
  readonly genderId: number | null;
  readonly images: readonly string[];
  /** When the product was added, in ms: listings show the newest first. */
  readonly createdAt: number;
  /** When its row was last edited, in ms (the sitemap's lastmod). */
  readonly updatedAt: number;
  /** What the shopper pays per unit, in paise: the discount price when there is one. */
  readonly payPricePaise: number;
  /** Its stock rows in the sizes' order, flat: size id, stock, reserved, size id, … */
  #stock: number[];
  /** How many published reviews it has, and their stars added up (review_stats). */
  #ratingCount: number;
  #ratingSum: number;

  constructor(row: ProductRow, intern: Interner) {
    this.id = row.id;
    this.name = row.name;
    this.categoryId = row.categoryId;
    this.subcategoryId = row.subcategoryId;
    this.description = row.description;
    this.productDetails = intern(row.productDetails);
    this.washCare = intern(row.washCare);
    this.seoTitle = row.seoTitle;
    this.seoDescription = row.seoDescription;
    this.pricePaise = row.pricePaise;
    this.discountPricePaise = row.discountPricePaise;
    this.patternId = row.patternId;
    this.genderId = row.genderId;
    this.images = row.images.map(intern);
    this.createdAt = row.createdAt.getTime();
    this.updatedAt = row.updatedAt.getTime();
    this.payPricePaise = row.discountPricePaise ?? row.pricePaise;
    this.#stock = flatStock(row.stock);
    this.#ratingCount = row.ratingCount;
    this.#ratingSum = row.ratingSum;
  }

  /** The card listings show, made when asked for. */
  get card(): ProductCard {
    return {
      product_id: this.id,
      name: this.name,
      product_image: this.images[0] ?? '',
      price: paiseToRupees(this.pricePaise),
      discount_price: this.discountPricePaise === null ? 0 : paiseToRupees(this.discountPricePaise),
      category_id: this.categoryId,
      subcategory_id: this.subcategoryId,
      in_stock: this.inStock,
      rating_average: ratingAverage(this.#ratingCount, this.#ratingSum),
      rating_count: this.#ratingCount,
    };
  }

  /** Whether its published reviews are these many, with these stars in all. */
  sameRating(count: number, sum: number): boolean {
    return this.#ratingCount === count && this.#ratingSum === sum;
  }

  /** Replaces its reviews' numbers (a review was written, edited, hidden or shown): only through CatalogueView.setRating. */
  setRating(count: number, sum: number): void {
    this.#ratingCount = count;
    this.#ratingSum = sum;
  }

  /** Whether any size has a piece no unpaid order holds. */
  get inStock(): boolean {
    const stock = this.#stock;
    for (let i = 0; i < stock.length; i += 3) if ((stock[i + 1] as number) > (stock[i + 2] as number)) return true;
    return false;
  }

  /** The sizes it is sold in (in stock or not), in the sizes' order. */
  get sizeIds(): number[] {
    const ids: number[] = [];
    for (let i = 0; i < this.#stock.length; i += 3) ids.push(this.#stock[i] as number);
    return ids;
  }

  /** Its stock rows, in the sizes' order. */
  get stock(): StockRow[] {
    const rows: StockRow[] = [];
    const stock = this.#stock;
    for (let i = 0; i < stock.length; i += 3) {
      rows.push({
        productId: this.id,
        sizeId: stock[i] as number,
        stock: stock[i + 1] as number,
        reserved: stock[i + 2] as number,
      });
    }
    return rows;
  }

  /** Replaces its stock rows (an order reserved, released or sold pieces): only through CatalogueView.setStock. */
  setStock(rows: readonly StockRow[]): void {
    this.#stock = flatStock(rows);
  }

  /** Whether these rows are the stock it has, size by size. */
  sameStock(rows: readonly StockRow[]): boolean {
    const stock = this.#stock;
    return (
      rows.length * 3 === stock.length &&
      rows.every((r, i) => stock[3 * i] === r.sizeId && stock[3 * i + 1] === r.stock && stock[3 * i + 2] === r.reserved)
    );
  }
}

/** The mean of `count` reviews whose stars add up to `sum`, to one decimal; null when there are none. */
export function ratingAverage(count: number, sum: number): number | null {
  // sum * 10 / count is exact when it ends in .5, so rounding it is rounding the true mean.
  return count === 0 ? null : Math.round((sum * 10) / count) / 10;
}

/** The rows as [size id, stock, reserved, …], in an array of exactly that length (one grown by push keeps spare room). */
function flatStock(rows: readonly StockRow[]): number[] {
  const flat = new Array<number>(rows.length * 3);
  rows.forEach((r, i) => {
    flat[3 * i] = r.sizeId;
    flat[3 * i + 1] = r.stock;
    flat[3 * i + 2] = r.reserved;
  });
  return flat;
}

/** Ids past this are kept in a Set: a bitmap up to them would be large. */
const BITMAP_IDS = 1 << 22;

/**
 * A set of product ids as a bitmap, a bit per id up to the largest (6 KB for ids up to 50,000,
 * where a Set<number> of as many takes about 1 MB). Iterates in increasing id order.
 */
export class IdSet implements ReadonlySet<number> {
  #words = new Uint32Array(0);
  #size = 0;
  readonly #far = new Set<number>();

  get size(): number {
    return this.#size + this.#far.size;
  }

  has(id: number): boolean {
    if (!isBitmapId(id)) return this.#far.has(id);
    const word = id >>> 5;
    return word < this.#words.length && ((this.#words[word] as number) & (1 << (id & 31))) !== 0;
  }

  add(id: number): this {
    if (!isBitmapId(id)) {
      this.#far.add(id);
      return this;
    }
    const word = id >>> 5;
    if (word >= this.#words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.#words.length * 2));
      grown.set(this.#words);
      this.#words = grown;
    }
    const bit = 1 << (id & 31);
    if (((this.#words[word] as number) & bit) === 0) {
      this.#words[word] = (this.#words[word] as number) | bit;
      this.#size += 1;
    }
    return this;
  }

  delete(id: number): boolean {
    if (!isBitmapId(id)) return this.#far.delete(id);
    if (!this.has(id)) return false;
    const word = id >>> 5;
    this.#words[word] = (this.#words[word] as number) & ~(1 << (id & 31));
    this.#size -= 1;
    return true;
  }

  *values(): SetIterator<number> {
    const words = this.#words;
    for (let word = 0; word < words.length; word++) {
      let bits = words[word] as number;
      while (bits !== 0) {
        const low = 31 - Math.clz32(bits & -bits);
        yield word * 32 + low;
        bits &= bits - 1;
      }
    }
    yield* [...this.#far].sort((a, b) => a - b);
  }

  keys(): SetIterator<number> {
    return this.values();
  }

  *entries(): SetIterator<[number, number]> {
    for (const id of this.values()) yield [id, id];
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }

  forEach(callback: (value: number, key: number, set: ReadonlySet<number>) => void, thisArg?: unknown): void {
    for (const id of this.values()) callback.call(thisArg, id, id, this);
  }
}

function isBitmapId(id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id < BITMAP_IDS;
}

/**
 * A list answer built once per change of what it shows: the object (for code and tests) and its
 * JSON as UTF-8 bytes (the wire).
 */
export interface Rendered<T> {
  value: T;
  json: Buffer;
}

const render = <T>(value: T): Rendered<T> => ({ value, json: Buffer.from(JSON.stringify(value)) });

const COMPARATORS: Record<ListingOrder, (a: CatalogueProduct, b: CatalogueProduct) => number> = {
  // Newest first; products added at the same moment: the later id first.
  newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  priceHighToLow: (a, b) => b.payPricePaise - a.payPricePaise || a.id - b.id,
  priceLowToHigh: (a, b) => a.payPricePaise - b.payPricePaise || a.id - b.id,
};

/** A page of a listing as the wire carries it, with the products' card JSON joined, not re-serialized. */
export interface ListingPage {
  total: number;
  pages: number;
  page: number;
  perPage: number;
  products: readonly CatalogueProduct[];
}

/** The fixed lists of the home page and the filters, rebuilt when the small tables change. */
interface FixedLists {
  categoryList: Rendered<CategoryListAnswer>;
  adsList: Rendered<AdsListAnswer>;
  bannerList: Rendered<BannerListAnswer>;
  testimonialList: Rendered<TestimonialListAnswer>;
  sizeList: Rendered<SizeListAnswer>;
  patternList: Rendered<PatternListAnswer>;
  genderList: Rendered<GenderListAnswer>;
  subcategoryLists: Map<number, Rendered<SubcategoryListAnswer>>;
}

/**
 * The catalogue as the storefront reads it, held in memory and changed in place, one product or
 * one set of small tables at a time (ADR 025): a stock change costs O(sizes changed), an edited
 * product O(log n), an edited category O(1) until a listing is next asked for. Products are kept
 * in three orders and in sets by size, print and gender; listings of a category or subcategory
 * are filtered from those orders when first asked for after a change. Answers are serialized when
 * first asked for and kept until the next change; a product's detail is never pre-rendered.
 */
export class CatalogueView {
  /** Every active product by id, including those whose category is hidden. */
  readonly #all = new Map<number, CatalogueProduct>();
  readonly #orders = new Map<ListingOrder, SortedList<CatalogueProduct>>(
    LISTING_ORDERS.map((order) => [order, new SortedList(COMPARATORS[order])]),
  );
  readonly #withSize = new Map<number, IdSet>();
  readonly #withPattern = new Map<number, IdSet>();
  readonly #withGender = new Map<number, IdSet>();
  readonly #intern = interner();
  #structure!: CatalogueStructure;
  #categories = new Map<number, CatalogueStructure['categories'][number]>();
  #subcategories = new Map<number, CatalogueStructure['subcategories'][number]>();
  #sizeLabels = new Map<number, string>();
  #patternNames = new Map<number, string>();
  #genderNames = new Map<number, string>();
  #categoryNames: ReadonlyMap<number, string> = new Map();
  /** The size charts' rows by category and by product (a product's own overrides its category's, ADR 056). */
  #categoryCharts = new Map<number, CatalogueStructure['sizeCharts'][number]['rows']>();
  #productCharts = new Map<number, CatalogueStructure['sizeCharts'][number]['rows']>();
  #sizeOrder = new Map<number, number>();
  #fixed!: FixedLists;
  /** Visible products of a scope in an order, filtered from #orders when first asked for after a change. */
  #listings = new Map<string, CatalogueProduct[]>();
  /**
   * Answers as UTF-8 bytes, encoded once: sending a string makes Node measure and encode it on
   * every request, which for text that is not all ASCII (an en dash in a name is enough) means
   * scanning and transcoding it each time, about a sixth of a cached answer's cost.
   */
  #answers = new Map<string, Buffer>();
  /** Cards' JSON by product; an edited product is a new object, a stock change deletes its entry. */
  readonly #cardJsons = new Map<CatalogueProduct, string>();
  /** The bytes of the cached answers: the cache starts over past MAX_CACHED_BYTES. */
  #answerBytes = 0;
  #version = 0;

  constructor(structure: CatalogueStructure, rows: Iterable<ProductRow> = []) {
    this.applyStructure(structure);
    this.stage(rows);
    this.sortAll();
  }

  /** Goes up by one with every change; answers computed from the view are valid for one version. */
  get version(): number {
    return this.#version;
  }

  get perOrderQuantityCap(): number {
    return this.#structure.settings.perOrderQuantityCap;
  }

  /** Category names by id (active categories), for search and for checking a filter's ids. */
  get categoryNames(): ReadonlyMap<number, string> {
    return this.#categoryNames;
  }

  get categoryList(): Rendered<CategoryListAnswer> {
    return this.#fixed.categoryList;
  }
  get adsList(): Rendered<AdsListAnswer> {
    return this.#fixed.adsList;
  }
  get bannerList(): Rendered<BannerListAnswer> {
    return this.#fixed.bannerList;
  }
  get testimonialList(): Rendered<TestimonialListAnswer> {
    return this.#fixed.testimonialList;
  }
  get sizeList(): Rendered<SizeListAnswer> {
    return this.#fixed.sizeList;
  }
  get patternList(): Rendered<PatternListAnswer> {
    return this.#fixed.patternList;
  }
  get genderList(): Rendered<GenderListAnswer> {
    return this.#fixed.genderList;
  }

  subcategoryList(categoryId: number): Rendered<SubcategoryListAnswer> | undefined {
    return this.#fixed.subcategoryLists.get(categoryId);
  }

  /** A shown category's or subcategory's name; '' when it is hidden or unknown. */
  categoryName(id: number): string {
    return this.#categories.get(id)?.name ?? '';
  }
  subcategoryName(id: number): string {
    return this.#subcategories.get(id)?.name ?? '';
  }

  /** Whether these ids name something the storefront shows. */
  hasCategory(id: number): boolean {
    return this.#categories.has(id);
  }
  hasSubcategory(id: number): boolean {
    return this.#subcategories.has(id);
  }
  hasSize(id: number): boolean {
    return this.#sizeLabels.has(id);
  }
  hasPattern(id: number): boolean {
    return this.#patternNames.has(id);
  }
  hasGender(id: number): boolean {
    return this.#genderNames.has(id);
  }

  /** The product if the storefront shows it (active, in a shown category and subcategory). */
  product(id: number): CatalogueProduct | undefined {
    const product = this.#all.get(id);
    return product && this.isVisible(product) ? product : undefined;
  }

  /** The active product with this id, shown or not (its category may be hidden). */
  stored(id: number): CatalogueProduct | undefined {
    return this.#all.get(id);
  }

  /** Every product the storefront shows, newest first. */
  visibleProducts(): readonly CatalogueProduct[] {
    return this.listing({ kind: 'all' }, 'newest');
  }

  /** Every active product, shown or not (a hidden category's products come back when it does). */
  allProducts(): IterableIterator<CatalogueProduct> {
    return this.#all.values();
  }

  isVisible(product: CatalogueProduct): boolean {
    return this.#categories.has(product.categoryId) && this.#subcategories.has(product.subcategoryId);
  }

  /** The ids of the active products sold in this size, this print or for this gender. */
  productsWith(kind: 'size' | 'pattern' | 'gender', id: number): ReadonlySet<number> {
    const sets = { size: this.#withSize, pattern: this.#withPattern, gender: this.#withGender }[kind];
    return sets.get(id) ?? new IdSet();
  }

  compare(order: ListingOrder): (a: CatalogueProduct, b: CatalogueProduct) => number {
    return COMPARATORS[order];
  }

  /** The visible products of a scope, in an order. */
  listing(scope: ListingScope, order: ListingOrder): readonly CatalogueProduct[] {
    const key = scope.kind === 'all' ? `all:${order}` : `${scope.kind}:${scope.id}:${order}`;
    let listing = this.#listings.get(key);
    if (!listing) {
      const all = this.#orders.get(order)?.items ?? [];
      const inScope =
        scope.kind === 'all'
          ? (p: CatalogueProduct) => this.isVisible(p)
          : scope.kind === 'category'
            ? (p: CatalogueProduct) => p.categoryId === scope.id && this.isVisible(p)
            : (p: CatalogueProduct) => p.subcategoryId === scope.id && this.isVisible(p);
      listing = all.filter(inScope);
      this.#listings.set(key, listing);
    }
    return listing;
  }

  /** One page of `products`; past the last page, no products but the same totals. */
  page(products: readonly CatalogueProduct[], page: number, perPage: number): ListingPage {
    const start = (page - 1) * perPage;
    return {
      total: products.length,
      pages: pageCount(products.length, perPage),
      page,
      perPage,
      products: products.slice(start, start + perPage),
    };
  }

  /** A listing page's JSON: `head` (fields before the products, as JSON without braces) then the cards and totals. */
  pageJson(head: string, page: ListingPage): string {
    const cards = page.products.map((p) => this.cardJson(p)).join(',');
    return `{"success":true,${head}"product":[${cards}],"total":${page.total},"pages":${page.pages},"page":${page.page},"per_page":${page.perPage}}`;
  }

  /** A product's card as JSON, kept for the next page that sends it (up to MAX_CACHED_CARDS cards) until its stock changes. */
  cardJson(product: CatalogueProduct): string {
    let json = this.#cardJsons.get(product);
    if (json === undefined) {
      json = JSON.stringify(product.card);
      if (this.#cardJsons.size >= MAX_CACHED_CARDS) this.#cardJsons.clear();
      this.#cardJsons.set(product, json);
    }
    return json;
  }

  /** A category's or subcategory's page of products (category_product_list), or undefined when it is not shown. */
  productsOf(kind: 'category' | 'subcategory', id: number, page: number, perPage: number): Buffer | undefined {
    const named = kind === 'category' ? this.#categories.get(id) : this.#subcategories.get(id);
    if (!named) return undefined;
    return this.cached(`${kind}:${id}:${page}:${perPage}`, () =>
      this.pageJson(
        `"category_name":${JSON.stringify(named.name)},`,
        this.page(this.listing({ kind, id }, 'newest'), page, perPage),
      ),
    );
  }

  /** A product page's JSON (product_detail), or undefined when the product is not shown. */
  productDetail(productId: number): Buffer | undefined {
    const product = this.product(productId);
    if (!product) return undefined;
    return this.cached(`detail:${productId}`, () =>
      JSON.stringify({ success: true, products: this.detailOf(product) }),
    );
  }

  /** The home page's carousels, with the cards as they are now. */
  featuredProductList(): Buffer {
    return this.cached('featured', () => {
      const featuredBy = new Map<number, number[]>();
      for (const f of this.#structure.featuredProducts) {
        const ids = featuredBy.get(f.sectionId);
        if (ids) ids.push(f.productId);
        else featuredBy.set(f.sectionId, [f.productId]);
      }
      return JSON.stringify({
        success: true,
        featured_products: this.#structure.featuredSections.map((section) => ({
          id: section.id,
          title: section.title,
          products: (featuredBy.get(section.id) ?? []).flatMap((id) => {
            const product = this.product(id);
            return product ? [product.card] : [];
          }),
        })),
      });
    });
  }

  /** `compute()`'s answer, serialized and encoded once per version of the catalogue. */
  cached(key: string, compute: () => string): Buffer {
    let json = this.#answers.get(key);
    if (json === undefined) {
      json = Buffer.from(compute());
      if (this.#answers.size >= MAX_CACHED_ANSWERS || this.#answerBytes + json.length > MAX_CACHED_BYTES) {
        this.#answers.clear();
        this.#answerBytes = 0;
      }
      this.#answers.set(key, json);
      this.#answerBytes += json.length;
    }
    return json;
  }

  // ---- Changes -------------------------------------------------------------------------------

  /** Replaces the small tables and settings: O(their rows), listings are filtered again when next asked for. */
  applyStructure(structure: CatalogueStructure): void {
    this.#structure = structure;
    this.#categories = new Map(structure.categories.map((c) => [c.id, c]));
    this.#categoryNames = new Map(structure.categories.map((c) => [c.id, c.name]));
    this.#subcategories = new Map(
      structure.subcategories.filter((s) => this.#categories.has(s.categoryId)).map((s) => [s.id, s]),
    );
    this.#sizeLabels = new Map(structure.sizes.map((s) => [s.id, s.label]));
    this.#patternNames = new Map(structure.patterns.map((p) => [p.id, p.name]));
    this.#genderNames = new Map(structure.genders.map((g) => [g.id, g.name]));
    this.#sizeOrder = new Map(structure.sizes.map((s, index) => [s.id, index]));
    this.#categoryCharts = new Map(
      structure.sizeCharts.flatMap((c) => (c.categoryId === null ? [] : [[c.categoryId, c.rows]])),
    );
    this.#productCharts = new Map(
      structure.sizeCharts.flatMap((c) => (c.productId === null ? [] : [[c.productId, c.rows]])),
    );
    this.#fixed = fixedLists(structure, this.#subcategories);
    this.#listings = new Map();
    this.#bump();
  }

  /** Adds products without ordering them (a whole load, in chunks), and answers them; call sortAll() once after the last chunk. */
  stage(rows: Iterable<ProductRow>): CatalogueProduct[] {
    const staged: CatalogueProduct[] = [];
    for (const row of rows) {
      const product = new CatalogueProduct(row, this.#intern);
      this.#index(product);
      staged.push(product);
    }
    return staged;
  }

  /** Puts every product in its orders, once after a whole load. */
  sortAll(order?: ListingOrder): void {
    for (const o of order ? [order] : LISTING_ORDERS) this.#orders.get(o)?.reset([...this.#all.values()]);
    this.#listings = new Map();
    this.#bump();
  }

  /** Adds or replaces a product (an admin edit): O(log n) per order. */
  upsert(row: ProductRow): void {
    this.remove(row.id);
    const product = new CatalogueProduct(row, this.#intern);
    this.#index(product);
    for (const list of this.#orders.values()) list.insert(product);
    this.#listings = new Map();
    this.#bump();
  }

  /** Takes a product out (archived or deleted); one that is not here is already out. */
  remove(productId: number): void {
    const product = this.#all.get(productId);
    if (!product) return;
    this.#all.delete(productId);
    this.#cardJsons.delete(product);
    for (const list of this.#orders.values()) list.remove(product);
    this.#unindex(product);
    this.#listings = new Map();
    this.#bump();
  }

  /**
   * Replaces a product's stock rows (an order reserved, released or sold pieces): its card and
   * sizes change, its place in every order stays. O(its sizes). Says whether anything changed.
   */
  setStock(productId: number, rows: StockRow[]): boolean {
    const product = this.#all.get(productId);
    if (!product) return false;
    const sizeIds = product.sizeIds;
    const sameSizes = rows.length === sizeIds.length && rows.every((r, i) => r.sizeId === sizeIds[i]);
    if (sameSizes && product.sameStock(rows)) return false;
    const wasInStock = product.inStock;
    if (sameSizes) {
      product.setStock(rows);
    } else {
      // Not something an order does, but a stock row added or dropped must move the size filter too.
      this.#unindex(product);
      product.setStock(rows);
      this.#index(product);
    }
    if (sameSizes && product.inStock === wasInStock) {
      // Most orders: a few pieces reserved or sold, the product still in stock. Only its own page shows
      // stock size by size; its card, every listing, filter, search answer and other page are as they
      // were and stay cached (dropping them all made every order a burst of recomputation).
      this.#forget(`detail:${productId}`);
      return true;
    }
    this.#cardJsons.delete(product);
    this.#bump();
    return true;
  }

  /**
   * Replaces a product's review numbers (count and stars added up): its card, page and every answer
   * showing its card change; its place in every listing stays. Says whether anything changed.
   */
  setRating(productId: number, count: number, sum: number): boolean {
    const product = this.#all.get(productId);
    if (!product || product.sameRating(count, sum)) return false;
    product.setRating(count, sum);
    this.#cardJsons.delete(product);
    this.#bump();
    return true;
  }

  /** Drops one cached answer. */
  #forget(key: string): void {
    const json = this.#answers.get(key);
    if (json === undefined) return;
    this.#answers.delete(key);
    this.#answerBytes -= json.length;
  }

  #bump(): void {
    this.#version += 1;
    this.#answers = new Map();
    this.#answerBytes = 0;
  }

  #index(product: CatalogueProduct): void {
    this.#all.set(product.id, product);
    for (const sizeId of product.sizeIds) addTo(this.#withSize, sizeId, product.id);
    if (product.patternId !== null) addTo(this.#withPattern, product.patternId, product.id);
    if (product.genderId !== null) addTo(this.#withGender, product.genderId, product.id);
  }

  #unindex(product: CatalogueProduct): void {
    for (const sizeId of product.sizeIds) this.#withSize.get(sizeId)?.delete(product.id);
    if (product.patternId !== null) this.#withPattern.get(product.patternId)?.delete(product.id);
    if (product.genderId !== null) this.#withGender.get(product.genderId)?.delete(product.id);
  }

  /** The detail of product.md §7's product_detail, built when asked for. */
  detailOf(product: CatalogueProduct): ProductDetail {
    const row = product;
    const card = product.card;
    const cap = this.perOrderQuantityCap;
    const sizes = product.stock.map((s) => {
      const available = Math.max(0, s.stock - s.reserved);
      return {
        size_id: s.sizeId,
        size: this.#sizeLabels.get(s.sizeId) ?? '',
        max_quantity: Math.min(available, cap),
        in_stock: available > 0,
      };
    });
    return {
      product_id: row.id,
      name: row.name,
      category_id: row.categoryId,
      category_name: this.#categories.get(row.categoryId)?.name ?? '',
      subcategory_id: row.subcategoryId,
      subcategory_name: this.#subcategories.get(row.subcategoryId)?.name ?? '',
      description: row.description,
      product_details: row.productDetails,
      wash_care: row.washCare,
      seo_title: row.seoTitle,
      seo_description: row.seoDescription,
      return_rule: this.#returnRuleOf(row.categoryId),
      actual_price: card.price,
      discount_price: card.discount_price,
      max_quantity: Math.max(0, ...sizes.map((s) => s.max_quantity)),
      sizes,
      product_image: card.product_image,
      productsub_images: row.images.map((image) => ({ image })),
      pattern: row.patternId === null ? null : (this.#patternNames.get(row.patternId) ?? null),
      gender: row.genderId === null ? null : (this.#genderNames.get(row.genderId) ?? null),
      relate_products: this.related(product).map((p) => p.card),
      rating_average: card.rating_average,
      rating_count: card.rating_count,
      size_chart: this.#sizeChartOf(product),
    };
  }

  /** The product's chart (its own, else its category's), its sizes only, in the sizes' order; null without one. */
  #sizeChartOf(product: CatalogueProduct): ProductDetail['size_chart'] {
    const rows = this.#productCharts.get(product.id) ?? this.#categoryCharts.get(product.categoryId);
    if (!rows) return null;
    const sold = new Set(product.stock.map((s) => s.sizeId));
    const order = (sizeId: number) => this.#sizeOrder.get(sizeId) ?? Number.MAX_SAFE_INTEGER;
    const shown = rows
      .filter((r) => sold.has(r.size_id))
      .sort((a, b) => order(a.size_id) - order(b.size_id))
      .map((r) => ({ ...r, size: this.#sizeLabels.get(r.size_id) ?? '' }));
    return shown.length > 0 ? { rows: shown } : null;
  }

  /** A category's return rule (ADR 058). A hidden category hides its products, so its fallback reaches no page. */
  #returnRuleOf(categoryId: number): ReturnRule {
    const category = this.#categories.get(categoryId);
    if (!category || category.returnRule === 'returnable') return { kind: 'returnable', reason: '' };
    return { kind: category.returnRule, reason: category.returnRuleReason };
  }

  /**
   * Up to 8 other products: first the same subcategory's, then the rest of the category's, each in
   * the listing's order. Walks the two listings only as far as it needs: when the subcategory has
   * fewer than 8 others, the category's walk skips at most that many.
   */
  related(product: CatalogueProduct): CatalogueProduct[] {
    const { categoryId, subcategoryId } = product;
    const related: CatalogueProduct[] = [];
    for (const other of this.listing({ kind: 'subcategory', id: subcategoryId }, 'newest')) {
      if (related.length === RELATED_PRODUCTS) return related;
      if (other !== product) related.push(other);
    }
    for (const other of this.listing({ kind: 'category', id: categoryId }, 'newest')) {
      if (related.length === RELATED_PRODUCTS) break;
      if (other.subcategoryId !== subcategoryId) related.push(other);
    }
    return related;
  }
}

function addTo(sets: Map<number, IdSet>, key: number, id: number): void {
  const set = sets.get(key);
  if (set) set.add(id);
  else sets.set(key, new IdSet().add(id));
}

function subcategoriesOf(subcategories: Map<number, CatalogueStructure['subcategories'][number]>, categoryId: number) {
  return [...subcategories.values()].filter((s) => s.categoryId === categoryId);
}

function fixedLists(
  s: CatalogueStructure,
  subcategories: Map<number, CatalogueStructure['subcategories'][number]>,
): FixedLists {
  return {
    categoryList: render({
      success: true,
      category: s.categories.map((c) => ({
        category_id: c.id,
        category_name: c.name,
        category_image: c.image,
        subcategory: subcategoriesOf(subcategories, c.id).map((sub) => ({
          subcategory_id: sub.id,
          subcategory_slug_name: sub.slug,
          subcategory_name: sub.name,
        })),
      })),
    }),
    subcategoryLists: new Map(
      s.categories.map((c) => [
        c.id,
        render({
          success: true,
          category_name: c.name,
          Subcategory: subcategoriesOf(subcategories, c.id).map((sub) => ({
            subcategory_id: sub.id,
            subcategory_name: sub.name,
            subcategory_image: sub.image,
            category_id: sub.categoryId,
          })),
        }),
      ]),
    ),
    ...contentLists(s),
  };
}

function contentLists(s: CatalogueStructure) {
  return {
    adsList: render({
      success: true as const,
      ads: s.ads.map((a) => ({ id: a.id, main_title: a.mainTitle, title: a.title, image: a.image, link: a.link })),
    }),
    bannerList: render({
      success: true as const,
      banner: s.banners.map((b) => ({
        banner_id: b.id,
        title: b.title,
        banner_image: b.image,
        mobile_image: b.mobileImage,
        description: b.descriptionHtml,
        link: b.link,
      })),
    }),
    testimonialList: render({
      success: true as const,
      testimonial: s.testimonials.map((t) => ({
        id: t.id,
        description: t.descriptionHtml,
        customer_name: t.customerName,
        location: t.location,
        image: t.image,
        background_color: t.backgroundColor,
        border_color: t.borderColor,
      })),
    }),
    sizeList: render({ success: true as const, sizes: s.sizes.map((z) => ({ size_id: z.id, size: z.label })) }),
    patternList: render({
      success: true as const,
      patterns: s.patterns.map((p) => ({ pattern_id: p.id, pattern: p.name })),
    }),
    genderList: render({
      success: true as const,
      state: s.genders.map((g) => ({ gender_id: g.id, gender_name: g.name })),
    }),
  };
}
