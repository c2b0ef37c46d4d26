// The SEO module's public surface: robots.txt and the sitemap.
export { DISALLOWED_PATHS, robotsTxt } from './robots';
export { type SeoOptions, seoRoutes } from './seo.routes';
export {
  buildSitemaps,
  escapeXml,
  SITEMAP_MAX_URLS,
  type Sitemaps,
  type SitemapUrl,
  STATIC_PAGES,
  sitemapIndexXml,
  sitemapUrls,
  urlsetXml,
  w3cDate,
} from './sitemap';
