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

/** The largest document id the indexes take: PostgreSQL's integer, so ids fit the Int32Arrays scores are scanned from. */
const MAX_ID = 2 ** 31 - 1;
/** How many query terms' expansions a vocabulary remembers before it starts over. */
const MAX_EXPANSIONS = 5_000;

/**
 * Which documents hold each word, per field, in MiniSearch's radix tree, which finds the words
 * beginning with a prefix or within an edit distance of a term.
 */
class Vocabulary<F extends string> {
  readonly #tree = new SearchableMap<Postings<F>>();
  readonly #fields: readonly F[];
  /** Each scanned posting set's ids as an array (iterated several times faster than the set), until the set changes. */
  readonly #arrays = new WeakMap<Set<number>, Int32Array>();
  /** What query terms stood for, kept until a word is added to or taken out of the vocabulary. */
  #expansions = new Map<string, ReadonlyMap<Postings<F>, number>>();
  #maxId = 0;

  constructor(fields: readonly F[]) {
    this.#fields = fields;
  }

  /** The largest id ever added (scores are kept in arrays indexed by id). */
  get maxId(): number {
    return this.#maxId;
  }

  add(field: F, words: readonly string[], id: number): void {
    if (!Number.isInteger(id) || id < 0 || id > MAX_ID) {
      throw new RangeError(`A search document's id must be a whole number from 0 to ${MAX_ID}, not ${id}`);
    }
    if (id > this.#maxId) this.#maxId = id;
    for (const word of words) {
      const ids = this.#tree.fetch(word, () => this.#newWord())[field];
      if (ids.has(id)) continue;
      ids.add(id);
      this.#arrays.delete(ids);
    }
  }

  /** The ids of a posting set as an array, made when it is first scanned after a change. */
  idsOf(ids: Set<number>): Int32Array {
    let array = this.#arrays.get(ids);
    if (!array) {
      array = Int32Array.from(ids);
      this.#arrays.set(ids, array);
    }
    return array;
  }

  delete(field: F, words: readonly string[], id: number): void {
    for (const word of words) {
      const postings = this.#tree.get(word);
      if (!postings) continue;
      if (postings[field].delete(id)) this.#arrays.delete(postings[field]);
      if (this.#fields.every((each) => postings[each].size === 0)) {
        this.#tree.delete(word);
        this.#expansions.clear();
      }
    }
  }

  /**
   * The words a query term stands for, with their weights: 1 itself, less a prefix or typo match.
   * Remembered per term (a few thousand at most) while the vocabulary's words stay the same: the
   * postings themselves are live sets, so documents added to or removed from known words need no
   * new expansion.
   */
  expand(term: string): ReadonlyMap<Postings<F>, number> {
    let found = this.#expansions.get(term);
    if (!found) {
      found = this.#expand(term);
      if (this.#expansions.size >= MAX_EXPANSIONS) this.#expansions.clear();
      this.#expansions.set(term, found);
    }
    return found;
  }

  #expand(term: string): Map<Postings<F>, number> {
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

  #newWord(): Postings<F> {
    this.#expansions.clear();
    return Object.fromEntries(this.#fields.map((field) => [field, new Set<number>()])) as Postings<F>;
  }
}

/** One query term against a vocabulary: the words it stands for, scored per field. */
class TermMatch<F extends string> {
  /** [postings of one field, score of a document found there] */
  readonly parts: [Set<number>, number][] = [];
  /** How many postings a full scan of this term visits. */
  readonly cost: number;

  readonly #vocabulary: Vocabulary<F>;

  constructor(vocabulary: Vocabulary<F>, term: string, boosts: Record<F, number>, documents: number) {
    this.#vocabulary = vocabulary;
    const expanded = vocabulary.expand(term);
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

  /**
   * Adds every matching document's score for this term into `scores` (indexed by id) and lists
   * in `touched` the ids it raised from 0. Scores are always positive, so 0 means "not matched".
   */
  addScores(scores: Float64Array, touched: number[]): void {
    for (const [set, score] of this.parts) {
      const ids = this.#vocabulary.idsOf(set);
      for (let at = 0; at < ids.length; at++) {
        const id = ids[at] as number;
        const before = scores[id] as number;
        if (before === 0) touched.push(id);
        scores[id] = before + score;
      }
    }
  }

  /** One document's score, 0 when the term does not match it. */
  scoreOf(id: number): number {
    let score = 0;
    for (const [ids, partScore] of this.parts) if (ids.has(id)) score += partScore;
    return score;
  }
}

/**
 * Scratch space for scoring, indexed by document id and kept between searches (a search runs
 * to the end without yielding, so one board per index serves all of them): adding up a term's
 * postings in a typed array costs a few nanoseconds a posting, against tens in a Map. Every
 * entry a search raises is set back to 0 before it returns.
 */
class ScoreBoard {
  #total = new Float64Array(0);
  #term = new Float64Array(0);

  /** Boards long enough for ids up to `maxId`. */
  boards(maxId: number): { total: Float64Array; term: Float64Array } {
    if (this.#total.length <= maxId) {
      const length = Math.max(maxId + 1, this.#total.length * 2);
      this.#total = new Float64Array(length);
      this.#term = new Float64Array(length);
    }
    return { total: this.#total, term: this.#term };
  }
}

/**
 * Documents matching every term, best first, equal scores by ascending id. The cheapest term
 * is scanned; each further term either scans its postings or probes the survivors, whichever
 * costs less (see PROBE_COST). Scores are summed in the same order as before the boards existed (per
 * term, part by part), so the answers are the same to the last bit.
 */
function matchAll<F extends string>(
  matches: TermMatch<F>[],
  limit: number,
  board: ScoreBoard,
  maxId: number,
): number[] {
  const ordered = [...matches].sort((a, b) => a.cost - b.cost);
  const [first, ...rest] = ordered;
  if (!first) return [];
  const { total, term } = board.boards(maxId);
  const touched: number[] = [];
  first.addScores(total, touched);
  let survivors = touched;
  try {
    for (const match of rest) {
      survivors = narrow(survivors, match, total, term);
      if (survivors.length === 0) return [];
    }
    return best(survivors, total, limit);
  } finally {
    for (const id of touched) total[id] = 0;
  }
}

/**
 * What probing a posting set for one id costs against reading one posting from an array: a
 * Set's hash lookup in a set of thousands misses the cache, an array is read in order. Measured
 * over the bench's 3,000 queries at 50,000 products: probing only when it visits 8 times fewer
 * entries than a scan took a third less time than probing whenever it visits fewer.
 */
const PROBE_COST = 8;

/** The survivors that `match` also matches, its score added to theirs in `total`; the others' set to 0. */
function narrow<F extends string>(
  survivors: number[],
  match: TermMatch<F>,
  total: Float64Array,
  term: Float64Array,
): number[] {
  const kept: number[] = [];
  if (survivors.length * match.parts.length * PROBE_COST < match.cost) {
    for (const id of survivors) {
      const score = match.scoreOf(id);
      if (score > 0) {
        total[id] = (total[id] as number) + score;
        kept.push(id);
      } else total[id] = 0;
    }
    return kept;
  }
  const termTouched: number[] = [];
  match.addScores(term, termTouched);
  for (const id of survivors) {
    const score = term[id] as number;
    if (score > 0) {
      total[id] = (total[id] as number) + score;
      kept.push(id);
    } else total[id] = 0;
  }
  for (const id of termTouched) term[id] = 0;
  return kept;
}

/** The `limit` best of the scored ids, best first, equal scores by ascending id, without sorting them all. */
function best(ids: readonly number[], total: Float64Array, limit: number): number[] {
  const keptIds: number[] = [];
  const keptScores: number[] = [];
  for (const id of ids) {
    const score = quantised(total[id] as number);
    const last = keptIds.length - 1;
    // Not better than the worst kept of a full list: skipped without allocating anything.
    if (keptIds.length >= limit && !before(score, id, keptScores[last] as number, keptIds[last] as number)) continue;
    let at = keptIds.length;
    while (at > 0 && before(score, id, keptScores[at - 1] as number, keptIds[at - 1] as number)) at--;
    keptIds.splice(at, 0, id);
    keptScores.splice(at, 0, score);
    if (keptIds.length > limit) {
      keptIds.pop();
      keptScores.pop();
    }
  }
  return keptIds;
}

/** Whether (score, id) ranks before (otherScore, otherId): higher score, then lower id. */
function before(score: number, id: number, otherScore: number, otherId: number): boolean {
  return score > otherScore || (score === otherScore && id < otherId);
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
  readonly #board = new ScoreBoard();
  readonly #knownTerms = new Map<string, readonly string[]>();
  readonly #descriptions = new Map<string, Set<number>>();
  /** A description word's holders in ascending id order, made when first read after a change of them. */
  readonly #inIdOrder = new Map<Set<number>, Int32Array>();
  readonly #documents = new Map<number, SearchDocument>();
  readonly #chunkMs: number;

  constructor(options: ProductSearchIndexOptions = {}) {
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
      this.#put(doc);
      if (++sinceCheck < 16) continue;
      sinceCheck = 0;
      if (performance.now() - chunkStart < this.#chunkMs) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      chunkStart = performance.now();
    }
  }

  /** Adds a product, or replaces the one with its id. */
  upsert(doc: SearchDocument): void {
    this.#put(doc);
  }

  /** Removes a product; an unknown id is ignored. */
  remove(id: number): void {
    const doc = this.#documents.get(id);
    if (!doc) return;
    this.#unindex(doc);
    this.#documents.delete(id);
  }

  /**
   * Product ids matching `text`, best first, equal scores by ascending id, at most `limit`.
   * First the products whose name, category or subcategory match every word (prefix and typo
   * tolerant); then, to fill up the limit, products whose description holds every word.
   */
  search(text: string, limit: number): number[] {
    const terms = searchTerms(text);
    if (terms.length === 0 || !(limit > 0)) return [];
    const matches = terms.map((term) => new TermMatch(this.#primary, term, PRIMARY_BOOSTS, this.size));
    const first = matchAll(matches, limit, this.#board, this.#primary.maxId);
    if (first.length >= limit) return first;
    return first.concat(this.#fromDescriptions(terms, new Set(first), limit - first.length));
  }

  #put(doc: SearchDocument): void {
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
      if (!ids) this.#descriptions.set(word, new Set([copy.id]));
      else if (!ids.has(copy.id)) {
        ids.add(copy.id);
        if (this.#inIdOrder.size > 0) this.#inIdOrder.delete(ids);
      }
    }
    this.#documents.set(doc.id, copy);
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
      if (!ids?.delete(doc.id)) continue;
      this.#inIdOrder.delete(ids);
      if (ids.size === 0) this.#descriptions.delete(word);
    }
  }

  /** The holders of a description word in ascending id order. */
  #holdersInIdOrder(ids: Set<number>): Int32Array {
    let ordered = this.#inIdOrder.get(ids);
    if (!ordered) {
      ordered = Int32Array.from(ids).sort();
      this.#inIdOrder.set(ids, ordered);
    }
    return ordered;
  }

  /**
   * Products, other than `skip`, whose description holds every word exactly, by ascending id.
   * The rarest word's holders are walked in id order and the walk stops at `wanted`, so a word
   * every description holds ("cotton" in a shop of cotton clothes) costs about `wanted` checks,
   * and words that rarely meet cost at most the rarest word's holders, never every product.
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
    const found: number[] = [];
    const ordered = this.#holdersInIdOrder(rarest);
    for (let at = 0; at < ordered.length && found.length < wanted; at++) {
      const id = ordered[at] as number;
      if (!skip.has(id) && others.every((ids) => ids.has(id))) found.push(id);
    }
    return found;
  }
}

/** Categories (a few dozen) matched and scored the way product names are. */
export class CategorySearchIndex {
  readonly #vocabulary = new Vocabulary<'name'>(['name']);
  readonly #board = new ScoreBoard();
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
    const matches = terms.map((term) => new TermMatch(this.#vocabulary, term, { name: 1 }, this.#size));
    return matchAll(matches, limit, this.#board, this.#vocabulary.maxId);
  }
}
