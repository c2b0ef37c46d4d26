import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import { PageCache, type RenderedPage } from './page-cache';

/** What the storefront's server build takes in its load context (its `shopContext`): see the storefront's ShopServer. */
interface ShopServer {
  call: (endpoint: string, body: unknown) => Promise<unknown>;
  publicUrl: string;
}

/** The request headers a render may read: none of them personal (no cookie, no authorization). */
const PASSED_HEADERS = ['accept', 'accept-language', 'user-agent'];

export interface StorefrontPagesOptions {
  /** The storefront's build folder: dist/server/index.js is the server build. */
  dist: string;
  /** The shop's public base URL (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** The catalogue's version: a cached page is good while it stays the same. */
  version: () => number;
  /** Told of each page answered (from the cache or rendered), with its status; synchronous, so nothing waits on it. */
  served?: PageServed;
}

/** What is told of a page answered: the request and the page's status. */
export type PageServed = (request: FastifyRequest, status: number) => void;

/** An inline script of a page: React Router's hydration data and its module's bootstrap. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP sources (`'sha256-…'`) that allow exactly the inline scripts of `html` to run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** The Content-Security-Policy `csp` with `sources` added to its script-src (its default-src when it has none). */
export function allowScripts(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  const directive = /(^|;\s*)script-src\s/.test(csp) ? 'script-src' : 'default-src';
  return csp.replace(new RegExp(`(^|;\\s*)(${directive})([^;]*)`), `$1$2$3 ${sources.join(' ')}`);
}

/** The server build's path under the storefront's dist folder. */
export const serverBuildPath = (dist: string) => join(dist, 'server', 'index.js');

/** Whether the storefront has been built (with its server build). */
export const hasServerBuild = (dist: string | undefined) => dist !== undefined && existsSync(serverBuildPath(dist));

/**
 * Renders storefront pages in this process with the storefront's server build (React Router's framework mode). The
 * loaders read the catalogue from memory through `app.publicCalls`; nothing a render reads is personal (no cookie
 * reaches it), so a rendered page is the same for everyone and is kept by URL and catalogue version.
 */
export async function storefrontPages(app: FastifyInstance, options: StorefrontPagesOptions) {
  const build = (await import(pathToFileURL(serverBuildPath(options.dist)).href)) as ServerBuild;
  const { shopContext } = build.entry.module as { shopContext?: RouterContext<ShopServer | null> };
  if (!shopContext) throw new Error('The storefront server build does not export shopContext from its entry');
  const context = shopContext;
  const handle = createRequestHandler(build, 'production');
  const shop: ShopServer = {
    call: (endpoint, body) => app.publicCalls.call(endpoint, body),
    publicUrl: options.publicUrl,
  };
  const cache = new PageCache();

  /** Renders the GET of the request's URL (a HEAD is answered with the GET's status and headers). */
  async function render(request: FastifyRequest): Promise<RenderedPage> {
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const fetchRequest = new Request(`${options.publicUrl}${request.url}`, { method: 'GET', headers });
    const response = await handle(fetchRequest, new RouterContextProvider(new Map([[context, shop]])));
    const kept: [string, string][] = [];
    for (const [name, value] of response.headers) if (name !== 'content-length') kept.push([name, value]);
    const body = Buffer.from(await response.arrayBuffer());
    const isHtml = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    return {
      status: response.status,
      headers: kept,
      body,
      scriptHashes: isHtml ? inlineScriptHashes(body.toString('utf8')) : [],
    };
  }

  /** Answers a GET or HEAD for a storefront address with its page (or the page's data, for a client navigation). */
  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const version = options.version();
    const key = request.url;
    let page = cache.get(key, version);
    if (!page) {
      page = await render(request);
      if (page.status < 500 && !page.headers.some(([name]) => name === 'set-cookie')) cache.set(key, version, page);
    }
    reply.code(page.status);
    options.served?.(request, page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    // Pages change with the catalogue: a browser or proxy asks again each time (the page cache makes that cheap).
    reply.header('cache-control', 'no-cache');
    // The page's own inline scripts (its data for hydration) run; no other inline script does.
    // Every reply starts with the same policy, so the page keeps the one it made from it.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      if (page.policy?.from !== csp) page.policy = { from: csp, value: allowScripts(csp, page.scriptHashes) };
      reply.header('content-security-policy', page.policy.value);
    }
    return reply.send(page.body);
  };
}
