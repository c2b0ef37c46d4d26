import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { shopUrl } from './shop-url';

/** Debian's Chromium; browser downloads do not work on this kind of machine. */
export const CHROMIUM = '/usr/bin/chromium';

/** Flags that keep Chromium from reaching for the network it does not have. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Shopper {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Console errors and failed requests seen so far, to assert a clean page. */
  problems: string[];
  /** The page's latest clicks and API calls, for a failed step's evidence. */
  recent: string[];
  close(): Promise<void>;
}

/**
 * After `goto` and `reload`, waits until a storefront page is hydrated (`<html data-hydrated>`): its scripts start after
 * the first paint, and a button pressed before React has taken over the server's HTML does nothing yet. Pages that
 * are not React Router documents (the console, the sandbox, robots.txt) are returned as soon as they load.
 */
export function waitForHydration(page: Page): void {
  const hydrated = async () => {
    const isStorefront = await page.evaluate(() => 'window' in globalThis && '__reactRouterContext' in window);
    if (isStorefront) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** The shoppers whose browsers are open now: a failed step describes what their pages showed (failure-evidence.ts). */
export const openShoppers = new Set<Shopper>();

/**
 * A shopper in a fresh browser profile, at a given viewport, on this worker's shop, or on `baseUrl` (a journey's own
 * shop process, support/mail-shop.ts).
 */
export async function openShopper(viewport = { width: 1280, height: 900 }, baseUrl = shopUrl()): Promise<Shopper> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  waitForHydration(page);
  const problems: string[] = [];
  // A refusal by the Content-Security-Policy is a problem even when the page's code catches it.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  // What the page did lately, for a failed step's evidence (failure-evidence.ts): the clicks it received, whether
  // React had hydrated it then, and the API calls with their answers.
  await context.addInitScript(() =>
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target.closest('button, a') : null;
        const words = (target?.textContent ?? '').trim().slice(0, 30);
        const hydrated = document.documentElement.dataset.hydrated === 'true';
        console.debug(`kp-click: ${target?.tagName ?? 'none'} "${words}" hydrated=${hydrated}`);
      },
      true,
    ),
  );
  const recent: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('kp-click: ')) recent.push(message.text());
  });
  // A request the browser gave up (most often one a navigation cancelled) is evidence, not a problem of the page.
  page.on('requestfailed', (request) =>
    recent.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`),
  );
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/api/')) return;
    const response = await request.response().catch(() => null);
    recent.push(`${request.method()} ${new URL(request.url()).pathname} ${response?.status() ?? '?'}`);
  });
  const shopper: Shopper = {
    browser,
    context,
    page,
    baseUrl,
    problems,
    recent,
    close: () => {
      openShoppers.delete(shopper);
      return browser.close();
    },
  };
  openShoppers.add(shopper);
  return shopper;
}
