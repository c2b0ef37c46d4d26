import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'courier';

/*
 * Shipping with the courier from the console (issue 33): the owner packs a guest's order and ships it with the courier
 * (the built-in Shiprocket sandbox); the sandbox reports a failed attempt, then the delivery, through its tracking
 * webhooks, and the order's Shipment panel says so. Each step is looked at on a laptop and on a phone.
 */
describe('the owner ships an order with the courier, and the courier’s tracking moves it to delivered', () => {
  let owner: Shopper;
  let guest: Shopper;
  let orderId = '';
  let awb = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
  });

  const lookAt = (page: Page, step: string) => lookAtWidths(page, JOURNEY, step, [1366, 375]);

  const shipmentPanel = (page: Page) =>
    page.locator('.card', { has: page.getByRole('heading', { name: 'Shipment', exact: true }) });

  it('a guest orders with cash on delivery to Pune, and the owner packs it: "Ship with courier" beside "Mark shipped"', async () => {
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page);
    orderId = await placeCodOrderAsGuest(guest.page, 1, {
      firstName: 'Asha',
      lastName: 'Rao',
      address: '12 MG Road',
      pinCode: '411001',
      state: 'Maharashtra',
      city: 'Pune',
      phone: '9876543210',
      email: 'asha.rao@example.in',
    });

    const { page } = owner;
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('button', { name: /^(Confirm order|Mark packed)$/ }).waitFor();
    if ((await page.getByRole('button', { name: 'Confirm order' }).count()) > 0) {
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await page.getByText(new RegExp(`^Order #${orderId} is confirmed and ready to pack\\.`)).waitFor();
    }
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await page.getByText(new RegExp(`^Order #${orderId} is now packed\\.`)).waitFor();
    await page.getByRole('button', { name: 'Ship with courier' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark shipped' }).isEnabled()).toBe(true);
    await lookAt(page, '1-packed');
  });

  it('ships it with the courier: the order is shipped, and its Shipment panel gives the courier, the AWB and links', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Ship with courier' }).click();
    const shipped = page.getByText(new RegExp(`^Order #${orderId} is shipped with .+: AWB \\w+\\.$`));
    await shipped.waitFor({ timeout: 20_000 });
    awb = /AWB (\w+)\.$/.exec((await shipped.textContent()) ?? '')?.[1] ?? '';
    expect(awb).not.toBe('');
    const panel = shipmentPanel(page);
    await panel.getByText(awb).waitFor();
    await panel.getByText('Booked: waiting for pickup').waitFor();
    expect(await panel.getByRole('link', { name: /Track/ }).getAttribute('rel')).toBe('noopener noreferrer');
    const label = panel.getByRole('link', { name: /Label/ });
    expect(await label.getAttribute('target')).toBe('_blank');
    // The courier's label is a PDF the owner can open and print.
    const pdf = await page.request.get((await label.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(await page.getByRole('button', { name: 'Ship with courier' }).count()).toBe(0);
    await lookAt(page, '2-shipped');
  });

  /** The courier reports `status` through the sandbox; the order's page, reloaded, shows `words` in the panel. */
  async function advance(status: string, words: string, reason?: string) {
    const { page } = owner;
    const answer = await page.request.post('/sandbox/shiprocket/test/advance', {
      data: { awb, status, ...(reason ? { reason } : {}) },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    // The sandbox sends its webhook after answering: the page shows it once the shop has taken it.
    await expect
      .poll(async () => {
        await page.reload();
        const panel = shipmentPanel(page);
        await panel.waitFor();
        return panel.textContent();
      })
      .toContain(words);
  }

  it('a failed delivery attempt shows as undelivered, with the attempt count and the courier’s reason', async () => {
    await advance('out_for_delivery', 'Out for delivery');
    await advance(
      'undelivered',
      'Undelivered: 1 failed attempt. The courier says: “Customer not available”',
      'Customer not available',
    );
    await lookAt(owner.page, '3-undelivered');
  });

  it('the courier delivers it: the parcel and the order are delivered, and the cash is to be recorded', async () => {
    await advance('delivered', 'Delivered');
    const { page } = owner;
    await page.getByRole('button', { name: 'Record cash collected' }).waitFor();
    expect(await page.getByText('Delivered', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await lookAt(page, '4-delivered');
  });

  it('a PIN code the courier does not serve: the server’s reason is shown, and the order stays packed', async () => {
    // In the sandbox no courier serves PIN codes starting with 79 (ADR 045); the shop's own zones still take the order.
    const other = await openShopper({ width: 375, height: 812 });
    try {
      const refusedId = await placeCodOrderAsGuest(other.page, 1, {
        firstName: 'Thoibi',
        lastName: 'Devi',
        address: 'Paona Bazar',
        pinCode: '795001',
        state: 'Manipur',
        city: 'Imphal',
        phone: '9612012345',
        email: 'thoibi@example.in',
      });
      const { page } = owner;
      await page.goto(`/admin/orders/${refusedId}`);
      await page.getByRole('button', { name: /^(Confirm order|Mark packed)$/ }).waitFor();
      if ((await page.getByRole('button', { name: 'Confirm order' }).count()) > 0) {
        await page.getByRole('button', { name: 'Confirm order' }).click();
        await page.getByText(new RegExp(`^Order #${refusedId} is confirmed and ready to pack\\.`)).waitFor();
      }
      await page.getByRole('button', { name: 'Mark packed' }).click();
      await page.getByText(new RegExp(`^Order #${refusedId} is now packed\\.`)).waitFor();
      await page.getByRole('button', { name: 'Ship with courier' }).click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor({ timeout: 20_000 });
      expect(await refusal.textContent()).toMatch(/795001/);
      await lookAt(page, '5-refused');
      await page.reload();
      await page.getByRole('button', { name: 'Ship with courier' }).waitFor();
      await page.getByText('Packed', { exact: true }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Shipment', exact: true }).count()).toBe(0);
      // The owner can still ship it by hand.
      expect(await page.getByRole('button', { name: 'Mark shipped' }).isEnabled()).toBe(true);
    } finally {
      await other.close();
    }
  });
});
