/** The longest slug productSlug makes, in characters; a longer one is cut at a word boundary. */
export const MAX_SLUG_LENGTH = 60;

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * A product name as the words of a URL: lower-case ASCII letters and digits, words joined by `-`,
 * diacritics folded (`Jhablā Frock` → `jhabla-frock`), apostrophes dropped inside a word
 * (`Kid's` → `kids`), anything else a word break. At most MAX_SLUG_LENGTH characters, cut at a word
 * boundary; never empty (`product` when nothing is left).
 */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðþłı]/g, (letter) => FOLDED[letter] ?? '')
    .replace(/(?<=[a-z0-9])['’](?=[a-z0-9])/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const longer = slug === '' ? word : `${slug}-${word}`;
    if (longer.length > MAX_SLUG_LENGTH) {
      // A first word longer than the limit is cut; otherwise the slug ends at the last whole word.
      if (slug === '') slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = longer;
  }
  return slug === '' ? 'product' : slug;
}

/** A product page's path segment: `12-mulmul-jhabla`. The id alone identifies the product; the slug is for people and search engines. */
export function productPathSegment(id: number, name: string): string {
  return `${id}-${productSlug(name)}`;
}

/**
 * The product id at the start of a product page's path segment (`12-mulmul-jhabla` or `12`), or
 * null: a positive safe integer without leading zeros, alone or followed by `-` and anything.
 */
export function parseProductSegment(segment: string): number | null {
  const match = /^([1-9][0-9]*)(?:-|$)/.exec(segment);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}
