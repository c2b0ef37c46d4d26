import {
  CategoryListAnswer,
  CategoryProductListAnswer,
  ProductDetailAnswer,
  productPathSegment,
} from '@kapaas/contract';
import { eq, products } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from '../../test/shop';
import { allowScripts, inlineScriptHashes } from './storefront-pages';

let shop: TestShop;
let product: ProductDetailAnswer['products'];
let categoryName: string;
let categoryId: number;
beforeAll(async () => {
  shop = await startTestShop({ storefrontDist: builtStorefront() });
  const categories = CategoryListAnswer.parse((await shop.post('category_list')).json());
  const first = categories.category[0];
  if (!first) throw new Error('the demo shop has no category');
  categoryId = first.category_id;
  categoryName = first.category_name;
  const listing = CategoryProductListAnswer.parse(
    (await shop.post('category_product_list', { category_id: categoryId })).json(),
  );
  const card = listing.product[0];
  if (!card) throw new Error('the first category has no product');
  product = ProductDetailAnswer.parse(
    (await shop.post('product_detail', { product_id: card.product_id })).json(),
  ).products;
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text ?? 'null') as Record<string, unknown>,
  );
}

/** A demo product's id, by its slug. */
async function demoProductId(slug: string): Promise<number> {
  const [row] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`the demo shop has no product ${slug}`);
  return row.id;
}

/** Text as React writes it into HTML. */
const htmlText = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;');

describe('storefront pages rendered on the server', () => {
  it('renders the home page with the catalogue in its HTML, its title and its JSON-LD', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Kapaas | Organic cotton clothing for little ones</title>');
    expect(page.body).toContain(categoryName.replaceAll('&', '&amp;'));
    const types = structuredData(page.body).map((data) => data['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  });

  it('moves a product address without its name to the one with it, for good', async () => {
    const canonical = `/product-detail/${productPathSegment(product.product_id, product.name)}`;
    for (const url of [`/product-detail/${product.product_id}`, `/product-detail/${product.product_id}-old-name`]) {
      const moved = await get(url);
      expect(moved.statusCode, url).toBe(301);
      expect(moved.headers.location, url).toBe(canonical);
    }
    expect((await get(canonical)).statusCode).toBe(200);
  });

  it("answers a client navigation's data for the product's own address, without moving it again", async () => {
    // React Router asks /product-detail/12-name.data when a shopper follows a link; that is the canonical address too.
    const canonical = `/product-detail/${productPathSegment(product.product_id, product.name)}`;
    const data = await get(`${canonical}.data`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['x-remix-redirect']).toBeUndefined();
    expect(data.body).toContain(product.name);
    const moved = await get(`/product-detail/${product.product_id}.data`);
    expect(moved.statusCode).toBe(202);
    // Single fetch answers a redirect as 202 with the new address in its body, for the browser's router to follow.
    expect(moved.body).toContain(canonical);
  });

  it('describes a product as the catalogue has it: name, price paid in rupees, availability', async () => {
    const canonical = `/product-detail/${productPathSegment(product.product_id, product.name)}`;
    const page = await get(canonical);
    const data = structuredData(page.body).find((entry) => entry['@type'] === 'Product') as {
      name: string;
      offers: { price: string; priceCurrency: string; availability: string; url: string };
    };
    expect(data.name).toBe(product.name);
    const paid = product.discount_price > 0 ? product.discount_price : product.actual_price;
    expect(Number(data.offers.price)).toBe(paid);
    expect(data.offers.priceCurrency).toBe('INR');
    const inStock = product.sizes.some((size) => size.in_stock);
    expect(data.offers.availability).toBe(`https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`);
    expect(data.offers.url).toMatch(new RegExp(`^https?://[^/]+${canonical}$`));
    const preview = /<meta property="og:image" content="(https?:\/\/[^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(preview).toMatch(/\.(png|jpe?g|webp)$/);
    const picture = await shop.app.inject({ method: 'GET', url: new URL(preview).pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/(png|jpeg|webp)$/);
    expect(page.body).toContain(`<link rel="canonical" href="${data.offers.url}"/>`);
  });

  it("shows a product's reviews in its HTML, with AggregateRating and a few Reviews in its JSON-LD", async () => {
    const reviewed = ProductDetailAnswer.parse(
      (await shop.post('product_detail', { product_id: await demoProductId('mulmul-jhabla-haldi-yellow') })).json(),
    ).products;
    const page = await get(`/product-detail/${productPathSegment(reviewed.product_id, reviewed.name)}`);
    expect(page.statusCode).toBe(200);
    const data = structuredData(page.body).find((entry) => entry['@type'] === 'Product') as {
      aggregateRating?: { ratingValue: number; reviewCount: number };
      review?: { author: { name: string }; reviewRating: { ratingValue: number }; reviewBody: string }[];
    };
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 3 });
    const authors = (data.review ?? []).map((review) => review.author.name).sort();
    expect(authors).toEqual(['Ananya R.', 'Farah K.', 'Kavitha N.']);
    // The reviews themselves are in the HTML, in place, not only in its data: a reader that runs no script sees them.
    expect(page.body).not.toMatch(/<div hidden id="S:/);
    const visible = page.body.replace(/<script[\s\S]*?<\/script>/g, '');
    for (const review of data.review ?? []) expect(visible).toContain(review.author.name);
    expect(visible).toContain(htmlText(data.review?.[0]?.reviewBody ?? '-'));

    const unreviewed = await get(`/product-detail/${productPathSegment(product.product_id, product.name)}`);
    const plain = structuredData(unreviewed.body).find((entry) => entry['@type'] === 'Product');
    if (product.rating_count === 0) {
      expect(plain).not.toHaveProperty('aggregateRating');
      expect(plain).not.toHaveProperty('review');
      expect(unreviewed.body).toContain('No reviews yet.');
    }
  });

  it('answers a search as a page of its own: the products search_key_word finds, as cards, not indexed', async () => {
    const word = product.name.split(/[^A-Za-z]+/).find((part) => part.length >= 4) ?? product.name;
    const found = (await shop.post('search_key_word', { key_word: word })).json() as {
      search_key_word: { product: { product_name: string }[] };
    };
    expect(found.search_key_word.product.length).toBeGreaterThan(0);
    const page = await get(`/search?q=${encodeURIComponent(word)}`);
    expect(page.statusCode).toBe(200);
    for (const { product_name } of found.search_key_word.product) {
      expect(page.body).toContain(product_name.replaceAll('&', '&amp;'));
    }
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toMatch(/<search[^>]*><form[^>]* action="\/search" method="get">/);
    const home = structuredData((await get('/')).body).find((data) => data['@type'] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string } };
    };
    expect(home.potentialAction.target.urlTemplate).toMatch(/^https?:\/\/[^/]+\/search\?q=\{search_term_string\}$/);
  });

  it('answers 404 with the friendly page for an unknown address, product or category', async () => {
    for (const url of ['/no-such-page', '/product-detail/999999', '/product-detail/abc', '/category-page/999999']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('Page not found');
      expect(page.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("never carries one shopper's data: the same HTML with or without their session", async () => {
    const user = await shop.user({ name: 'Ananya Unique-Shopper' });
    const size = product.sizes.find((each) => each.in_stock);
    const added = await user.post('add_cart', { product_id: product.product_id, size: size?.size_id, quantity: 1 });
    expect(added.statusCode).toBe(200);
    for (const url of ['/', `/category-page/${categoryId}`, '/shoping-cart', '/myprofile', '/about']) {
      const theirs = await get(url, { cookie: user.cookie });
      const anyone = await get(url);
      expect(theirs.body, url).toBe(anyone.body);
      for (const personal of [user.name, user.email, user.phone]) expect(anyone.body, url).not.toContain(personal);
      expect(theirs.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('lets exactly the inline scripts of the page run, through its Content-Security-Policy', async () => {
    const page = await get('/about');
    const csp = String(page.headers['content-security-policy']);
    const hashes = inlineScriptHashes(page.body);
    expect(hashes.length).toBeGreaterThan(0);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it("marks the shopper's own pages noindex and leaves public pages indexable", async () => {
    for (const url of ['/shoping-cart', '/Login-Page', '/Orders', '/wishlist']) {
      expect((await get(url)).body, url).toContain('<meta name="robots" content="noindex"/>');
    }
    expect((await get('/about')).body).not.toContain('noindex');
  });

  it("renders the undelivered message's link page for a guest without a session, not indexed", async () => {
    const page = await get('/delivery-answer?token=12.1.1764900000.abcdefghijklmnopqrstuvwxyzABCDEF');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Arrange your delivery');
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('allowScripts', () => {
  it('adds the sources to script-src, or to default-src when there is none', () => {
    expect(allowScripts("default-src 'self';script-src 'self';img-src 'self'", ["'sha256-a'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a';img-src 'self'",
    );
    expect(allowScripts("default-src 'self';img-src 'self'", ["'sha256-a'"])).toBe(
      "default-src 'self' 'sha256-a';img-src 'self'",
    );
    expect(allowScripts("script-src 'self'", [])).toBe("script-src 'self'");
  });
});
