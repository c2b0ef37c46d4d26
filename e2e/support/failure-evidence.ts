import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { openShoppers } from './browser';

/** Where a failed step's screenshots go (CI keeps .tmp). */
const FAILURES = join(import.meta.dirname, '..', '..', '.tmp', 'e2e-failures');

/**
 * A step that times out says only what it waited for. When one fails, this adds what each open shopper's page showed
 * at that moment, as a line starting "page:" (scripts/test.mjs prints it in the summary): its address, the dialogs
 * open and their words, the last answers that were refused, and its latest clicks (hydrated or not) and API calls. A screenshot of each page goes to .tmp/e2e-failures.
 */
beforeEach((context) => {
  context.onTestFailed(async ({ task }) => {
    const seen: string[] = [];
    let index = 0;
    for (const shopper of openShoppers) {
      index += 1;
      seen.push(await describePage(shopper.page, shopper.problems, shopper.recent, `${task.name}-${index}`));
    }
    const error = task.result?.errors?.[0];
    if (!error || seen.length === 0) return;
    const line = `page: ${seen.join(' | ')}`;
    error.message = `${error.message}\n${line}`;
    // Reporters print the stack, which begins with the message as it was.
    if (error.stack) error.stack = `${error.stack}\n${line}`;
  });
});

async function describePage(
  page: import('playwright-core').Page,
  problems: string[],
  recent: string[],
  name: string,
): Promise<string> {
  try {
    mkdirSync(FAILURES, { recursive: true });
    const file = join(FAILURES, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    const dialogs = await page
      .getByRole('dialog')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const words = dialogs.map((text) => text.replace(/\s+/g, ' ').trim().slice(0, 120));
    const refused = problems.slice(-3);
    return `${page.url()} dialogs=[${words.join('; ')}] problems=[${refused.join('; ')}] recent=[${recent.slice(-6).join('; ')}]`;
  } catch (err) {
    return `(could not read the page: ${err instanceof Error ? err.message : String(err)})`;
  }
}
