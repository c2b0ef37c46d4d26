import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'shopper-tracking';
const PHONE = '9812345670';

/*
 * The shopper sees the parcel (issue 33, item 5): the owner ships a guest's order with the courier (the built-in
 * Shiprocket sandbox); the guest's order page shows the timeline, which grows after a sandbox advance; the public
 * /track page answers the same to the order number and the phone number. Looked at on a phone and on a laptop.
 */
describe('the shopper follows the parcel on the order page and on /track', () => {
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

  const lookAt = (page: Page, step: string) => lookAtWidths(page, JOURNEY, step, [375, 1366]);

  const timeline = (page: Page) => page.getByRole('region', { name: /^Shipment: / });

  it('the owner ships a guest’s cash-on-delivery order with the courier', async () => {
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page);
    orderId = await placeCodOrderAsGuest(guest.page, 1, {
      firstName: 'Meera',
      lastName: 'Iyer',
      address: '4 Residency Road',
      pinCode: '560025',
      state: 'Karnataka',
      city: 'Bengaluru',
      phone: PHONE,
      email: 'meera.iyer@example.in',
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
    await page.getByRole('button', { name: 'Ship with courier' }).click();
    const shipped = page.getByText(new RegExp(`^Order #${orderId} is shipped with .+: AWB \\w+\\.$`));
    await shipped.waitFor({ timeout: 20_000 });
    awb = /AWB (\w+)\.$/.exec((await shipped.textContent()) ?? '')?.[1] ?? '';
    expect(awb).not.toBe('');
  });

  /** The courier reports `status` through the sandbox; the guest's order page, reloaded, shows `words`. */
  async function advance(status: string, words: string) {
    const answer = await owner.page.request.post('/sandbox/shiprocket/test/advance', { data: { awb, status } });
    expect(answer.status(), await answer.text()).toBe(200);
    const { page } = guest;
    await expect
      .poll(async () => {
        await page.reload();
        await timeline(page).waitFor();
        return timeline(page).textContent();
      })
      .toContain(words);
  }

  it('the guest’s order page shows the courier, the AWB and the timeline, which grows as the courier moves it', async () => {
    const { page } = guest;
    await page.goto(`/order-detail/${orderId}`);
    await timeline(page).waitFor();
    expect(await timeline(page).textContent()).toContain(awb);
    expect(await timeline(page).textContent()).toContain('The courier has not picked up the parcel yet.');
    await advance('picked_up', 'Picked up by the courier');
    await advance('in_transit', 'On its way');
    await advance('out_for_delivery', 'Out for delivery');
    const steps = timeline(page).getByRole('list', { name: 'Shipment progress' }).getByRole('listitem');
    expect(await steps.count()).toBe(3);
    expect(await steps.first().textContent()).toMatch(/^Picked up by the courier.* IST/);
    await lookAt(page, '1-order-page');
  });

  it('/track, from the footer, answers the order number and phone with the same timeline; a wrong phone is refused', async () => {
    const { page } = guest;
    await page.goto('/');
    await page.getByRole('link', { name: 'Track Your Order' }).click();
    await page.waitForURL(/\/track$/);
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByText('Enter your order number: the digits after # in your order e-mail.').waitFor();
    await lookAt(page, '2-track-errors');

    await page.getByLabel('Order number').fill(orderId);
    await page.getByLabel('Phone number').fill('9000000001');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByText('We found no order with this order number and phone number.').waitFor();

    await page.getByLabel('Phone number').fill(PHONE);
    await page.getByRole('button', { name: 'Track' }).click();
    await timeline(page).waitFor();
    expect(await timeline(page).getByRole('listitem').count()).toBe(3);
    expect(await page.getByText('Meera').count()).toBe(0);
    await lookAt(page, '3-track-answer');
  });
});
