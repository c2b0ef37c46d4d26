import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROME_PATH } from './web-lighthouse';
import type { PageKind } from './web-options';
import type { StorefrontPage } from './web-pages';

/**
 * Lighthouse's mobile preset: a Moto G Power's screen, and a CPU four times slower than this one unless the bench is
 * told another factor (`--cpu-slowdown`). The slowdown is
 * Chromium's own (the DevTools protocol's Emulation.setCPUThrottlingRate), applied to every page before it loads.
 */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The Event Timing API's smallest threshold: an interaction answered faster than this is not reported at all. */
const EVENT_TIMING_FLOOR_MS = 16;
/** How long to wait for web-vitals to report after the interaction's effect is on the screen. */
const REPORT_WAIT_MS = 3000;

/** One interaction a shopper makes, on one kind of page, and what shows that it was answered. */
interface Interaction {
  name: string;
  page: PageKind;
  act(page: Page): Promise<void>;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: 'open the menu',
    page: 'home',
    act: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'choose a size',
    page: 'product',
    act: async (page) => {
      // The first size in stock is chosen already (product.md §5): the shopper picks another.
      const size = page.locator('.size-picker__option:not([disabled]):not([aria-pressed="true"])').first();
      await size.tap();
      await page.locator('.size-picker__option[aria-pressed="true"]').first().waitFor();
    },
  },
  {
    name: 'add to cart',
    page: 'product',
    act: async (page) => {
      // As a guest the item is added at once (product.md §5) and the shop says so in a popup.
      await page.getByRole('button', { name: 'Add To Cart' }).tap();
      await page.getByRole('dialog').waitFor();
    },
  },
];

/** One interaction's runs: INP in ms as web-vitals reported it, or null when under the Event Timing floor. */
export interface InteractionResult {
  name: string;
  page: PageKind;
  url: string;
  runs: (number | null)[];
  /** The median run (null counts as below every measured one). */
  medianMs: number | null | undefined;
  errors: string[];
}

/** The page script that loads web-vitals (its IIFE build, from node_modules) and keeps its latest INP report. */
async function webVitalsScript(): Promise<string> {
  // The package exports no IIFE path: its main file (web-vitals.umd.cjs, for require) sits beside the IIFE build.
  const file = join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js');
  const library = await readFile(file, 'utf8');
  return `${library}
;webVitals.onINP((metric) => { window.__benchInp = metric.value; },
  { reportAllChanges: true, durationThreshold: ${EVENT_TIMING_FLOOR_MS} });`;
}

/**
 * Each interaction `runs` times, each on a freshly loaded page in a phone-sized Chromium with its CPU slowed
 * `cpuSlowdown` times (Lighthouse's preset unless asked), the tap made as soon as the page is hydrated (`<html data-hydrated>`, ADR 031). A guest session is started first
 * (Add To Cart, then Proceed as Guest), so that "add to cart" adds rather than asking who the shopper is.
 */
export async function measureInteractions(
  pages: StorefrontPage[],
  runs: number,
  cpuSlowdown: number,
): Promise<InteractionResult[]> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
  });
  try {
    const context = await browser.newContext(PHONE);
    await context.addInitScript({ content: await webVitalsScript() });
    const results: InteractionResult[] = [];
    const product = pages.find((p) => p.kind === 'product');
    if (product) await startGuest(context, product.url);
    for (const interaction of INTERACTIONS) {
      const page = pages.find((p) => p.kind === interaction.page);
      if (page) results.push(await measureOne(context, interaction, page.url, runs, cpuSlowdown));
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function measureOne(
  context: BrowserContext,
  interaction: Interaction,
  url: string,
  runs: number,
  cpuSlowdown: number,
): Promise<InteractionResult> {
  const result: InteractionResult = {
    name: interaction.name,
    page: interaction.page,
    url,
    runs: [],
    medianMs: undefined,
    errors: [],
  };
  for (let i = 0; i < runs; i++) {
    try {
      result.runs.push(await oneRun(context, interaction, url, cpuSlowdown));
    } catch (error) {
      result.errors.push((error as Error).message.split('\n')[0] ?? 'failed');
    }
  }
  result.medianMs = medianOf(result.runs);
  return result;
}

async function oneRun(
  context: BrowserContext,
  interaction: Interaction,
  url: string,
  cpuSlowdown: number,
): Promise<number | null> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await interaction.act(page);
    // web-vitals reports once the interaction's next frame is painted; an answer under the floor is never reported.
    const reported = await page
      .waitForFunction(() => (globalThis as { __benchInp?: number }).__benchInp, undefined, { timeout: REPORT_WAIT_MS })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    return typeof reported === 'number' ? reported : null;
  } finally {
    await page.close();
  }
}

async function startGuest(context: BrowserContext, productUrl: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(productUrl, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page
      .getByRole('dialog', { name: 'Login or continue as a Guest' })
      .getByRole('button', { name: 'Proceed as Guest' })
      .click();
    await page.getByRole('dialog').getByText('You are logged in as a Guest.').waitFor();
  } finally {
    await page.close();
  }
}

/** The median of the runs, a run under the floor (null) sorting below every measured one; undefined for none. */
export function medianOf(runs: (number | null)[]): number | null | undefined {
  if (runs.length === 0) return undefined;
  const sorted = [...runs].sort((a, b) => (a ?? -1) - (b ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

export const interactionFloorMs = EVENT_TIMING_FLOOR_MS;
