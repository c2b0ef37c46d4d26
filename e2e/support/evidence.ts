import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoOverflow } from './shop';

/** Screenshots of every journey step are kept here as test artefacts. */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../.tmp/e2e-screenshots');

/** Saves a screenshot of the page as `<journey>--<step>.png`. */
export async function snap(page: Page, journey: string, step: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const safe = (text: string) => text.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${safe(journey)}--${safe(step)}.png`), fullPage: true });
}

/**
 * Runs axe on the page and fails on any serious or critical violation, naming each. The pointer is moved off the page
 * and running transitions are let finish first: a button caught halfway through its hover colours (the pointer left
 * where the last click was) is not what anyone reads.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious).toEqual([]);
}

const HEIGHT: Record<number, number> = { 375: 812, 1366: 900 };

/**
 * Looks at the page at each width in turn: nothing serious for axe, no sideways scroll on the phone (375 px), and a
 * screenshot `<step>-<width>`; then leaves it at the first width.
 */
export async function lookAtWidths(
  page: Page,
  journey: string,
  step: string,
  widths: readonly number[],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
    await expectNoSeriousA11yViolations(page);
    if (width === 375) await expectNoOverflow(page);
    await snap(page, journey, `${step}-${width}`);
  }
  const first = widths[0] ?? 1366;
  await page.setViewportSize({ width: first, height: HEIGHT[first] ?? 900 });
}
