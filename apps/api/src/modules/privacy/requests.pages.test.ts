import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from '../../../test/shop';

// The storefront's privacy-request pages as the server renders them (the real build): the form and its links for
// everyone, and the confirmation page kept out of search engines.

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ storefrontDist: builtStorefront() });
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });

describe('the privacy-request pages, rendered on the server', () => {
  it('serves /privacy-request with its form, and the privacy notice, which every page links from its footer, links to it', async () => {
    const page = await get('/privacy-request');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your privacy rights</h1>');
    expect(page.body).toContain('Send the request');
    expect(page.body).not.toMatch(/<meta name="robots" content="noindex/);
    const home = await get('/');
    expect(home.body).toMatch(/<a[^>]*href="\/privacy"[^>]*>Privacy Notice<\/a>/);
    const notice = await get('/privacy');
    expect(notice.body).toMatch(/<a[^>]*href="\/privacy-request"[^>]*>make a request about your data<\/a>/);
  });

  it('serves the confirmation page unindexed, confirming nothing until its button is pressed', async () => {
    const page = await get('/privacy-request/confirm?token=abc');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm your request</h1>');
    expect(page.body).toMatch(/<meta name="robots" content="noindex/);
  });
});
