import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, parseProductSegment, productPathSegment, productSlug } from './slug';

describe('productSlug', () => {
  it.each([
    ['Mulmul Jhabla', 'mulmul-jhabla'],
    ['  Organic  Cotton -- Romper (Pink) ', 'organic-cotton-romper-pink'],
    ['Jhablā Frock – Crème Brûlée', 'jhabla-frock-creme-brulee'],
    ["Kid's Kurta & Pyjama Set", 'kids-kurta-pyjama-set'],
    ['Straße Ærø Łódź', 'strasse-aero-lodz'],
    ['２ Piece Set', '2-piece-set'],
    ['कुर्ता', 'product'],
    ['', 'product'],
    ['!!!', 'product'],
  ])('%j → %j', (name, slug) => {
    expect(productSlug(name)).toBe(slug);
  });

  it('cuts a long name at a word boundary, and a single overlong word at the limit', () => {
    const name = 'Hand Block Printed Organic Cotton Sleeveless Jhabla With Matching Nappy Cover For Newborns';
    const slug = productSlug(name);
    expect(slug).toBe('hand-block-printed-organic-cotton-sleeveless-jhabla-with');
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(productSlug('a'.repeat(100))).toBe('a'.repeat(MAX_SLUG_LENGTH));
  });

  it('is only lower-case letters, digits and single inner dashes, never empty, at most the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (name) => {
        const slug = productSlug(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps every ASCII word of a short name', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom(' ', ' - ', ', ', '/'), (ws, sep) => {
        expect(productSlug(ws.join(sep).toUpperCase())).toBe(ws.join('-'));
      }),
    );
  });
});

describe('product path segments', () => {
  it('reads the id back from any segment it made', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.string({ unit: 'grapheme' }), (id, name) => {
        const segment = productPathSegment(id, name);
        expect(segment).toBe(`${id}-${productSlug(name)}`);
        expect(parseProductSegment(segment)).toBe(id);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a plain id and refuses what is not a positive id without leading zeros', () => {
    expect(parseProductSegment('12')).toBe(12);
    expect(parseProductSegment('12-mulmul-jhabla')).toBe(12);
    expect(parseProductSegment('12-')).toBe(12);
    for (const bad of [
      '',
      '0',
      '012',
      '012-x',
      '-12',
      '12x',
      '12.5',
      'x12',
      'mulmul',
      ' 12',
      '1e3',
      '9007199254740993',
    ]) {
      expect(parseProductSegment(bad), bad).toBeNull();
    }
    expect(parseProductSegment(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });
});
