import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The CSS a public page links on its first load, gzipped, stays under 25 KB: on a mid-range phone every
 * stylesheet blocks the first paint. Measured on the real build, so run `npm run build -w @kapaas/storefront` first.
 */
const CSS_BUDGET_BYTES = 25 * 1024;

/**
 * The JavaScript a public page loads before it is interactive (the entry, and each matched route's module with what it
 * imports), gzipped. The goal is 90 KB; it is not met: React, react-dom, React Router and TanStack Query alone are
 * 114 KB (ADR 031). Issue 40 set this ceiling at 150 KB; the pages weigh 146.7–149.3 KB since DOMPurify loads only when
 * the browser renders rich text itself, the carousels are CSS scroll snapping rather than embla, and the filters are
 * Bootstrap's markup rather than react-bootstrap's Form (ADR 031, amended 2026-11-28). Lower it as pages lose weight;
 * never raise it.
 */
const JS_BUDGET_BYTES = 150 * 1024;

/** The public pages a shopper usually lands on, by their route ids in the server build. */
const PAGES = { home: 'routes/HomePage', category: 'routes/CategoryPage', product: 'routes/ProductDetailPage' };

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverBuildPath = join(distDir, 'server', 'index.js');

/** The part of React Router's server build manifest (`assets`) that says which files a route links. */
interface AssetsManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, { parentId?: string; module?: string; imports?: string[]; css?: string[] } | undefined>;
}

/** Every script loaded to start `routeId`: the entry's, and each route's module and imports up to the root. */
function initialScripts(assets: AssetsManifest, routeId: string): string[] {
  const files = new Set([assets.entry.module, ...(assets.entry.imports ?? [])]);
  let id: string | undefined = routeId;
  while (id !== undefined) {
    const route: AssetsManifest['routes'][string] = assets.routes[id];
    if (!route) throw new Error(`The build has no route ${id}`);
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    id = route.parentId;
  }
  return [...files];
}

/** Every stylesheet linked when `routeId` is rendered: the entry's, the route's and its parents' up to the root. */
function linkedStylesheets(assets: AssetsManifest, routeId: string): string[] {
  const files = new Set(assets.entry.css ?? []);
  let id: string | undefined = routeId;
  while (id !== undefined) {
    const route: AssetsManifest['routes'][string] = assets.routes[id];
    if (!route) throw new Error(`The build has no route ${id}`);
    for (const file of route.css ?? []) files.add(file);
    id = route.parentId;
  }
  return [...files];
}

/** The assets manifest of the real build: fails, saying how to build, when there is none. */
async function builtAssets(): Promise<AssetsManifest> {
  if (!existsSync(serverBuildPath)) {
    throw new Error(
      `No storefront build at ${serverBuildPath}: run \`npm run build -w @kapaas/storefront\` before this test`,
    );
  }
  const build = (await import(/* @vite-ignore */ pathToFileURL(serverBuildPath).href)) as { assets: AssetsManifest };
  return build.assets;
}

function gzipBytes(href: string): number {
  // A stylesheet React Router loads with its route's module is listed with a `#` after its name.
  const file = join(distDir, 'client', href.replace(/#.*$/, ''));
  if (!existsSync(file)) throw new Error(`The build links ${href} but dist/client has no such file`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

describe('linkedStylesheets', () => {
  const assets: AssetsManifest = {
    entry: { module: '/assets/entry.js', css: ['/assets/entry.css'] },
    routes: {
      root: { css: ['/assets/root.css', '/assets/shared.css'] },
      layout: { parentId: 'root' },
      page: { parentId: 'layout', css: ['/assets/page.css', '/assets/shared.css'] },
    },
  };

  it("collects the route's stylesheets and its parents', each once", () => {
    expect(linkedStylesheets(assets, 'page').sort()).toEqual([
      '/assets/entry.css',
      '/assets/page.css',
      '/assets/root.css',
      '/assets/shared.css',
    ]);
  });

  it('refuses a route the build does not have', () => {
    expect(() => linkedStylesheets(assets, 'missing')).toThrow('The build has no route missing');
  });

  it("collects the entry's scripts, the route's module and its parents', with their imports, each once", () => {
    const scripts: AssetsManifest = {
      entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
      routes: {
        root: { module: '/assets/root.js', imports: ['/assets/react.js', '/assets/frame.js'] },
        page: { parentId: 'root', module: '/assets/page.js', imports: ['/assets/frame.js'] },
      },
    };
    expect(initialScripts(scripts, 'page').sort()).toEqual([
      '/assets/entry.js',
      '/assets/frame.js',
      '/assets/page.js',
      '/assets/react.js',
      '/assets/root.js',
    ]);
  });
});

describe('the CSS a public page links on first load', () => {
  let assets: AssetsManifest;

  beforeAll(async () => {
    assets = await builtAssets();
  });

  it.each(Object.entries(PAGES))('the %s page stays within 25 KB gzip', (page, routeId) => {
    const stylesheets = linkedStylesheets(assets, routeId);
    const bytes = stylesheets.reduce((sum, href) => sum + gzipBytes(href), 0);
    expect(
      bytes,
      `The ${page} page links ${(bytes / 1024).toFixed(1)} KB of CSS gzipped (${stylesheets.join(', ')}), over the ${CSS_BUDGET_BYTES / 1024} KB budget`,
    ).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
  });
});

describe('the JavaScript a public page loads to start', () => {
  let assets: AssetsManifest;

  beforeAll(async () => {
    assets = await builtAssets();
  });

  it.each(Object.entries(PAGES))('the %s page stays within its ceiling', (page, routeId) => {
    const scripts = initialScripts(assets, routeId);
    const bytes = scripts.reduce((sum, href) => sum + gzipBytes(href), 0);
    expect(
      bytes,
      `The ${page} page loads ${(bytes / 1024).toFixed(1)} KB of JavaScript gzipped, over the ${JS_BUDGET_BYTES / 1024} KB ceiling`,
    ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
});
