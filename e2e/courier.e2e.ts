import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../apps/api/src/dev/shiprocket-sandbox/sandbox.constants';
import { createShiprocketClient } from '../apps/api/src/modules/shiprocket/shiprocket.client';
import { openShopper, type Shopper } from './support/browser';
import { offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'courier';

/*
 * Shipping with the courier from the console (issue 33): the owner packs a guest's order and ships it with the courier
 * (the built-in Shiprocket sandbox); the sandbox reports a failed attempt through its tracking webhook, the parcel
 * shows in the Undelivered queue, the owner asks for another attempt (which the sandbox records and the order's history
 * tells), and the courier's next attempt delivers it; the order's Shipment panel follows each step. Each step is
 * looked at on a laptop and on a phone.
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
    // The courier's label comes through the shop (GET /admin/api/orders/:id/label.pdf): a PDF to print.
    const [label] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Label (PDF)' }).click(),
    ]);
    expect(label.suggestedFilename()).toBe(`kapaas-label-${orderId}.pdf`);
    expect((await readFile(await label.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await page.getByRole('button', { name: 'Ship with courier' }).count()).toBe(0);
    await lookAt(page, '2-shipped');
  });

  /** The courier reports `status` through the sandbox; the order's page, opened again, shows `words` in the panel. */
  async function advance(status: string, words: string, reason?: string) {
    const { page } = owner;
    const answer = await page.request.post('/sandbox/shiprocket/test/advance', {
      data: { awb, status, ...(reason ? { reason } : {}) },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    // The sandbox sends its webhook after answering: the page shows it once the shop has taken it.
    await expect
      .poll(async () => {
        await page.goto(`/admin/orders/${orderId}`);
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

  /** Tomorrow in India, as YYYY-MM-DD: the day the owner asks the courier to come again. */
  const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);

  it('the Undelivered queue lists the parcel with the shopper to call, the courier’s reason and the attempts', async () => {
    const { page } = owner;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Undelivered' }).click();
    await page.getByRole('heading', { level: 1, name: 'Undelivered parcels' }).waitFor();
    const parcel = page.getByRole('region', { name: `Order #${orderId}` });
    await parcel.waitFor();
    const text = (await parcel.textContent()) ?? '';
    expect(text).toContain('Asha Rao');
    expect(text).toContain('9876543210');
    expect(text).toContain('Customer not available');
    expect(text).toContain('1 failed attempt');
    expect(text).toContain(awb);
    await lookAt(page, '3a-undelivered-queue');
  });

  it('the owner asks for a re-attempt tomorrow at a new phone number: the sandbox records it, the history says so', async () => {
    const { page } = owner;
    const parcel = page.getByRole('region', { name: `Order #${orderId}` });
    await parcel.getByRole('button', { name: 'Re-attempt…' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`deliver order #${orderId} again\\?$`) });
    await dialog.getByLabel('Deliver on (optional)').fill(tomorrow);
    await dialog.getByLabel('Phone number (optional)').fill('12345');
    await dialog.getByRole('button', { name: 'Yes, try again' }).click();
    await dialog.getByText('A 10-digit mobile number.').waitFor();
    await dialog.getByLabel('Phone number (optional)').fill('9123456789');
    await lookAt(page, '3b-reattempt-dialog');
    await dialog.getByRole('button', { name: 'Yes, try again' }).click();
    await page
      .getByRole('status')
      .getByText(new RegExp(`^Asked .+ to try order #${orderId} again on ${tomorrow}\\.$`))
      .waitFor();
    await parcel.getByText(/Waiting for the courier’s next update/).waitFor();
    await lookAt(page, '3c-reattempt-asked');

    // The courier (the sandbox, through Shiprocket's NDR API) has the owner's answer and the new phone number.
    const courier = createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase: `${owner.baseUrl}/sandbox/shiprocket/v1/external`,
    });
    const ndr = (await courier.ndrList()).find((shipment) => shipment.awb === awb);
    expect(ndr?.customerPhone).toBe('9123456789');
    expect(ndr?.history.at(-1)?.comment).toContain(tomorrow);

    await page.goto(`/admin/orders/${orderId}`);
    await page
      .getByText(new RegExp(`to try the delivery again on ${tomorrow}, calling 9123456789 \\(AWB ${awb}\\)`))
      .waitFor();
    // The order's page: its Shipment panel and the history line of the owner's answer.
    await lookAt(page, '3d-reattempt-history');
  });

  it('the courier’s next attempt takes the parcel off the queue', async () => {
    await advance('out_for_delivery', 'Out for delivery');
    const { page } = owner;
    await expect
      .poll(async () => {
        await page.goto('/admin/undelivered');
        await page.getByRole('heading', { level: 1, name: 'Undelivered parcels' }).waitFor();
        await page
          .getByText(/No failed deliveries to act on|Order #/)
          .first()
          .waitFor();
        return page.getByRole('region', { name: `Order #${orderId}` }).count();
      })
      .toBe(0);
    await lookAt(page, '3e-queue-empty');
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
