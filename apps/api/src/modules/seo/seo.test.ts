import { productPathSegment } from '@kapaas/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { seoRoutes } from './seo.routes';
import { STATIC_PAGES } from './sitemap';

const PUBLIC_URL = 'https://kapaas.example';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

async function sitemap(app: FastifyInstance = shop.app, url = '/sitemap.xml') {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return response.body;
}

describe('robots.txt', () => {
  it('opens the shop to crawlers but for the admin, the APIs and the account and checkout pages, and names the sitemap', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/admin',
      '/api',
      '/sandbox',
      '/shoping-cart',
      '/Billing-Address',
      '/order-detail/',
      '/Coupouns',
      '/returns',
      '/delivery-answer',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow: '))).toHaveLength(23);
    // An empty Disallow would allow everything; a product page must not be caught by any rule.
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      const rule = line.slice('Disallow: '.length);
      expect(rule).not.toBe('');
      expect('/product-detail/12-mulmul-jhabla'.startsWith(rule)).toBe(false);
      expect('/category-page/3'.startsWith(rule)).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists home, the static pages, every shown category, subcategory and product, with slugs and lastmod', async () => {
    const xml = await sitemap();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const found = locs(xml);
    expect(found).toEqual([...new Set(found)]);
    expect(found).toContain(`${PUBLIC_URL}/`);
    for (const page of STATIC_PAGES) expect(found).toContain(`${PUBLIC_URL}${page}`);
    const view = shop.app.catalogue.view;
    for (const category of view.categoryList.value.category) {
      expect(found).toContain(`${PUBLIC_URL}/category-page/${category.category_id}`);
      for (const sub of category.subcategory)
        expect(found).toContain(`${PUBLIC_URL}/subcategory-detail/${sub.subcategory_id}`);
    }
    const products = view.visibleProducts();
    expect(products.length).toBeGreaterThan(50);
    const productLocs = found.filter((loc) => loc.startsWith(`${PUBLIC_URL}/product-detail/`));
    expect(productLocs).toHaveLength(products.length);
    const [product] = products;
    if (!product) throw new Error('no product');
    const loc = `${PUBLIC_URL}/product-detail/${productPathSegment(product.id, product.name)}`;
    expect(loc).toMatch(/\/product-detail\/\d+-[a-z0-9]+(-[a-z0-9]+)*$/);
    const lastmod = new Date(product.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(xml).toContain(`<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>`);
  });

  it("follows the owner's edits: a renamed product's URL carries its new slug, an archived one leaves", async () => {
    const [first, second] = shop.app.catalogue.view.visibleProducts();
    if (!first || !second) throw new Error('the demo shop has too few products');
    const before = locs(await sitemap());
    expect(before).toContain(`${PUBLIC_URL}/product-detail/${productPathSegment(second.id, second.name)}`);

    expectStatus(await owner.patch(`/products/${first.id}`, { name: 'Tom & Jerry’s <Crème> Romper' }), 200);
    expectStatus(await owner.patch(`/products/${second.id}`, { status: 'archived' }), 200);
    const xml = await sitemap();
    const after = locs(xml);
    expect(after).toContain(`${PUBLIC_URL}/product-detail/${first.id}-tom-jerrys-creme-romper`);
    expect(
      after.some((loc) => loc.includes(`/product-detail/${first.id}-`) && !loc.endsWith('-tom-jerrys-creme-romper')),
    ).toBe(false);
    expect(after.some((loc) => loc.includes(`/product-detail/${second.id}-`))).toBe(false);
    expect(after).toHaveLength(before.length - 1);
  });

  it('answers /sitemap-N.xml only when /sitemap.xml is an index', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});

describe('a sitemap too big for one file', () => {
  let small: FastifyInstance;
  beforeAll(async () => {
    // The same routes over the same catalogue, with files of 20 URLs instead of 50,000.
    small = Fastify({ logger: false });
    small.decorate('catalogue', shop.app.catalogue);
    await small.register(seoRoutes, { publicUrl: PUBLIC_URL, sitemapMaxUrls: 20 });
    await small.ready();
  });
  afterAll(async () => {
    await small.close();
  });

  it('is an index of /sitemap-1.xml, /sitemap-2.xml, … that together list what one file would', async () => {
    const everything = locs(await sitemap());
    const index = await sitemap(small);
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil(everything.length / 20));
    expect(files).toEqual(files.map((_, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    for (const file of files) {
      const page = locs(await sitemap(small, file.slice(PUBLIC_URL.length)));
      expect(page.length).toBeLessThanOrEqual(20);
      listed.push(...page);
    }
    expect(listed).toEqual(everything);
    for (const missing of [`/sitemap-${files.length + 1}.xml`, '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-x.xml']) {
      expect((await small.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });
});
