import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { type GuestAddress, offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'print-labels';

/*
 * The day's printing (issue 33): a guest places two cash-on-delivery orders; the owner packs both and ships one with
 * the courier (the built-in Shiprocket sandbox). In the orders list the owner ticks both and prints their labels and
 * packing slips: one PDF with the courier's label and the slip of the first, and the slip alone of the second, no
 * prices on a slip. Looked at on a laptop and on a phone.
 */
describe('the owner prints the labels and packing slips of the chosen orders as one PDF', () => {
  let owner: Shopper;
  /** Two guests, one order each: the shop asks a new visitor once to log in or go on as a guest. */
  let guest: Shopper;
  let otherGuest: Shopper;
  const orderIds: string[] = [];
  let awb = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
    otherGuest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
    await otherGuest?.close();
  });

  const lookAt = (page: Page, step: string) => lookAtWidths(page, JOURNEY, step, [1366, 375]);

  const to = (firstName: string, phone: string): GuestAddress => ({
    firstName,
    lastName: 'Kulkarni',
    address: `${phone.slice(-2)} Law College Road`,
    pinCode: '411004',
    state: 'Maharashtra',
    city: 'Pune',
    phone,
    email: `${firstName.toLowerCase()}.kulkarni@example.in`,
  });

  /** In the console, the owner confirms the order when the shop asks for that, and packs it. */
  async function pack(page: Page, orderId: string) {
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('button', { name: /^(Confirm order|Mark packed)$/ }).waitFor();
    if ((await page.getByRole('button', { name: 'Confirm order' }).count()) > 0) {
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await page.getByText(new RegExp(`^Order #${orderId} is confirmed and ready to pack\\.`)).waitFor();
    }
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await page.getByText(new RegExp(`^Order #${orderId} is now packed\\.`)).waitFor();
  }

  it('two orders are packed, and the first is shipped with the courier', async () => {
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page);
    orderIds.push(await placeCodOrderAsGuest(guest.page, 1, to('Meera', '9822012345')));
    orderIds.push(await placeCodOrderAsGuest(otherGuest.page, 2, to('Kabir', '9822054321')));
    const { page } = owner;
    for (const orderId of orderIds) await pack(page, orderId);
    await page.goto(`/admin/orders/${orderIds[0]}`);
    await page.getByRole('button', { name: 'Ship with courier' }).click();
    const shipped = page.getByText(new RegExp(`^Order #${orderIds[0]} is shipped with .+: AWB \\w+\\.$`));
    await shipped.waitFor({ timeout: 20_000 });
    awb = /AWB (\w+)\.$/.exec((await shipped.textContent()) ?? '')?.[1] ?? '';
    expect(awb).not.toBe('');
  });

  it('ticks both in the orders list and prints one PDF: the label and slip of the first, the slip of the second', async () => {
    const { page } = owner;
    await page.goto('/admin/orders?status=');
    const bar = page.getByRole('region', { name: 'Print labels and packing slips' });
    await bar.getByText('Choose orders to print their labels and slips.').waitFor();
    for (const orderId of orderIds) await page.getByLabel(`Choose order #${orderId} to print`).check();
    await bar.getByText('2 orders chosen').waitFor();
    await lookAt(page, '1-chosen');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Print labels and slips' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kapaas-labels-and-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile(await download.path());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    const pages = text.map((page) => page.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain(awb);
    expect(pages[0]).toContain('Meera Kulkarni');
    expect(pages[0]).toContain('411004');
    expect(pages[1]).toContain(`Order #${orderIds[0]}`);
    expect(pages[2]).toContain(`Order #${orderIds[1]}`);
    expect(pages[2]).toContain('Kabir Kulkarni');
    for (const slip of [pages[1], pages[2]]) {
      expect(slip).toContain('Packing slip');
      expect(slip).toContain('1 piece in all');
      expect(slip).not.toMatch(/₹|Rs\.?\s|price|total/i);
    }
  });
});
