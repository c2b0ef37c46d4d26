import { productPathSegment } from '@kapaas/contract';
import type { CatalogueView } from '../catalogue';

/** The most URLs one sitemap file may list (sitemaps.org); more make /sitemap.xml an index of several. */
export const SITEMAP_MAX_URLS = 50_000;

/** The storefront's pages that are the same for everyone and worth finding, beside the home page. */
export const STATIC_PAGES: readonly string[] = [
  '/about',
  '/contact',
  '/shipping-returns',
  '/privacy',
  '/shipping-policy',
  '/terms-conditions',
  '/refund-policy',
];

/** One page of the shop in a sitemap: its absolute URL and, for a product, when it was last edited (ms). */
export interface SitemapUrl {
  loc: string;
  lastmod?: number;
}

/** The sitemap files for one version of the catalogue: one urlset, or an index and its urlsets. */
export interface Sitemaps {
  /** What /sitemap.xml answers: the only urlset, or the index of /sitemap-1.xml, /sitemap-2.xml, … */
  main: string;
  /** /sitemap-N.xml is pages[N - 1]; empty when everything fits in /sitemap.xml. */
  pages: string[];
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value; characters XML 1.0 cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** A moment as a W3C datetime to the second, in UTC: 2026-11-25T09:30:15Z. */
export function w3cDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Every page of the shop a search engine should know, from the in-memory catalogue: the home
 * page, the static pages, every shown category and subcategory, and every shown product (by id,
 * at `/product-detail/{id}-{slug}`, with the time it was last edited).
 */
export function sitemapUrls(view: CatalogueView, publicUrl: string): SitemapUrl[] {
  const urls: SitemapUrl[] = [
    { loc: `${publicUrl}/` },
    ...STATIC_PAGES.map((path) => ({ loc: `${publicUrl}${path}` })),
  ];
  for (const category of view.categoryList.value.category) {
    urls.push({ loc: `${publicUrl}/category-page/${category.category_id}` });
    for (const sub of category.subcategory) urls.push({ loc: `${publicUrl}/subcategory-detail/${sub.subcategory_id}` });
  }
  const products = [...view.visibleProducts()].sort((a, b) => a.id - b.id);
  for (const product of products) {
    urls.push({
      loc: `${publicUrl}/product-detail/${productPathSegment(product.id, product.name)}`,
      lastmod: product.updatedAt,
    });
  }
  return urls;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap listing these URLs. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) =>
    lastmod === undefined
      ? `<url><loc>${escapeXml(loc)}</loc></url>`
      : `<url><loc>${escapeXml(loc)}</loc><lastmod>${w3cDate(lastmod)}</lastmod></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
}

/** A sitemap index pointing at these sitemaps. */
export function sitemapIndexXml(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The sitemap files for these URLs: one urlset when they fit in `perFile`, else an index at
 * /sitemap.xml of /sitemap-1.xml, /sitemap-2.xml, … each listing at most `perFile` of them in turn.
 */
export function buildSitemaps(urls: readonly SitemapUrl[], publicUrl: string, perFile = SITEMAP_MAX_URLS): Sitemaps {
  if (!Number.isInteger(perFile) || perFile < 1) throw new RangeError(`perFile must be a positive integer: ${perFile}`);
  if (urls.length <= perFile) return { main: urlsetXml(urls), pages: [] };
  const pages: string[] = [];
  for (let start = 0; start < urls.length; start += perFile) pages.push(urlsetXml(urls.slice(start, start + perFile)));
  return {
    main: sitemapIndexXml(pages.map((_, i) => `${publicUrl}/sitemap-${i + 1}.xml`)),
    pages,
  };
}
