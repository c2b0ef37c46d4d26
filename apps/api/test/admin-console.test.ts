import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from './shop';

let shop: TestShop;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kapaas-dists-'));
  const admin = join(root, 'admin');
  await mkdir(join(admin, 'assets'), { recursive: true });
  await writeFile(join(admin, 'index.html'), '<!doctype html><title>Kapaas admin</title><div id="root">admin</div>');
  await writeFile(join(admin, 'assets', 'index-def456.js'), 'console.log("admin")');
  await writeFile(join(admin, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  shop = await startTestShop({ storefrontDist: builtStorefront(), adminDist: admin });
});
afterAll(async () => {
  await shop.close();
  await rm(root, { recursive: true, force: true });
});

describe('the admin console at /admin', () => {
  it('answers its index.html for /admin and every client-side route below it', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/products/12/edit?tab=stock', '/admin/orders']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body, url).toContain('<div id="root">admin</div>');
    }
  });

  it('caches its hashed assets for a year and 404s a missing one instead of answering HTML', async () => {
    const asset = await shop.app.inject({ method: 'GET', url: '/admin/assets/index-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await shop.app.inject({ method: 'GET', url: '/admin/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect((await shop.app.inject({ method: 'GET', url: '/admin/assets/gone-000.js' })).statusCode).toBe(404);
  });

  it('never shadows the admin API: unknown admin API paths stay JSON 404s, known ones still ask for a token', async () => {
    const unknown = await shop.app.inject({ method: 'GET', url: '/admin/api/no-such-resource' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false });
    const products = await shop.app.inject({ method: 'GET', url: '/admin/api/products' });
    expect(products.statusCode).toBe(401);
    expect(products.json()).toMatchObject({ success: false });
  });

  it('leaves the storefront its own routes, including paths that only start like "admin"', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/administration-notes', 404],
      ['/category-page/3', 200],
    ] as const) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(status);
      expect(page.body, url).toContain('<html lang="en-IN">');
      expect(page.body, url).not.toContain('Kapaas admin');
    }
  });
});
