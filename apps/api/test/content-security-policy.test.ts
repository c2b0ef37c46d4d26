import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_STYLES } from '../src/dev/razorpay-sandbox/checkout-script';
import { builtStorefront, startTestShop, type TestShop } from './shop';

// The shop's pages carry no inline style, so their policy allows none: an injected <style> (which can read
// attribute values out through selectors) or style attribute does nothing. The console keeps style attributes
// alone, for the messages it previews (ADR 038).

let shop: TestShop;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kapaas-csp-'));
  const admin = join(root, 'admin');
  await mkdir(admin, { recursive: true });
  await writeFile(join(admin, 'index.html'), '<!doctype html><title>Kapaas admin</title><div id="root"></div>');
  shop = await startTestShop({ storefrontDist: builtStorefront(), adminDist: admin });
});
afterAll(async () => {
  await shop?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });

/** A policy's directives by name, each with its sources. */
function directives(policy: unknown): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const directive of String(policy).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

/** The sources a policy allows for style elements and for style attributes, with CSP's fallbacks. */
function styleSources(policy: unknown): { elements: string[]; attributes: string[] } {
  const parsed = directives(policy);
  const style = parsed.get('style-src') ?? parsed.get('default-src') ?? [];
  return { elements: parsed.get('style-src-elem') ?? style, attributes: parsed.get('style-src-attr') ?? style };
}

/** Every storefront address the sitemap lists, with the pages it leaves out for being personal or empty. */
async function storefrontPaths(): Promise<string[]> {
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.statusCode).toBe(200);
  const listed = [...sitemap.body.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map(([, path]) => path ?? '/');
  expect(listed.length).toBeGreaterThan(50);
  return [...listed, '/shoping-cart', '/Login-Page', '/no-such-page'];
}

describe('the storefront', () => {
  it('renders no inline style: no <style> element and no style attribute, on every page', async () => {
    const found: string[] = [];
    for (const path of await storefrontPaths()) {
      const page = await get(path);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      for (const [inline] of page.body.matchAll(/<style\b[^>]*>|<[^>]+\sstyle=("[^"]*"|'[^']*')/g)) {
        found.push(`${path}: ${inline.slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("allows no inline style in the pages' Content-Security-Policy, and no inline script", async () => {
    for (const path of ['/', '/about', '/no-such-page', '/media/nothing.png']) {
      const policy = (await get(path)).headers['content-security-policy'];
      expect(styleSources(policy), path).toEqual({ elements: ["'self'"], attributes: ["'self'"] });
      expect(directives(policy).get('script-src'), path).not.toContain("'unsafe-inline'");
    }
  });
});

describe('the admin console', () => {
  it('allows style attributes, which the messages it previews carry, and no <style> element', async () => {
    const console = await get('/admin/messages-sent/1');
    expect(console.statusCode).toBe(200);
    expect(styleSources(console.headers['content-security-policy'])).toEqual({
      elements: ["'self'"],
      attributes: ["'unsafe-inline'"],
    });
  });
});

describe('the API documentation at /api/docs', () => {
  it('allows no inline style', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    const { elements, attributes } = styleSources(docs.headers['content-security-policy']);
    expect(elements).not.toContain("'unsafe-inline'");
    expect(attributes).not.toContain("'unsafe-inline'");
  });
});

describe("the payment sandbox's card dialog", () => {
  it('brings its styles as a stylesheet, for a browser that cannot build one in script', async () => {
    const sheet = await get('/sandbox/razorpay/checkout.css');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.body).toBe(CHECKOUT_STYLES);
    const script = (await get('/sandbox/razorpay/checkout.js')).body;
    expect(script).toContain(JSON.stringify(CHECKOUT_STYLES));
    expect(script).not.toMatch(/setAttribute\('style'|createElement\('style'\)|el\('style'/);
  });
});
