import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { placeUpiOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'reports';

/** India's today and the day `days` before it, as YYYY-MM-DD (the reports' calendar, whatever this machine's zone). */
function shopDay(daysBefore = 0): string {
  return new Date(Date.now() + 330 * 60_000 - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

/** A CSV's lines split into cells (the reports' files quote no cell in this journey's data). */
function csvCells(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The rows of the table named `caption` (shown or visually hidden), each as its cells' text. */
function tableCells(page: Page, caption: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: caption })
    .evaluate((table) =>
      [...table.querySelectorAll('tr')].map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
      ),
    );
}

/** A table's cell as the CSV writes it: "₹1,299.5" and "1299.50" are the same number, "—" is an empty cell. */
function same(value: string): string | number {
  if (value === '—' || value === '') return '';
  const bare = value.replace(/[₹,%↑↓]/g, '').trim();
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : bare;
}

/** The report's tabs with the section each opens on. */
const TABS: [tab: string, section: string][] = [
  ['Payments', 'Prepaid and cash on delivery'],
  ['Products', 'Products'],
  ['Sizes & returns', 'Returns and exchanges by reason'],
  ['Fit', 'Runs small or large'],
  ['Stock', 'Stock per size'],
  ['Tax', 'GST by month'],
  ['Coupons', 'Coupons used'],
];

describe('the owner reads the shop’s reports', () => {
  let owner: Shopper;
  let guest: Shopper;

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 1366, height: 900 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
  });

  it('a guest pays for an order by UPI, so today has a sale', async () => {
    const orderId = await placeUpiOrderAsGuest(guest.page, 4, {
      firstName: 'Meenakshi',
      lastName: 'Iyer',
      address: '4 Temple Street',
      pinCode: '600004',
      state: 'Tamil Nadu',
      city: 'Chennai',
      phone: '9840012345',
      email: 'meenakshi@example.in',
    });
    expect(orderId).not.toBe('');
  });

  it('opens Reports from the menu, and today’s sales count the order, with a chart at 1366 and 375 px', async () => {
    const { page } = owner;
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('Period').selectOption({ label: 'Today' });
    await page.waitForURL((url) => url.searchParams.get('period') === 'today');
    const orders = page.locator('.stat').filter({ has: page.getByRole('heading', { name: 'Orders', exact: true }) });
    await expect
      .poll(async () => Number((await orders.locator('.stat__value').textContent())?.split(' ')[0]))
      .toBeGreaterThanOrEqual(1);
    await page.getByRole('img', { name: 'Revenue over time' }).waitFor();
    await lookAtWidths(page, JOURNEY, 'sales-today', [1366, 375]);
  });

  it('switches to the last 7 days by week, and downloads a CSV holding exactly the table', async () => {
    const { page } = owner;
    await page.getByLabel('Period').selectOption({ label: 'Last 7 days' });
    await page.waitForURL((url) => url.searchParams.get('period') === '7d');
    await page.getByText(/compared with/).waitFor();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => page.locator('.report-body--stale').count()).toBe(0);
    await lookAtWidths(page, JOURNEY, 'sales-7-days-by-week', [1366, 375]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Revenue over time' }).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kapaas-sales-${shopDay(6)}-${shopDay()}.csv`);
    const csv = csvCells(await readFile(await download.path(), 'utf8'));
    const table = await tableCells(page, 'Revenue over time');
    expect(csv[0]).toEqual(['Week from', 'Revenue (₹)', 'Orders', 'Units']);
    expect(csv.map((row) => row.map(same))).toEqual(table.map((row) => row.map(same)));
    expect(csv.slice(1).reduce((sum, row) => sum + Number(row[2]), 0)).toBeGreaterThanOrEqual(1);
  });

  it.each(TABS)('opens %s for the same period, and looks at it at 1366 and 375 px', async (tab, section) => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: tab }).click();
    await page.waitForURL((url) =>
      url.pathname.endsWith(`/${tab === 'Sizes & returns' ? 'returns' : tab.toLowerCase()}`),
    );
    expect(new URL(page.url()).searchParams.get('period')).toBe('7d');
    await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    await expect.poll(() => page.locator('.report-body--stale').count()).toBe(0);
    expect(await page.getByRole('alert').count(), `${tab} shows an error`).toBe(0);
    await lookAtWidths(page, JOURNEY, tab, [1366, 375]);
  });

  it('met no error on the way', () => {
    expect(owner.problems).toEqual([]);
  });
});
