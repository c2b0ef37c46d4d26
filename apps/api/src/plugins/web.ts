import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEMO_MEDIA_PREFIX, demoMedia } from '@kapaas/db/seed';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { unknownEndpoint } from './errors';
import { noStoreAnswer } from './no-store';
import { hasServerBuild, type PageServed, storefrontPages } from './storefront-pages';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/** How wide a demo picture's PNG is: link previews show about 600 px, and twice that for sharp screens. */
export const PREVIEW_WIDTH_PX = 1200;

/** A demo drawing as a PNG PREVIEW_WIDTH_PX wide, drawn at that size rather than enlarged. */
async function rasterise(svg: string): Promise<Buffer> {
  const source = Buffer.from(svg);
  const { width = PREVIEW_WIDTH_PX } = await sharp(source).metadata();
  const density = Math.min(72 * (PREVIEW_WIDTH_PX / width), 2400);
  return sharp(source, { density }).resize({ width: PREVIEW_WIDTH_PX }).png({ compressionLevel: 9 }).toBuffer();
}
const ONE_DAY = 'public, max-age=86400';

/** Paths that belong to an API, to files or to the admin console: never answered with a storefront page. */
const NOT_STOREFRONT = /^\/(api|admin|media|sandbox)(\/|$)/;
/** The admin console's client-side routes: /admin and below, except its API and its built assets. */
const ADMIN_SPA = /^\/admin(?!\/api(\/|$)|\/assets\/)(\/|$)/;

export interface WebOptions {
  /** The built storefront (apps/storefront/dist: client/ for browsers, server/ to render); absent in API-only tests. */
  storefrontDist: string | undefined;
  /** The shop's public base URL (PUBLIC_URL), for the absolute links of rendered pages. */
  publicUrl: string;
  /** The built admin console (apps/admin/dist), served under /admin/; absent in API-only tests. */
  adminDist?: string | undefined;
  /** The console's Content-Security-Policy, which its index.html is sent with (security-headers.ts's consolePolicy). */
  adminPolicy?: string | undefined;
  /** Where uploaded images live and are served from under /media/. */
  mediaDir: string;
  /** Told of every storefront page answered, with its status (the funnel's product views, ADR 053); no await. */
  pageServed?: PageServed | undefined;
}

/** The demo shop's generated pictures: each SVG drawing, and a PNG of it for link previews; drawn once each. */
function demoPictures(app: FastifyInstance): void {
  const demo = demoMedia();
  const rendered = new Map<string, string>();
  const drawn = (path: string): string | undefined => {
    const draw = demo.get(path);
    if (!draw) return undefined;
    let svg = rendered.get(path);
    if (svg === undefined) {
      svg = draw();
      rendered.set(path, svg);
    }
    return svg;
  };
  const rasters = new Map<string, Promise<Buffer>>();
  app.get(`${DEMO_MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Link previews (WhatsApp, Facebook, X) do not show SVG: each demo picture is also a PNG of the same drawing.
    if (path.endsWith('.png')) {
      const svgPath = `${path.slice(0, -'.png'.length)}.svg`;
      const svg = drawn(svgPath);
      if (svg === undefined) return reply.code(404).type('text/plain').send('Not found');
      let png = rasters.get(svgPath);
      if (png === undefined) {
        png = rasterise(svg);
        rasters.set(svgPath, png);
        png.catch(() => rasters.delete(svgPath));
      }
      return reply
        .type('image/png')
        .header('cache-control', ONE_DAY)
        .send(await png);
    }
    const svg = drawn(path);
    if (svg === undefined) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').header('cache-control', ONE_DAY).send(svg);
  });
}

/** The built storefront's files (hashed assets cached for a year); answers how to render a page, if it is built. */
async function storefrontFiles(app: FastifyInstance, options: WebOptions) {
  const dist = options.storefrontDist;
  if (!dist || !hasServerBuild(dist)) return undefined;
  const sendPage = await storefrontPages(app, {
    dist,
    publicUrl: options.publicUrl,
    version: () => app.catalogue.version,
    ...(options.pageServed ? { served: options.pageServed } : {}),
  });
  const client = join(dist, 'client');
  await app.register(fastifyStatic, {
    root: client,
    prefix: '/',
    wildcard: false,
    // The build wrote .br and .gz copies of its text files (scripts/precompress.mjs): sent as asked for.
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(join(client, 'assets')) ? ONE_YEAR : ONE_DAY);
    },
  });
  return sendPage;
}

/** The built admin console's files under /admin/; answers its index.html, if it is built. */
async function adminFiles(app: FastifyInstance, adminDist: string | undefined): Promise<string | undefined> {
  const adminIndex = adminDist ? join(adminDist, 'index.html') : undefined;
  if (!adminDist || adminIndex === undefined || !existsSync(adminIndex)) return undefined;
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    wildcard: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    decorateReply: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(join(adminDist, 'assets')) ? ONE_YEAR : 'no-cache');
    },
  });
  return adminIndex;
}

/** Answers a single-page app's index.html, or (`index` undefined: not built) a 503 page saying how to build it. */
async function sendIndex(reply: FastifyReply, index: string | undefined, what: string) {
  if (!index) {
    return reply
      .code(503)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Kapaas</title><p>The ${what} is not built yet: run <code>npm run build</code>.</p>`);
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(await readFile(index, 'utf8'));
}

/**
 * Serves files and pages: the demo shop's generated images, uploaded media under /media/, the
 * built storefront's files (hashed assets cached for a year), and every other GET as a storefront
 * page rendered on the server (an address the shop does not have is its not-found page, with
 * status 404). The admin console is a single-page app under /admin/: its index.html answers
 * /admin/* but never /admin/api/*.
 */
export const webPlugin = fp<WebOptions>(
  async (app: FastifyInstance, options) => {
    demoPictures(app);
    mkdirSync(options.mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '30d',
    });
    const sendPage = await storefrontFiles(app, options);
    const adminIndex = await adminFiles(app, options.adminDist);

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && ADMIN_SPA.test(path)) {
        if (options.adminPolicy) reply.header('content-security-policy', options.adminPolicy);
        return sendIndex(reply, adminIndex, 'admin console');
      }
      if (isRead && !NOT_STOREFRONT.test(path)) {
        return sendPage ? sendPage(request, reply) : sendIndex(reply, undefined, 'storefront');
      }
      noStoreAnswer(request, reply);
      return reply.code(404).send(unknownEndpoint(request.method, request.url));
    });
  },
  { name: 'web' },
);
