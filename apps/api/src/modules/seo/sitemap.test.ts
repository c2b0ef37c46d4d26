import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSitemaps, escapeXml, type SitemapUrl, sitemapIndexXml, urlsetXml, w3cDate } from './sitemap';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

describe('sitemap XML', () => {
  it('escapes the five XML specials and drops characters XML cannot carry', () => {
    expect(escapeXml(`a&b<c>"d'e`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;e');
    expect(escapeXml('x\u0000y\u0008z\uFFFE')).toBe('xyz');
    expect(escapeXml('Crème – 子供')).toBe('Crème – 子供');
  });

  it('escapes every text so that it reads back unchanged, with no bare specials', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)/);
        const kept = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
        expect(unescapeXml(escaped)).toBe(kept);
      }),
    );
  });

  it('writes a urlset with escaped locations and W3C lastmod dates', () => {
    const xml = urlsetXml([
      { loc: 'https://shop.example/a&b/' },
      { loc: 'https://shop.example/product-detail/3-x', lastmod: Date.UTC(2026, 10, 20, 9, 30, 15, 123) },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain('<url><loc>https://shop.example/a&amp;b/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shop.example/product-detail/3-x</loc><lastmod>2026-11-20T09:30:15Z</lastmod></url>',
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(w3cDate(Date.UTC(2026, 0, 2))).toBe('2026-01-02T00:00:00Z');
  });

  it('writes an index of sitemaps', () => {
    const xml = sitemapIndexXml(['https://shop.example/sitemap-1.xml', 'https://shop.example/sitemap-2.xml']);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(['https://shop.example/sitemap-1.xml', 'https://shop.example/sitemap-2.xml']);
  });
});

describe('splitting a sitemap', () => {
  const urls = (n: number): SitemapUrl[] => Array.from({ length: n }, (_, i) => ({ loc: `https://s.example/p/${i}` }));

  it('keeps everything in /sitemap.xml while it fits, exactly at the limit too', () => {
    const { main, pages } = buildSitemaps(urls(5), 'https://s.example', 5);
    expect(pages).toEqual([]);
    expect(main).toContain('<urlset');
    expect(locs(main)).toHaveLength(5);
  });

  it('past the limit, makes /sitemap.xml an index of files of at most the limit, every URL once, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 25 }), (count, perFile) => {
        const all = urls(count);
        const { main, pages } = buildSitemaps(all, 'https://s.example', perFile);
        if (count <= perFile) {
          expect(pages).toEqual([]);
          expect(locs(main)).toEqual(all.map((u) => u.loc));
          return;
        }
        expect(main).toContain('<sitemapindex');
        expect(pages).toHaveLength(Math.ceil(count / perFile));
        expect(locs(main)).toEqual(pages.map((_, i) => `https://s.example/sitemap-${i + 1}.xml`));
        for (const page of pages) expect(locs(page).length).toBeLessThanOrEqual(perFile);
        expect(pages.flatMap(locs)).toEqual(all.map((u) => u.loc));
      }),
    );
  });

  it('refuses a file size that is not a positive integer', () => {
    expect(() => buildSitemaps(urls(3), 'https://s.example', 0)).toThrow(RangeError);
  });
});
