import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinkUrl } from './common';

/** Where the shop is served; a link that a browser resolves elsewhere leads off the shop. */
const SHOP = 'https://kapaas.example/';

/** The origin a browser would open for `link` clicked on the shop (WHATWG URL parsing, as browsers do). */
function originOf(link: string): string {
  return new URL(link, SHOP).origin;
}

/** Characters that change how a browser reads a link's start: slashes, backslashes, whitespace, controls. */
const tricky = fc.constantFrom(
  '/',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u001f',
  ':',
  '@',
  '.',
  '%',
  '?',
  '#',
  'e',
  'v',
  'l',
);
const trickyLink = fc.array(tricky, { maxLength: 12 }).map((chars) => chars.join(''));
const slashFirst = trickyLink.map((rest) => `/${rest}`);

describe('LinkUrl: where a banner or ad leads', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000evil',
    '///evil.example',
    '  //evil.example',
    'javascript:alert(1)',
    'http://evil.example',
    'evil.example',
    'https://evil.example\\@kapaas.example',
  ])('refuses %j', (link) => {
    expect(LinkUrl.safeParse(link).success).toBe(false);
  });

  it.each([
    '/',
    '/category-page/3',
    '/product/12?size=2#care',
    '/search?q=romper%20set',
    'https://partner.example/sale',
  ])('accepts %j', (link) => {
    expect(LinkUrl.parse(link)).toBe(link);
  });

  it('accepts nothing that a browser would open on another site, unless it is an explicit https URL', () => {
    fc.assert(
      fc.property(fc.oneof(trickyLink, slashFirst, fc.string()), (link) => {
        const parsed = LinkUrl.safeParse(link);
        if (!parsed.success || parsed.data.startsWith('https://')) return;
        expect(originOf(parsed.data), JSON.stringify(link)).toBe(new URL(SHOP).origin);
      }),
      { seed: 11_014, numRuns: 5_000 },
    );
  }, 30_000);

  it('accepts every ordinary path on the shop', () => {
    fc.assert(
      fc.property(fc.array(fc.webSegment(), { maxLength: 5 }), (segments) => {
        // Quotes stay refused (they never need to be in a link the console writes).
        const path = `/${segments.filter((s) => s !== '' && !s.includes("'")).join('/')}`;
        expect(LinkUrl.safeParse(path).success, path).toBe(true);
      }),
      { seed: 11_014 },
    );
  }, 30_000);
});
