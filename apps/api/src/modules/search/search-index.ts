import SearchableMap from 'minisearch/SearchableMap';

/** What the product index reads of a product. */
export interface SearchDocument {
  id: number;
  name: string;
  category: string;
  subcategory: string;
  description: string;
}

/** What the category index reads of a category. */
export interface CategoryDocument {
  id: number;
  name: string;
}

export interface ProductSearchIndexOptions {
  /**
   * A word is common in descriptions when more than this share of the products hold it (and
   * more than `commonMinimum`): the description pass then walks products in id order and stops
   * at the limit instead of collecting every holder. Default 0.05.
   */
  commonShare?: number;
  /** The least count of descriptions that makes a word common. Default 500. */
  commonMinimum?: number;
  /** How long one chunk of `addAllAsync` may run before it yields to the event loop. Default 15 ms. */
  chunkMs?: number;
}

const COMBINING_MARKS = /[\u0300-\u036f]/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Text as the indexes compare it: NFKC, lower case, Latin diacritics folded (é → e). */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').normalize('NFKC').toLowerCase();
}

/**
 * The distinct words of a text, normalised. Every character other than a letter or a digit
 * separates words, so punctuation, `%` and `_` never match anything and are never wildcards.
 */
export function searchTerms(text: string): string[] {
  return [...new Set(normaliseText(text).split(SEPARATORS))].filter((term) => term.length > 0);
}

/** How much a word found by prefix or by a typo counts against the word itself (MiniSearch's defaults). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Prefix matching from two characters; typo tolerance from four, one edit per five characters, at most two. */
const PREFIX_FROM = 2;
const FUZZY_FROM = 4;

/** The weight of `word` found as a longer form of `prefix`: less the more it adds. */
function prefixWeight(weight: number, prefix: string, word: string): number {
  return (weight * PREFIX_WEIGHT * prefix.length) / (prefix.length + 0.3 * (word.length - prefix.length));
}

/** Inverse document frequency as BM25 computes it. */
function idf(documents: number, holding: number): number {
  return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
}

/** Scores rounded so that sums computed in another order still tie exactly. */
function quantised(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}

type Postings<F extends string> = Record<F, Set<number>>;

/**
 * Which documents hold each word, per field, in MiniSearch's radix tree, which finds the words
 * beginning with a prefix or within an edit distance of a term.
 */
class Vocabulary<F extends string> {
  readonly #tree = new SearchableMap<Postings<F>>();
  readonly #fields: readonly F[];

  constructor(fields: readonly F[]) {
    this.#fields = fields;
  }

  add(field: F, words: readonly string[], id: number): void {
    for (const word of words) {
      const postings = this.#tree.fetch(word, () => this.#empty());
      postings[field].add(id);
    }
  }

  delete(field: F, words: readonly string[], id: number): void {
    for (const word of words) {
      const postings = this.#tree.get(word);
      if (!postings) continue;
      postings[field].delete(id);
      if (this.#fields.every((each) => postings[each].size === 0)) this.#tree.delete(word);
    }
  }

  /** The words a query term stands for, with their weights: 1 itself, less a prefix or typo match. */
  expand(term: string): Map<Postings<F>, number> {
    const found = new Map<Postings<F>, number>();
    const keep = (postings: Postings<F>, weight: number) => {
      if (weight > (found.get(postings) ?? 0)) found.set(postings, weight);
    };
    if (term.length >= FUZZY_FROM) {
      const distance = Math.min(2, Math.round(term.length * 0.2));
      for (const [word, [postings, edits]] of this.#tree.fuzzyGet(term, distance)) {
        if (edits === 0) {
          keep(postings, 1);
          continue;
        }
        const weight = (FUZZY_WEIGHT * term.length) / (term.length + edits);
        keep(postings, weight);
        // A typo in the beginning of a longer word: "rompr" finds "rompers" through "romper".
        for (const [longer, more] of this.#tree.atPrefix(word)) keep(more, prefixWeight(weight, word, longer));
      }
    } else {
      const exact = this.#tree.get(term);
      if (exact) keep(exact, 1);
    }
    if (term.length >= PREFIX_FROM) {
      for (const [word, postings] of this.#tree.atPrefix(term)) {
        if (word !== term) keep(postings, prefixWeight(1, term, word));
      }
    }
    return found;
  }

  #empty(): Postings<F> {
    return Object.fromEntries(this.#fields.map((field) => [field, new Set<number>()])) as Postings<F>;
  }
}

/** One query term against a vocabulary: the words it stands for, scored per field. */
class TermMatch<F extends string> {
  /** [postings of one field, score of a document found there] */
  readonly parts: [Set<number>, number][] = [];
  /** How many postings a full scan of this term visits. */
  readonly cost: number;

  constructor(expanded: Map<Postings<F>, number>, boosts: Record<F, number>, documents: number) {
    let cost = 0;
    for (const [postings, weight] of expanded) {
      for (const field of Object.keys(boosts) as F[]) {
        const ids = postings[field];
        if (ids.size === 0) continue;
        this.parts.push([ids, boosts[field] * weight * idf(documents, ids.size)]);
        cost += ids.size;
      }
    }
    this.cost = cost;
  }

  /** Every document the term matches, with its score. */
  scores(): Map<number, number> {
    const scores = new Map<number, number>();
    for (const [ids, score] of this.parts) for (const id of ids) scores.set(id, (scores.get(id) ?? 0) + score);
    return scores;
  }

  /** One document's score, 0 when the term does not match it. */
  scoreOf(id: number): number {
    let score = 0;
    for (const [ids, partScore] of this.parts) if (ids.has(id)) score += partScore;
    return score;
  }
}

/**
 * Documents matching every term, best first, equal scores by ascending id. The cheapest term
 * is scanned; each further term either scans its postings or probes the survivors, whichever
 * visits fewer entries.
 */
function matchAll<F extends string>(matches: TermMatch<F>[], limit: number): number[] {
  const ordered = [...matches].sort((a, b) => a.cost - b.cost);
  let scores: Map<number, number> | undefined;
  for (const match of ordered) {
    if (!scores) {
      scores = match.scores();
    } else {
      const next = new Map<number, number>();
      const probe = scores.size * match.parts.length < match.cost;
      const termScores = probe ? undefined : match.scores();
      for (const [id, score] of scores) {
        const termScore = termScores ? (termScores.get(id) ?? 0) : match.scoreOf(id);
        if (termScore > 0) next.set(id, score + termScore);
      }
      scores = next;
    }
    if (scores.size === 0) return [];
  }
  return best(scores ?? new Map(), limit);
}

/** The `limit` best of scored ids, best first, equal scores by ascending id, without sorting them all. */
function best(scores: Map<number, number>, limit: number): number[] {
  const kept: { id: number; score: number }[] = [];
  const before = (a: { id: number; score: number }, b: { id: number; score: number }) =>
    a.score > b.score || (a.score === b.score && a.id < b.id);
  for (const [id, rawScore] of scores) {
    const hit = { id, score: quantised(rawScore) };
    const worst = kept[kept.length - 1];
    if (kept.length >= limit && worst && !before(hit, worst)) continue;
    let at = kept.length;
    while (at > 0 && before(hit, kept[at - 1] as { id: number; score: number })) at--;
    kept.splice(at, 0, hit);
    if (kept.length > limit) kept.pop();
  }
  return kept.map((hit) => hit.id);
}

type PrimaryField = 'name' | 'category' | 'subcategory';
const PRIMARY_BOOSTS: Record<PrimaryField, number> = { name: 3, category: 1.5, subcategory: 1.5 };
const PRIMARY_FIELDS = Object.keys(PRIMARY_BOOSTS) as PrimaryField[];
/** How many distinct category and subcategory names keep their words before that memory starts over. */
const MAX_KNOWN_TERMS = 10_000;

/**
 * The product search index. Names (boost 3), categories and subcategories (1.5) are matched by
 * prefix and typo and scored; descriptions only fill up the limit, by exact words, in id order.
 * See ADR 026.
 */
export class ProductSearchIndex {
  readonly #primary = new Vocabulary<PrimaryField>(PRIMARY_FIELDS);
  readonly #knownTerms = new Map<string, readonly string[]>();
  readonly #descriptions = new Map<string, Set<number>>();
  readonly #documents = new Map<number, SearchDocument>();
  #sortedIds: number[] = [];
  #idsSorted = true;
  readonly #commonShare: number;
  readonly #commonMinimum: number;
  readonly #chunkMs: number;

  constructor(options: ProductSearchIndexOptions = {}) {
    this.#commonShare = options.commonShare ?? 0.05;
    this.#commonMinimum = options.commonMinimum ?? 500;
    this.#chunkMs = options.chunkMs ?? 15;
  }

  /** How many products the index holds. */
  get size(): number {
    return this.#documents.size;
  }

  /**
   * Adds (or replaces) documents, yielding to the event loop whenever a chunk has run for
   * `chunkMs`, so a 50,000-product build never blocks requests for long.
   */
  async addAllAsync(docs: Iterable<SearchDocument>): Promise<void> {
    let chunkStart = performance.now();
    let sinceCheck = 0;
    for (const doc of docs) {
      this.#put(doc, false);
      if (++sinceCheck < 16) continue;
      sinceCheck = 0;
      if (performance.now() - chunkStart < this.#chunkMs) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      chunkStart = performance.now();
    }
  }

  /** Adds a product, or replaces the one with its id. */
  upsert(doc: SearchDocument): void {
    this.#put(doc, true);
  }

  /** Removes a product; an unknown id is ignored. */
  remove(id: number): void {
    const doc = this.#documents.get(id);
    if (!doc) return;
    this.#unindex(doc);
    this.#documents.delete(id);
    const at = this.#idsSorted ? this.#position(id) : this.#sortedIds.indexOf(id);
    this.#sortedIds.splice(at, 1);
  }

  /**
   * Product ids matching `text`, best first, equal scores by ascending id, at most `limit`.
   * First the products whose name, category or subcategory match every word (prefix and typo
   * tolerant); then, to fill up the limit, products whose description holds every word.
   */
  search(text: string, limit: number): number[] {
    const terms = searchTerms(text);
    if (terms.length === 0 || !(limit > 0)) return [];
    const matches = terms.map((term) => new TermMatch(this.#primary.expand(term), PRIMARY_BOOSTS, this.size));
    const first = matchAll(matches, limit);
    if (first.length >= limit) return first;
    return first.concat(this.#fromDescriptions(terms, new Set(first), limit - first.length));
  }

  #put(doc: SearchDocument, keepSorted: boolean): void {
    const copy: SearchDocument = {
      id: doc.id,
      name: doc.name,
      category: doc.category,
      subcategory: doc.subcategory,
      description: doc.description,
    };
    const old = this.#documents.get(doc.id);
    if (old) this.#unindex(old);
    for (const field of PRIMARY_FIELDS) this.#primary.add(field, this.#termsOf(field, copy[field]), copy.id);
    for (const word of searchTerms(copy.description)) {
      const ids = this.#descriptions.get(word);
      if (ids) ids.add(copy.id);
      else this.#descriptions.set(word, new Set([copy.id]));
    }
    this.#documents.set(doc.id, copy);
    if (old) return;
    if (keepSorted && this.#idsSorted) {
      this.#sortedIds.splice(this.#position(doc.id), 0, doc.id);
    } else {
      const last = this.#sortedIds.at(-1);
      if (last !== undefined && last > doc.id) this.#idsSorted = false;
      this.#sortedIds.push(doc.id);
    }
  }

  /**
   * The words of a name, category or subcategory. A category's name repeats on thousands of
   * products, so its words are kept (a few dozen distinct names) rather than found again each time;
   * a product's own name is not.
   */
  #termsOf(field: PrimaryField, text: string): readonly string[] {
    if (field === 'name') return searchTerms(text);
    let terms = this.#knownTerms.get(text);
    if (!terms) {
      terms = searchTerms(text);
      if (this.#knownTerms.size >= MAX_KNOWN_TERMS) this.#knownTerms.clear();
      this.#knownTerms.set(text, terms);
    }
    return terms;
  }

  #unindex(doc: SearchDocument): void {
    for (const field of PRIMARY_FIELDS) this.#primary.delete(field, this.#termsOf(field, doc[field]), doc.id);
    for (const word of searchTerms(doc.description)) {
      const ids = this.#descriptions.get(word);
      ids?.delete(doc.id);
      if (ids?.size === 0) this.#descriptions.delete(word);
    }
  }

  /** Where `id` is, or would go, in the sorted ids. */
  #position(id: number): number {
    let low = 0;
    let high = this.#sortedIds.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sortedIds[middle] as number) < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #ids(): number[] {
    if (!this.#idsSorted) {
      this.#sortedIds.sort((a, b) => a - b);
      this.#idsSorted = true;
    }
    return this.#sortedIds;
  }

  /**
   * Products, other than `skip`, whose description holds every word exactly, by ascending id.
   * When even the rarest word is common ("cotton" in a shop of cotton clothes), products are
   * walked in id order and the walk stops at the limit, so no query visits every holder.
   */
  #fromDescriptions(terms: string[], skip: ReadonlySet<number>, wanted: number): number[] {
    const holders: Set<number>[] = [];
    for (const term of terms) {
      const ids = this.#descriptions.get(term);
      if (!ids) return [];
      holders.push(ids);
    }
    holders.sort((a, b) => a.size - b.size);
    const [rarest, ...others] = holders as [Set<number>, ...Set<number>[]];
    const holdsAll = (id: number) => !skip.has(id) && others.every((ids) => ids.has(id));
    const threshold = Math.max(this.#commonMinimum, this.size * this.#commonShare);
    if (rarest.size <= threshold) {
      return [...rarest]
        .filter(holdsAll)
        .sort((a, b) => a - b)
        .slice(0, wanted);
    }
    const found: number[] = [];
    for (const id of this.#ids()) {
      if (found.length >= wanted) break;
      if (rarest.has(id) && holdsAll(id)) found.push(id);
    }
    return found;
  }
}

/** Categories (a few dozen) matched and scored the way product names are. */
export class CategorySearchIndex {
  readonly #vocabulary = new Vocabulary<'name'>(['name']);
  readonly #size: number;

  constructor(categories: Iterable<CategoryDocument>) {
    let size = 0;
    for (const category of categories) {
      this.#vocabulary.add('name', searchTerms(category.name), category.id);
      size++;
    }
    this.#size = size;
  }

  /** Category ids matching every word of `text`, best first, equal scores by ascending id. */
  search(text: string, limit: number): number[] {
    const terms = searchTerms(text);
    if (terms.length === 0 || !(limit > 0)) return [];
    const matches = terms.map((term) => new TermMatch(this.#vocabulary.expand(term), { name: 1 }, this.#size));
    return matchAll(matches, limit);
  }
}
