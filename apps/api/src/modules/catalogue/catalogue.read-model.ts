import type {
  AdsListAnswer,
  BannerListAnswer,
  CategoryListAnswer,
  GenderListAnswer,
  PatternListAnswer,
  ProductCard,
  ProductDetail,
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

/** The orders a listing can be in: the listing's own (newest first), or by the price paid. */
export type ListingOrder = 'newest' | 'priceHighToLow' | 'priceLowToHigh';
export const LISTING_ORDERS: readonly ListingOrder[] = ['newest', 'priceHighToLow', 'priceLowToHigh'];

/** Which products a listing covers: all of them, one category's or one subcategory's. */
export type ListingScope = { kind: 'all' } | { kind: 'category' | 'subcategory'; id: number };

/** A product as the read model keeps it: its row, its card, and what listings, filters and search need. */
export interface CatalogueProduct {
  readonly id: number;
  readonly row: ProductRow;
  /** The card listings show; replaced (with `cardJson` cleared) when the product's stock changes. */
  card: ProductCard;
  /** The card's JSON, made the first time a listing sends it. */
  cardJson: string | undefined;
  /** What the shopper pays per unit, in paise: the discount price when there is one. */
  readonly payPricePaise: number;
  /** When the product was added, in ms: listings show the newest first. */
  readonly createdAt: number;
  /** The sizes it is sold in (in stock or not), in the sizes' order. */
  sizeIds: readonly number[];
}

/** A list answer built once per change of what it shows: the object (for code and tests) and its JSON (the wire). */
export interface Rendered<T> {
  value: T;
  json: string;
}

const render = <T>(value: T): Rendered<T> => ({ value, json: JSON.stringify(value) });

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
  readonly #withSize = new Map<number, Set<number>>();
  readonly #withPattern = new Map<number, Set<number>>();
  readonly #withGender = new Map<number, Set<number>>();
  #structure!: CatalogueStructure;
  #categories = new Map<number, CatalogueStructure['categories'][number]>();
  #subcategories = new Map<number, CatalogueStructure['subcategories'][number]>();
  #sizeLabels = new Map<number, string>();
  #patternNames = new Map<number, string>();
  #genderNames = new Map<number, string>();
  #categoryNames: ReadonlyMap<number, string> = new Map();
  #fixed!: FixedLists;
  /** Visible products of a scope in an order, filtered from #orders when first asked for after a change. */
  #listings = new Map<string, CatalogueProduct[]>();
  #answers = new Map<string, string>();
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

  /** The shipping charge an order adds, in paise (shop setting). */
  get shippingChargePaise(): number {
    return this.#structure.settings.shippingChargePaise;
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
    return this.#categories.has(product.row.categoryId) && this.#subcategories.has(product.row.subcategoryId);
  }

  /** The ids of the active products sold in this size, this print or for this gender. */
  productsWith(kind: 'size' | 'pattern' | 'gender', id: number): ReadonlySet<number> {
    const sets = { size: this.#withSize, pattern: this.#withPattern, gender: this.#withGender }[kind];
    return sets.get(id) ?? new Set();
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
            ? (p: CatalogueProduct) => p.row.categoryId === scope.id && this.isVisible(p)
            : (p: CatalogueProduct) => p.row.subcategoryId === scope.id && this.isVisible(p);
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

  cardJson(product: CatalogueProduct): string {
    product.cardJson ??= JSON.stringify(product.card);
    return product.cardJson;
  }

  /** A category's or subcategory's page of products (category_product_list), or undefined when it is not shown. */
  productsOf(kind: 'category' | 'subcategory', id: number, page: number, perPage: number): string | undefined {
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
  productDetail(productId: number): string | undefined {
    const product = this.product(productId);
    if (!product) return undefined;
    return this.cached(`detail:${productId}`, () =>
      JSON.stringify({ success: true, products: this.detailOf(product) }),
    );
  }

  /** The home page's carousels, with the cards as they are now. */
  featuredProductList(): string {
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

  /** `compute()`'s answer, serialized once per version of the catalogue. */
  cached(key: string, compute: () => string): string {
    let json = this.#answers.get(key);
    if (json === undefined) {
      json = compute();
      if (this.#answers.size >= MAX_CACHED_ANSWERS) this.#answers.clear();
      this.#answers.set(key, json);
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
    this.#fixed = fixedLists(structure, this.#subcategories);
    this.#listings = new Map();
    this.#bump();
  }

  /** Adds products without ordering them (a whole load, in chunks); call sortAll() once after the last chunk. */
  stage(rows: Iterable<ProductRow>): void {
    for (const row of rows) this.#index(toProduct(row));
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
    const product = toProduct(row);
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
    for (const list of this.#orders.values()) list.remove(product);
    this.#unindex(product);
    this.#listings = new Map();
    this.#bump();
  }

  /**
   * Replaces a product's stock rows (an order reserved, released or sold pieces): its card and
   * sizes change, its place in every order stays. O(its sizes).
   */
  setStock(productId: number, rows: StockRow[]): void {
    const product = this.#all.get(productId);
    if (!product) return;
    const sizeIds = rows.map((r) => r.sizeId);
    const sameSizes = sizeIds.length === product.sizeIds.length && sizeIds.every((id, i) => id === product.sizeIds[i]);
    if (!sameSizes) {
      // Not something an order does, but a stock row added or dropped must move the size filter too.
      this.#unindex(product);
      product.sizeIds = sizeIds;
      this.#index(product);
    }
    (product.row as { stock: StockRow[] }).stock = rows;
    product.card = { ...product.card, in_stock: rows.some((r) => r.stock > r.reserved) };
    product.cardJson = undefined;
    this.#bump();
  }

  #bump(): void {
    this.#version += 1;
    this.#answers = new Map();
  }

  #index(product: CatalogueProduct): void {
    this.#all.set(product.id, product);
    for (const sizeId of product.sizeIds) addTo(this.#withSize, sizeId, product.id);
    if (product.row.patternId !== null) addTo(this.#withPattern, product.row.patternId, product.id);
    if (product.row.genderId !== null) addTo(this.#withGender, product.row.genderId, product.id);
  }

  #unindex(product: CatalogueProduct): void {
    for (const sizeId of product.sizeIds) this.#withSize.get(sizeId)?.delete(product.id);
    if (product.row.patternId !== null) this.#withPattern.get(product.row.patternId)?.delete(product.id);
    if (product.row.genderId !== null) this.#withGender.get(product.row.genderId)?.delete(product.id);
  }

  /** The detail of product.md §7's product_detail, built when asked for. */
  detailOf(product: CatalogueProduct): ProductDetail {
    const { row, card } = product;
    const cap = this.perOrderQuantityCap;
    const sizes = row.stock.map((s) => {
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
      actual_price: card.price,
      discount_price: card.discount_price,
      max_quantity: Math.max(0, ...sizes.map((s) => s.max_quantity)),
      sizes,
      product_image: card.product_image,
      productsub_images: row.images.map((image) => ({ image })),
      pattern: row.patternId === null ? null : (this.#patternNames.get(row.patternId) ?? null),
      gender: row.genderId === null ? null : (this.#genderNames.get(row.genderId) ?? null),
      relate_products: this.related(product).map((p) => p.card),
    };
  }

  /**
   * Up to 8 other products: first the same subcategory's, then the rest of the category's, each in
   * the listing's order. Walks the two listings only as far as it needs: when the subcategory has
   * fewer than 8 others, the category's walk skips at most that many.
   */
  related(product: CatalogueProduct): CatalogueProduct[] {
    const { categoryId, subcategoryId } = product.row;
    const related: CatalogueProduct[] = [];
    for (const other of this.listing({ kind: 'subcategory', id: subcategoryId }, 'newest')) {
      if (related.length === RELATED_PRODUCTS) return related;
      if (other !== product) related.push(other);
    }
    for (const other of this.listing({ kind: 'category', id: categoryId }, 'newest')) {
      if (related.length === RELATED_PRODUCTS) break;
      if (other.row.subcategoryId !== subcategoryId) related.push(other);
    }
    return related;
  }
}

function toProduct(row: ProductRow): CatalogueProduct {
  const price = paiseToRupees(row.pricePaise);
  return {
    id: row.id,
    row,
    card: {
      product_id: row.id,
      name: row.name,
      product_image: row.images[0] ?? '',
      price,
      discount_price: row.discountPricePaise === null ? 0 : paiseToRupees(row.discountPricePaise),
      category_id: row.categoryId,
      subcategory_id: row.subcategoryId,
      in_stock: row.stock.some((s) => s.stock > s.reserved),
    },
    cardJson: undefined,
    payPricePaise: row.discountPricePaise ?? row.pricePaise,
    createdAt: row.createdAt.getTime(),
    sizeIds: row.stock.map((s) => s.sizeId),
  };
}

function addTo(sets: Map<number, Set<number>>, key: number, id: number): void {
  const set = sets.get(key);
  if (set) set.add(id);
  else sets.set(key, new Set([id]));
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
