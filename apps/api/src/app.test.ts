import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CategoryListAnswer } from '@kapaas/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CALLS } from '../test/calls';
import { builtStorefront, startTestShop, type TestShop } from '../test/shop';
import { PREVIEW_WIDTH_PX } from './plugins/web';

let shop: TestShop;
let dist: string;
beforeAll(async () => {
  dist = builtStorefront();
  shop = await startTestShop({ storefrontDist: dist });
});
afterAll(async () => {
  await shop.close();
});

describe('the shop server', () => {
  it('answers /healthz when the database is usable', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown API call with a JSON 404', async () => {
    for (const [method, url] of [
      ['POST', '/api/no_such_call'],
      ['GET', '/api/category_list'],
      ['GET', '/api/nothing/here'],
    ] as const) {
      const response = await shop.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining('No such endpoint') });
    }
  });

  it('serves the storefront: hashed assets for a year, other files for a day, every page rendered', async () => {
    const script = readdirSync(join(dist, 'client', 'assets')).find((name) => name.endsWith('.js'));
    const asset = await shop.app.inject({ method: 'GET', url: `/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/category-page/3?size_id=2', '/shoping-cart']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<html lang="en-IN">');
    }
    const favicon = await shop.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the demo images the catalogue points at, and 404s the rest', async () => {
    const categories = CategoryListAnswer.parse((await shop.post('category_list')).json());
    const image = categories.category[0]?.category_image ?? '';
    const response = await shop.app.inject({ method: 'GET', url: image });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await shop.app.inject({ method: 'GET', url: '/media/demo/products/nothing-1.svg' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/media/demo/products/nothing-1.png' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/media/uploads/missing.webp' })).statusCode).toBe(404);
  });

  it('serves each demo picture as a PNG too, for link previews that do not show SVG', async () => {
    const categories = CategoryListAnswer.parse((await shop.post('category_list')).json());
    const image = (categories.category[0]?.category_image ?? '').replace(/\.svg$/, '.png');
    const response = await shop.app.inject({ method: 'GET', url: image });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { format, width, height } = await sharp(response.rawPayload).metadata();
    expect(format).toBe('png');
    expect(width).toBe(PREVIEW_WIDTH_PX);
    expect(height).toBeGreaterThan(0);
    const again = await shop.app.inject({ method: 'GET', url: image });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('sends security headers', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a JSON answer, a refusal by a guard included, only the headers that act on JSON', async () => {
    const answers = [
      await shop.app.inject({ method: 'POST', url: '/api/category_list', payload: {} }),
      await shop.app.inject({ method: 'POST', url: '/api/category_list?q=%00', payload: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['content-security-policy']).toBeUndefined();
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    const health = await shop.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    // This shop is served over plain http (no https PUBLIC_URL, no proxy): no HSTS (test/https.test.ts has the rest).
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI 3.1 document of every customer call, and its page at /api/docs', async () => {
    const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    const calls = [
      ...CATALOGUE_CALLS,
      'search_key_word',
      'sort_filter',
      'filter',
      'register',
      'login',
      'get_guest_id',
      'logout',
      'edit_profile',
      'update_profile',
      'change_password',
      'wishlist',
      'add_wishlist',
      'remove_wishlist',
      'cart_list',
      'add_cart',
      'cart_quantity_update',
      'remove_cart',
      'address_list',
      'add_address',
      'edit_address',
      'update_address',
      'delete_address',
      'address_active',
      'state_list',
      'city_list',
      'Coupon_list',
      'Coupon_discount_details',
      'contact',
      'newsletter_subscribe',
      'forgot_password',
      'reset_password',
      'my_orders',
      'order_details',
      'order_place',
      'track_order',
      'size_advice',
    ];
    for (const endpoint of calls) {
      const operation = document.paths[`/api/${endpoint}`]?.post;
      expect(operation, endpoint).toBeDefined();
      expect(operation.requestBody, endpoint).toBeDefined();
      expect(operation.responses['200'], endpoint).toBeDefined();
    }
    expect(document.paths['/api/get_guest_id'].get).toBeDefined();
    const page = await shop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
