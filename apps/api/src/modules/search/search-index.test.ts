import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CategorySearchIndex,
  normaliseText,
  ProductSearchIndex,
  type SearchDocument,
  searchTerms,
} from './search-index';

const organic = 'Soft organic cotton, gentle on baby skin.';

function product(id: number, name: string, more: Partial<SearchDocument> = {}): SearchDocument {
  return { id, name, category: 'Baby Boys', subcategory: 'Essentials', description: organic, ...more };
}

const catalogue: SearchDocument[] = [
  product(1, 'Mulmul Elephant Romper – Indigo', { subcategory: 'Rompers & Onesies' }),
  product(2, 'Jersey Tiger Rompers', { subcategory: 'Rompers & Onesies', category: 'Baby Girls' }),
  product(3, 'Khadi Peacock Kurta', { category: 'Boys', subcategory: 'Ethnic Wear' }),
  product(4, 'Poplin Lotus Dress', {
    category: 'Girls',
    subcategory: 'Dresses & Frocks',
    description: `${organic} An elephant hides in the pocket.`,
  }),
  product(5, 'Café Crème Bodysuit', { description: `${organic} Made in Tiruppur.` }),
  product(6, 'Muslin Swaddle 100% Cotton', { category: 'Newborn', subcategory: 'Bath & Bedding' }),
];

async function indexOf(docs: readonly SearchDocument[]): Promise<ProductSearchIndex> {
  const index = new ProductSearchIndex();
  await index.addAllAsync(docs);
  return index;
}

describe('normalising text', () => {
  it('folds width, case and diacritics, and splits on everything but letters and digits', () => {
    expect(normaliseText('ＣＡＦÉ Crème')).toBe('cafe creme');
    expect(searchTerms('  Co-ord_set, 50%  off!! co-ord ')).toEqual(['co', 'ord', 'set', '50', 'off']);
  });
});

describe('ProductSearchIndex', () => {
  it('counts its products', async () => {
    expect((await indexOf(catalogue)).size).toBe(6);
  });

  it('finds a name despite a typo', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('elephnt', 10)[0]).toBe(1);
    expect(index.search('rompr', 10)).toEqual([1, 2]);
    expect(index.search('peacok kurta', 10)).toEqual([3]);
  });

  it('finds a name by the beginning of a word', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('mulm', 10)).toEqual([1]);
    expect(index.search('kur', 10)).toEqual([3]);
  });

  it('ranks a name match above a description-only match', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('elephant', 10)).toEqual([1, 4]);
  });

  it('ranks a name match above a category match', async () => {
    const docs = [product(1, 'Khadi Kurta', { category: 'Dresses' }), product(2, 'Poplin Dress')];
    expect((await indexOf(docs)).search('dress', 10)).toEqual([2, 1]);
  });

  it('matches category and subcategory names, every word somewhere', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('ethnic', 10)).toEqual([3]);
    expect(index.search('baby girls', 10)).toEqual([2]);
    expect(index.search('girls lotus', 10)).toEqual([4]);
    expect(index.search('newborn swadle', 10)).toEqual([6]);
  });

  it('folds diacritics in products and in queries', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('cafe creme', 10)).toEqual([5]);
    expect(index.search('CRÈME', 10)).toEqual([5]);
  });

  it('fills up from descriptions, exact words only', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('tiruppur', 10)).toEqual([5]);
    expect(index.search('tirup', 10)).toEqual([]);
  });

  it('answers words every description holds by id, and stops at the limit', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('organic', 3)).toEqual([1, 2, 3]);
    // product 6 has "Cotton" in its name, so it comes first.
    expect(index.search('cotton', 4)).toEqual([6, 1, 2, 3]);
  });

  it('picks up changes made by upsert', async () => {
    const index = await indexOf(catalogue);
    index.upsert(product(3, 'Khadi Giraffe Kurta', { category: 'Boys', subcategory: 'Ethnic Wear' }));
    expect(index.search('peacock', 10)).toEqual([]);
    expect(index.search('giraffe', 10)).toEqual([3]);
    index.upsert(product(7, 'Ikat Peacock Frock'));
    expect(index.search('peacock', 10)).toEqual([7]);
    expect(index.size).toBe(7);
  });

  it('forgets removed products', async () => {
    const index = await indexOf(catalogue);
    index.remove(1);
    index.remove(99);
    expect(index.search('mulmul', 10)).toEqual([]);
    expect(index.search('elephant', 10)).toEqual([4]);
    expect(index.search('organic', 10)).not.toContain(1);
    expect(index.size).toBe(5);
  });

  it('breaks ties by ascending id, whatever the order products were added in', async () => {
    const docs = [30, 10, 20].map((id) => product(id, 'Jersey Tee'));
    const index = await indexOf(docs);
    expect(index.search('tee', 10)).toEqual([10, 20, 30]);
    expect(index.search('jersey', 2)).toEqual([10, 20]);
  });

  it('fills up from descriptions by ascending id, however the holders were added and edited', async () => {
    const ids = [41, 7, 19, 3, 28, 12];
    const index = await indexOf(ids.map((id) => product(id, 'Jersey Tee', { description: `Tiruppur ${organic}` })));
    expect(index.search('tiruppur cotton', 4)).toEqual([3, 7, 12, 19]);
    index.upsert(product(5, 'Poplin Shirt', { description: `Tiruppur ${organic}` }));
    index.remove(7);
    index.upsert(product(12, 'Jersey Tee', { description: organic }));
    expect(index.search('tiruppur cotton', 4)).toEqual([3, 5, 19, 28]);
  });

  it('refuses an id its score arrays cannot hold', () => {
    const index = new ProductSearchIndex();
    expect(() => index.upsert(product(-1, 'Jersey Tee'))).toThrow(RangeError);
    expect(() => index.upsert(product(1.5, 'Jersey Tee'))).toThrow(RangeError);
    expect(() => index.upsert(product(2 ** 31, 'Jersey Tee'))).toThrow(RangeError);
    expect(index.size).toBe(0);
  });

  it('answers nothing for empty or blank text or a limit that is not positive', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('', 10)).toEqual([]);
    expect(index.search(' \t\n ', 10)).toEqual([]);
    expect(index.search('romper', 0)).toEqual([]);
    expect(index.search('romper', Number.NaN)).toEqual([]);
  });

  it('takes punctuation, % and _ as plain characters, never as wildcards', async () => {
    const index = await indexOf(catalogue);
    expect(index.search('%', 10)).toEqual([]);
    expect(index.search('_', 10)).toEqual([]);
    expect(index.search('%%%', 10)).toEqual([]);
    expect(index.search("'; drop table products; --", 10)).toEqual([]);
    expect(index.search('100%', 10)).toEqual([6]);
    expect(index.search('kurta!', 10)).toEqual([3]);
  });

  it('yields to the event loop while a large set is added', async () => {
    const index = new ProductSearchIndex({ chunkMs: 0 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await index.addAllAsync(Array.from({ length: 2_000 }, (_, i) => product(i + 1, `Tee ${i}`)));
    clearInterval(timer);
    expect(index.size).toBe(2_000);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('CategorySearchIndex', () => {
  const categories = new CategorySearchIndex([
    { id: 1, name: 'Baby Boys' },
    { id: 2, name: 'Baby Girls' },
    { id: 3, name: 'Newborn' },
    { id: 4, name: 'Ethnic Wear' },
  ]);

  it('matches by prefix and typo, every word, ties by id', () => {
    expect(categories.search('baby', 10)).toEqual([1, 2]);
    expect(categories.search('baby gi', 10)).toEqual([2]);
    expect(categories.search('newbrn', 10)).toEqual([3]);
    expect(categories.search('eth', 10)).toEqual([4]);
    expect(categories.search('%', 10)).toEqual([]);
    expect(categories.search('baby', 1)).toEqual([1]);
  });
});

const words = ['romper', 'rompers', 'elephant', 'mulmul', 'tiger', 'kurta', 'organic', 'cotton', 'café', 'baby'];
const documentArbitrary = (id: number) =>
  fc.record({
    id: fc.constant(id),
    name: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((list) => list.join(' ')),
    category: fc.constantFrom('Baby Boys', 'Baby Girls', 'Kids'),
    subcategory: fc.constantFrom('Rompers', 'Ethnic Wear'),
    description: fc.array(fc.constantFrom(...words), { maxLength: 6 }).map((list) => list.join(' ')),
  });
const operationArbitrary = fc.integer({ min: 1, max: 12 }).chain((id) =>
  fc.oneof(
    documentArbitrary(id).map((doc) => ({ kind: 'upsert' as const, doc })),
    fc.constant({ kind: 'remove' as const, id }),
  ),
);
const queryArbitrary = fc.oneof(
  fc.constantFrom('romp', 'elephnt', 'mulmul tiger', 'organic cotton', 'baby', 'girls romper', 'cafe', 'kurta'),
  fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 2 }).map((list) => list.join(' ')),
);

describe('ProductSearchIndex after changes', () => {
  it('answers as an index built fresh from the final products', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { maxLength: 30 }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        async (operations, queries, limit) => {
          const changed = new ProductSearchIndex();
          const final = new Map<number, SearchDocument>();
          for (const operation of operations) {
            if (operation.kind === 'upsert') {
              changed.upsert(operation.doc);
              final.set(operation.doc.id, operation.doc);
            } else {
              changed.remove(operation.id);
              final.delete(operation.id);
            }
          }
          const fresh = new ProductSearchIndex();
          await fresh.addAllAsync([...final.values()].reverse());
          expect(changed.size).toBe(fresh.size);
          for (const query of queries) expect(changed.search(query, limit)).toEqual(fresh.search(query, limit));
        },
      ),
      { numRuns: 200 },
    );
  });
});
