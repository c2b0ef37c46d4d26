import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SearchKeyWordAnswer } from '@kapaas/contract';
import type { CatalogueListener, CatalogueProduct, CatalogueView } from '../catalogue';
import { CategorySearchIndex, ProductSearchIndex, type SearchDocument } from './search-index';

const MAX_PRODUCTS = 20;
const MAX_CATEGORIES = 10;
/** Products re-indexed per turn of the event loop when a category's name changes. */
const REINDEX_CHUNK = 250;

function documentOf(view: CatalogueView, product: CatalogueProduct): SearchDocument {
  return {
    id: product.id,
    name: product.name,
    category: view.categoryName(product.categoryId),
    subcategory: view.subcategoryName(product.subcategoryId),
    description: product.description,
  };
}

function* documentsOf(view: CatalogueView): Generator<SearchDocument> {
  for (const product of view.allProducts()) yield documentOf(view, product);
}

/** Category and subcategory names by id as a product document reads them, to see which changed. */
function namesOf(view: CatalogueView): Map<string, string> {
  const names = new Map<string, string>();
  for (const category of view.categoryList.value.category) {
    names.set(`c${category.category_id}`, category.category_name);
    for (const sub of category.subcategory) names.set(`s${sub.subcategory_id}`, sub.subcategory_name);
  }
  return names;
}

/**
 * search_key_word's indexes (ADR 026), kept current as the catalogue changes (ADR 025): built in
 * chunks when the catalogue loads, a product re-indexed when it is edited, and a category's
 * products re-indexed in the background when its name changes. Every active product is indexed,
 * shown or not; a search answers only those the storefront shows.
 */
export class CatalogueSearch implements CatalogueListener {
  #products = new ProductSearchIndex();
  #categories = new CategorySearchIndex([]);
  #names = new Map<string, string>();
  #reindexing: Promise<void> = Promise.resolve();

  /** The index being built while a view loads, a chunk of products at a time. */
  #loading: { view: CatalogueView; products: ProductSearchIndex } | undefined;

  staged(view: CatalogueView, products: readonly CatalogueProduct[]): void {
    if (this.#loading?.view !== view) this.#loading = { view, products: new ProductSearchIndex() };
    for (const product of products) this.#loading.products.upsert(documentOf(view, product));
  }

  async loaded(view: CatalogueView): Promise<void> {
    let products: ProductSearchIndex;
    if (this.#loading?.view === view) {
      products = this.#loading.products;
    } else {
      products = new ProductSearchIndex();
      await products.addAllAsync(documentsOf(view));
    }
    this.#loading = undefined;
    this.#products = products;
    this.#categories = this.#categoryIndex(view);
    this.#names = namesOf(view);
  }

  productsChanged(view: CatalogueView, productIds: readonly number[]): void {
    for (const id of productIds) {
      const product = view.stored(id);
      if (product) this.#products.upsert(documentOf(view, product));
      else this.#products.remove(id);
    }
  }

  structureChanged(view: CatalogueView): void {
    this.#categories = this.#categoryIndex(view);
    const before = this.#names;
    const after = namesOf(view);
    this.#names = after;
    const renamed = (key: string) => before.get(key) !== after.get(key);
    const stale = [...view.allProducts()]
      .filter((p) => renamed(`c${p.categoryId}`) || renamed(`s${p.subcategoryId}`))
      .map((p) => p.id);
    // A few products at once; a big category's in the background, a chunk per turn of the event loop.
    if (stale.length <= REINDEX_CHUNK) this.productsChanged(view, stale);
    else this.#reindexing = this.#reindexing.then(() => this.#reindex(view, stale));
  }

  async #reindex(view: CatalogueView, ids: number[]): Promise<void> {
    for (let at = 0; at < ids.length; at += REINDEX_CHUNK) {
      this.productsChanged(view, ids.slice(at, at + REINDEX_CHUNK));
      await nextTurn();
    }
  }

  #categoryIndex(view: CatalogueView): CategorySearchIndex {
    return new CategorySearchIndex([...view.categoryNames].map(([id, name]) => ({ id, name })));
  }

  /** search_key_word: the shown products and categories matching the words, best first. */
  search(view: CatalogueView, keyWord: string): SearchKeyWordAnswer {
    // Text of no words at all (punctuation) finds nothing. A few more than shown, as a hidden category's products are indexed too.
    const products = this.#products
      .search(keyWord, MAX_PRODUCTS * 2)
      .flatMap((id) => {
        const product = view.product(id);
        return product ? [{ product_id: id, product_name: product.name }] : [];
      })
      .slice(0, MAX_PRODUCTS);
    const category = this.#categories
      .search(keyWord, MAX_CATEGORIES)
      .map((id) => ({ category_id: id, category_name: view.categoryName(id) }));
    return { success: true, search_key_word: { product: products, category } };
  }
}
