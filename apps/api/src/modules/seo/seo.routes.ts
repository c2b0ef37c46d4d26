import type { FastifyInstance } from 'fastify';
import { robotsTxt } from './robots';
import { buildSitemaps, SITEMAP_MAX_URLS, sitemapUrls } from './sitemap';

const ONE_DAY = 'public, max-age=86400';
const ONE_HOUR = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

export interface SeoOptions {
  /** The shop's public base URL without a trailing slash (config `publicUrl`). */
  publicUrl: string;
  /** URLs per sitemap file before /sitemap.xml becomes an index; SITEMAP_MAX_URLS unless a test says. */
  sitemapMaxUrls?: number;
}

/** The sitemap files as bytes, for one catalogue version. */
interface SitemapBytes {
  version: number;
  main: Buffer;
  pages: Buffer[];
}

/**
 * robots.txt and the sitemap. The sitemap is built from the in-memory catalogue when first asked
 * for after the catalogue changed (its version), never from the database; its bytes are kept and
 * sent as they are (and compressed once, by the compression plugin) until the next change.
 */
export async function seoRoutes(app: FastifyInstance, options: SeoOptions): Promise<void> {
  const robots = Buffer.from(robotsTxt(options.publicUrl));
  const perFile = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  let cached: SitemapBytes | undefined;

  const sitemaps = (): SitemapBytes => {
    const version = app.catalogue.version;
    // The view first: while the catalogue is still loading it answers 503.
    const view = app.catalogue.view;
    if (cached?.version !== version) {
      const built = buildSitemaps(sitemapUrls(view, options.publicUrl), options.publicUrl, perFile);
      cached = { version, main: Buffer.from(built.main), pages: built.pages.map((page) => Buffer.from(page)) };
    }
    return cached;
  };

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', ONE_DAY).send(robots);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) => {
    reply.type(XML).header('cache-control', ONE_HOUR).send(sitemaps().main);
  });

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', { schema: { hide: true } }, (request, reply) => {
    const { pages } = sitemaps();
    const n = /^[1-9][0-9]*$/.test(request.params.page) ? Number(request.params.page) : 0;
    const page = pages[n - 1];
    if (page === undefined) {
      reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    reply.type(XML).header('cache-control', ONE_HOUR).send(page);
  });
}
