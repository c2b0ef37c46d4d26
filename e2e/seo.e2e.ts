import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openShopper, type Shopper } from './support/browser';
import { snap } from './support/evidence';
import { shopUrl } from './support/shop-url';

const JOURNEY = 'seo';

/** A call to the shop as a crawler or a script makes it: no browser. */
async function get(path: string): Promise<Response> {
  return fetch(new URL(path, shopUrl()), { redirect: 'manual' });
}

async function postJson<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, shopUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function patchJson(path: string, body: unknown, token: string): Promise<void> {
  const response = await fetch(new URL(path, shopUrl()), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The JSON-LD blocks of a page's HTML, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text ?? 'null') as Record<string, unknown>,
  );
}

/** The product page addresses a sitemap lists. */
function productUrls(sitemap: string): string[] {
  return [...sitemap.matchAll(/<loc>([^<]*\/product-detail\/[^<]*)<\/loc>/g)].map(([, url]) => url ?? '');
}

/** A 375 px phone with JavaScript off, in a browser of its own, closed when `visit` ends. */
async function withoutJavaScript(visit: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: shopUrl(),
      javaScriptEnabled: false,
    });
    await visit(await context.newPage());
  } finally {
    await browser.close();
  }
}

describe('the shop as search engines, link previews and phones without JavaScript see it', () => {
  it('browses home → category → product → about with JavaScript off, by real links', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Best Selling' }).waitFor();
      await snap(page, JOURNEY, '1 home without JavaScript');

      const category = page.locator('main a[href^="/category-page/"]').first();
      const categoryName = ((await category.innerText()) || (await category.getAttribute('aria-label')) || '').trim();
      await category.click();
      await page.waitForURL(/\/category-page\/\d+$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe('');
      expect(categoryName).not.toBe('');
      await snap(page, JOURNEY, '2 category without JavaScript');

      const card = page.locator('main a[href^="/product-detail/"]').first();
      await card.click();
      await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
      const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      expect(name).not.toBe('');
      expect(await page.title()).toBe(`${name} | Kapaas`);
      await expect.poll(() => page.getByText(/₹[\d,]+/).count()).toBeGreaterThan(0);
      await snap(page, JOURNEY, '3 product without JavaScript');

      await page.getByRole('contentinfo').getByRole('link', { name: 'Our Story' }).click();
      await page.waitForURL(/\/about$/);
      await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
      await snap(page, JOURNEY, '4 about without JavaScript');
    });
  });

  it('filters and sorts a category with JavaScript off: the Filters link opens the panel, the form is sent by GET', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto('/category-page/1');
      const count = page.locator('.listing-header__count');
      const before = await count.innerText();
      const filters = page.getByRole('region', { name: 'Filters' });
      expect(await filters.isVisible()).toBe(false);

      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.waitForURL(/#listing-filters$/);
      await filters.getByRole('radio', { name: '0-3M' }).waitFor({ state: 'visible' });
      await filters.getByRole('radio', { name: '0-3M' }).check();
      await snap(page, JOURNEY, '5 filters without JavaScript');
      await page.getByRole('button', { name: /^Show \d+ Products?$/ }).click();
      await page.waitForURL((url) => url.searchParams.get('size') !== null && url.hash === '');
      // The panel is closed again on the new page; its form shows the choice it was sent with.
      const size = new URL(page.url()).searchParams.get('size');
      expect(await page.locator('input[name="size"]:checked').getAttribute('value')).toBe(size);
      const after = await count.innerText();
      expect(Number.parseInt(after, 10)).toBeLessThanOrEqual(Number.parseInt(before, 10));

      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price Low to High' });
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === '3' && url.searchParams.get('size') !== null);
      const prices = await page
        .locator('.listing-grid .price__current')
        .evaluateAll((nodes) => nodes.map((node) => Number((node.textContent ?? '').replace(/[^\d]/g, ''))));
      expect(prices.length).toBeGreaterThan(0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      await snap(page, JOURNEY, '6 filtered and sorted without JavaScript');
    });
  });

  it('describes a product in JSON-LD exactly as the catalogue has it', async () => {
    const listing = await postJson<{ product: { product_id: number }[] }>('/api/category_product_list', {
      category_id: 1,
    });
    const productId = listing.product[0]?.product_id;
    const { products: product } = await postJson<{
      products: {
        product_id: number;
        name: string;
        actual_price: number;
        discount_price: number;
        sizes: { in_stock: boolean }[];
        rating_average: number | null;
        rating_count: number;
      };
    }>('/api/product_detail', { product_id: productId });
    const moved = await get(`/product-detail/${productId}`);
    expect(moved.status).toBe(301);
    const location = moved.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^/product-detail/${productId}-[a-z0-9-]+$`));
    const page = await get(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    const data = structuredData(html);
    const described = data.find((entry) => entry['@type'] === 'Product') as {
      name: string;
      sku: string;
      image: string[];
      offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
      aggregateRating?: { ratingValue: number; reviewCount: number; bestRating: number; worstRating: number };
    };
    expect(described.name).toBe(product.name);
    // A rating only from published reviews: none at all before the first.
    if (product.rating_count === 0) expect(described.aggregateRating).toBeUndefined();
    else
      expect(described.aggregateRating).toMatchObject({
        ratingValue: product.rating_average,
        reviewCount: product.rating_count,
        bestRating: 5,
        worstRating: 1,
      });
    expect(described.sku).toBe(String(product.product_id));
    expect(described.image.length).toBeGreaterThan(0);
    for (const image of described.image) expect(image).toMatch(/^https?:\/\//);
    expect(described.offers['@type']).toBe('Offer');
    expect(described.offers.priceCurrency).toBe('INR');
    expect(Number(described.offers.price)).toBe(
      product.discount_price > 0 ? product.discount_price : product.actual_price,
    );
    const inStock = product.sizes.some((size) => size.in_stock);
    expect(described.offers.availability).toBe(`https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`);
    expect(described.offers.url.endsWith(location)).toBe(true);
    expect(data.some((entry) => entry['@type'] === 'BreadcrumbList')).toBe(true);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"\/>/);
  });

  it('names the sitemap in robots.txt, keeps the shopper pages out, and answers 404 for a made-up page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    for (const path of ['/admin', '/api', '/sandbox', '/shoping-cart', '/Billing-Address', '/Orders']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }

    let shopper: Shopper | undefined;
    try {
      shopper = await openShopper({ width: 375, height: 812 });
      const response = await shopper.page.goto('/no-such-page/anywhere');
      expect(response?.status()).toBe(404);
      await shopper.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await shopper.page.getByRole('link', { name: 'Back to the home page' }).waitFor();
      await snap(shopper.page, JOURNEY, '5 not found');
    } finally {
      await shopper?.close();
    }
  });

  describe('the sitemap follows the owner', () => {
    let token = '';
    let archived: number | undefined;
    beforeAll(async () => {
      token = (
        await postJson<{ token: string }>('/admin/api/login', {
          email: 'admin@kapaas.local',
          password: 'kapaas-admin',
        })
      ).token;
    });
    afterAll(async () => {
      if (archived !== undefined) await patchJson(`/admin/api/products/${archived}`, { status: 'active' }, token);
    });

    it('heads a product page with the owner’s SEO title and description, in the HTML the server sends', async () => {
      const listing = await postJson<{ product: { product_id: number; name: string }[] }>(
        '/api/category_product_list',
        { category_id: 1 },
      );
      const product = listing.product[0];
      expect(product).toBeDefined();
      const url = `/admin/api/products/${product?.product_id}`;
      const head = async () => {
        const moved = await get(`/product-detail/${product?.product_id}`);
        const html = await (await get(moved.headers.get('location') ?? '')).text();
        const meta = (key: string) =>
          new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"/>`).exec(html)?.[1] ?? '';
        return {
          title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
          description: meta('description'),
          og: [meta('og:title'), meta('og:description')],
        };
      };
      try {
        await patchJson(url, { seo_title: 'Organic Jhabla for Newborns', seo_description: 'Soft GOTS cotton.' }, token);
        expect(await head()).toEqual({
          title: 'Organic Jhabla for Newborns',
          description: 'Soft GOTS cotton.',
          og: ['Organic Jhabla for Newborns', 'Soft GOTS cotton.'],
        });
      } finally {
        await patchJson(url, { seo_title: null, seo_description: null }, token);
      }
      const plain = await head();
      // The HTML escapes the name's & as &amp;.
      expect(plain.title).toBe(`${product?.name.replaceAll('&', '&amp;')} | Kapaas`);
      expect(plain.description).toMatch(/ at Kapaas\.$/);
    });

    it('drops a product the owner archives, and takes it back when it is active again', async () => {
      const before = productUrls(await (await get('/sitemap.xml')).text());
      const last = before.at(-1) ?? '';
      const productId = Number(/\/product-detail\/(\d+)-/.exec(last)?.[1]);
      expect(productId).toBeGreaterThan(0);

      await patchJson(`/admin/api/products/${productId}`, { status: 'archived' }, token);
      archived = productId;
      const after = productUrls(await (await get('/sitemap.xml')).text());
      expect(after).not.toContain(last);
      expect(after).toHaveLength(before.length - 1);
      expect((await get(new URL(last).pathname)).status).toBe(404);

      await patchJson(`/admin/api/products/${productId}`, { status: 'active' }, token);
      archived = undefined;
      expect(productUrls(await (await get('/sitemap.xml')).text())).toContain(last);
    });
  });
});
