import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { signInToConsole } from './support/cod-order';
import { expectNoSeriousA11yViolations, lookAtWidths, SCREENSHOT_DIR, snap } from './support/evidence';

const JOURNEY = 'catalogue-import';
/** A word only this journey's products carry: the shop's other journeys' products are left alone. */
const WORD = `imp${randomUUID().slice(0, 6)}`;
/** Where the import page's screenshots are also kept, to be looked at (issue 39). */
const SCREENS = resolve(import.meta.dirname, '../.tmp/screens');

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status';

/**
 * A Shopify export of two products with Shopify's own size names ("0-3 Months"): a kurta of two sizes, and a jhabla
 * whose price is `jhablaPrice` (the first upload says 'abc', which the dry run refuses on row 4).
 */
function shopifyCsv(jhablaPrice: string): string {
  return [
    HEADER,
    `${WORD}-kurta,${WORD} Mulmul Kurta,<p>Soft mulmul.</p>,Kapaas,Jhablas & Tops > Kurtas,summer,TRUE,Size,0-3 Months,${WORD}-K-03,5,799.00,999.00,active`,
    `${WORD}-kurta,,,,,,,,3-6 Months,${WORD}-K-36,3,799.00,999.00,`,
    `${WORD}-jhabla,${WORD} Cotton Jhabla,<p>Airy cotton.</p>,Kapaas,Jhablas & Tops > Kurtas,,TRUE,Size,0-3 Months,${WORD}-J-03,4,${jhablaPrice},,active`,
    '',
  ].join('\n');
}

/** Products of the file with pictures: each picture is converted as an upload is, which is what makes it take seconds. */
const PICTURED = 40;
const PICTURED_ROWS = PICTURED * 5;

/** A file of PICTURED products of five sizes, each with a picture in the ZIP sent with it. */
function picturedCsv(): string {
  const sizes = ['0-3 Months', '3-6 Months', '6-12M', '12-18M', '18-24M'];
  const header = `${HEADER},Image Src,Image Position`;
  const lines = [header];
  for (let p = 0; p < PICTURED; p += 1) {
    for (const [s, size] of sizes.entries()) {
      const product = s === 0 ? `${WORD} Pictured ${p},,Kapaas,Jhablas & Tops > Kurtas,,TRUE,Size` : ',,,,,,';
      const picture = s === 0 ? `pictured-${p}.jpg,1` : ',';
      lines.push(`${WORD}-pictured-${p},${product},${size},${WORD}-P-${p}-${s},2,499.00,,,${picture}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A JPEG of 900 × 1200 px of one colour, drawn by the browser. */
async function jpegOf(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(900, 1200);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = fill;
    context.fillRect(0, 0, 900, 1200);
    context.fillStyle = '#f4ede1';
    context.fillRect(150, 200, 600, 800);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, colour);
  return Buffer.from(base64, 'base64');
}

/** A ZIP of the files as they are (method 0, "stored"), which the import reads as any ZIP. */
function storedZip(files: { name: string; bytes: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const size = file.bytes.length;
    const crc = crc32(file.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, file.bytes);
    directory.push(central, name);
    offset += 30 + name.length + size;
  }
  const listed = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(listed.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, listed, end]);
}

const SIZE_MAP = '{"0-3 Months": "0-3M", "3-6 Months": "3-6M"}';

async function upload(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel(/Product CSV/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

/** Keeps a copy of the journey's screenshot of `step` under .tmp/screens. */
function keep(step: string): void {
  mkdirSync(SCREENS, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${JOURNEY}--${step}.png`), join(SCREENS, `${JOURNEY}--${step}.png`));
}

/** The report's table as text: each row's cells. */
/**
 * The page's problems, less the console's polls of the import's progress made before the server had started it (404,
 * "no import of this file has started", which the page takes as "sending") and Chromium's console line for each.
 */
function problemsOf(shopper: Shopper, from = 0): string[] {
  const problems = shopper.problems.slice(from);
  const early = problems.filter((p) => /^404 .*\/admin\/api\/imports\/progress\?/.test(p));
  let lines = early.length;
  return problems.filter((p) => {
    if (early.includes(p)) return false;
    if (lines > 0 && p.startsWith('console: Failed to load resource') && p.includes('404')) {
      lines -= 1;
      return false;
    }
    return true;
  });
}

const tableOf = (page: Page) =>
  page
    .getByRole('region', { name: 'Import report' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

describe('the owner moves a Shopify catalogue in: dry run, refused row fixed, import, product on sale', () => {
  let owner: Shopper;

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    await signInToConsole(owner.page);
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('reads the dry run, downloads the refused row, uploads the fixed file, imports, and finds the product', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import products', level: 1 }).waitFor();

    await upload(page, 'shopify-products.csv', shopifyCsv('abc'));
    await page.getByLabel(/Size names/).fill(SIZE_MAP);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await report
      .getByText(
        'Dry run, nothing written: 1 product to create, 0 to update, 0 unchanged, 1 refused (1 of 3 rows refused).',
      )
      .waitFor();
    expect(await tableOf(page)).toEqual([
      ['4', `${WORD}-jhabla`, 'Refused', "Variant Price: 'abc' is not an amount."],
      ['2', `${WORD}-kurta`, 'Created', ''],
      ['3', `${WORD}-kurta`, 'Created', ''],
    ]);
    await lookAtWidths(page, JOURNEY, '1-dry-run', [1366, 375]);
    keep('1-dry-run-1366');
    keep('1-dry-run-375');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download the refused rows (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kapaas-import-\d+-rejected\.csv$/);
    const refused = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(refused).toEqual([
      `${HEADER},error`,
      `${WORD}-jhabla,${WORD} Cotton Jhabla,<p>Airy cotton.</p>,Kapaas,Jhablas & Tops > Kurtas,,TRUE,Size,0-3 Months,${WORD}-J-03,4,abc,,active,Variant Price: 'abc' is not an amount.`,
    ]);

    // The owner fixes the price and uploads the file again: a new file asks for a new dry run.
    await upload(page, 'shopify-products-fixed.csv', shopifyCsv('650.00'));
    await expect.poll(() => report.count()).toBe(0);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await report
      .getByText(
        'Dry run, nothing written: 2 products to create, 0 to update, 0 unchanged, 0 refused (0 of 3 rows refused).',
      )
      .waitFor();
    expect(await report.getByRole('button', { name: /Download the refused rows/ }).count()).toBe(0);
    expect((await tableOf(page)).map((cells) => cells[3])).toEqual(['', '', '']);
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await report
      .getByText('Imported: 2 products created, 0 updated, 0 unchanged, 0 refused (0 of 3 rows refused).')
      .waitFor();
    await snap(page, JOURNEY, '2-imported-1366');
    keep('2-imported-1366');

    await page.getByRole('link', { name: 'All products' }).click();
    await page.getByLabel('Search products').fill(WORD);
    await page.getByLabel('Search products').press('Enter');
    await page.getByRole('row', { name: new RegExp(`${WORD} Cotton Jhabla.*₹650`) }).waitFor();
    await page.getByRole('row', { name: new RegExp(`${WORD} Mulmul Kurta.*₹799`) }).waitFor();

    await page.getByRole('link', { name: `${WORD} Mulmul Kurta` }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const id = /\/products\/(\d+)$/.exec(page.url())?.[1];
    expect(id, 'the imported kurta has an id').toBeDefined();
    await page.goto(`/product-detail/${id}`);
    await page.getByRole('heading', { name: `${WORD} Mulmul Kurta`, level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(problemsOf(owner)).toEqual([]);
  });

  it('shows the progress of a file with pictures while it is checked: a bar with the rows done and its words', async () => {
    const { page } = owner;
    const before = owner.problems.length;
    const csv = picturedCsv();
    const colours = ['#c4673f', '#0f766e', '#6c4f9e', '#d4a017'];
    const pictures: { name: string; bytes: Buffer }[] = [];
    for (let p = 0; p < PICTURED; p += 1) {
      pictures.push({ name: `pictured-${p}.jpg`, bytes: await jpegOf(page, colours[p % colours.length] ?? '#000') });
    }
    const zip = storedZip(pictures);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/admin/products/import');
      await upload(page, 'pictured.csv', csv);
      await page
        .getByLabel(/Pictures \(a ZIP/)
        .setInputFiles({ name: 'pictures.zip', mimeType: 'application/zip', buffer: zip });
      await page.getByLabel(/Size names/).fill(SIZE_MAP);
      await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
      const bar = page.getByRole('progressbar', { name: 'Import progress' });
      // Polled once a second: the bar takes a value once the server has read the file; its pictures take seconds.
      await page.locator('[role=progressbar][aria-valuenow]').waitFor({ timeout: 60_000 });
      // Seen at once (the next poll may move it): the bar's value, its words, and the words shown under it.
      const shown = await bar.evaluate((element) => ({
        now: Number(element.getAttribute('aria-valuenow')),
        max: Number(element.getAttribute('aria-valuemax')),
        words: element.getAttribute('aria-valuetext'),
        text: element.nextElementSibling?.textContent,
      }));
      // The viewport only: a full page's screenshot takes long enough for the check to end meanwhile.
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: join(SCREENS, `${JOURNEY}--3-progress-${width}.png`) });
      expect(shown.max).toBe(PICTURED_ROWS);
      expect(shown.now).toBeLessThanOrEqual(PICTURED_ROWS);
      expect([
        `${shown.now} of ${PICTURED_ROWS} rows checked`,
        `Taking the pictures: ${shown.now} of ${PICTURED_ROWS} rows done`,
      ]).toContain(shown.words);
      expect(shown.text).toBe(shown.words);
      await page
        .getByRole('region', { name: 'Import report' })
        .getByText(
          `Dry run, nothing written: ${PICTURED} products to create, 0 to update, 0 unchanged, 0 refused (0 of ${PICTURED_ROWS} rows refused).`,
        )
        .waitFor({ timeout: 120_000 });
      expect(await bar.count()).toBe(0);
    }
    expect(problemsOf(owner, before)).toEqual([]);
  }, 240_000);
});
