import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { addAsGuest, expectNoOverflow } from './support/shop';

const JOURNEY = 'cod';
/** A parent in Tezpur, Assam: the remote zone for the demo shop, registered in Maharashtra. */
const TEZPUR = '784001';

describe('cash on delivery: the owner turns it on, a guest in Assam pays at the door, the owner confirms and records the cash', () => {
  let owner: Shopper;
  let guest: Shopper;
  let orderId = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
  });

  it('the owner offers cash on delivery in the settings, confirming orders above ₹500 by phone', async () => {
    const { page } = owner;
    await page.goto('/admin');
    await page.getByLabel('E-mail').fill('admin@kapaas.local');
    await page.getByLabel('Password').fill('kapaas-admin');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const offer = page.getByLabel('Offer cash on delivery');
    await offer.waitFor();
    if (!(await offer.isChecked())) await offer.check();
    await page.getByLabel('Confirm by phone above').fill('500');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Settings saved.').waitFor();
    await snap(page, JOURNEY, '1-settings-cod-on');
  });

  it('a guest on a phone checks delivery to 784001 on a product page: a date, and cash on delivery', async () => {
    const { page } = guest;
    await page.goto('/product-detail/1');
    // Typed at once, while the box's own script may still be loading: Check waits for it, and the PIN code stays.
    const check = page.getByRole('region', { name: 'Check delivery' });
    await check.getByLabel('PIN code').fill(TEZPUR);
    await check.getByRole('button', { name: 'Check' }).click();
    await check.getByText(/Delivery by (Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2}/).waitFor();
    await check.getByText('Cash on delivery available', { exact: true }).waitFor();
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '2-check-delivery');
  });

  it('adds the product as a guest and types an Assam address, the PIN code filling the state', async () => {
    const { page } = guest;
    await addAsGuest(page, 1);
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).click();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/Billing-Address$/);
    await page.getByRole('link', { name: 'Add New Address' }).click();
    const form = page.locator('form.address-form');
    await form.getByLabel('First name').fill('Anjali');
    await form.getByLabel('Last name').fill('Bora');
    await form.getByLabel('Address', { exact: true }).fill('House 12, Mission Chariali');
    await form.getByLabel('Pin code').fill(TEZPUR);
    await expect.poll(() => form.getByLabel('State').locator('option:checked').textContent()).toBe('Assam');
    await form.getByLabel('City').fill('Tezpur');
    await form.getByLabel('Phone number').fill('9435012345');
    await form.getByLabel('E-mail').fill('anjali@example.in');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.waitForURL(/\/Billing-Address$/, { timeout: 10_000 });
    await page.getByText(/Tezpur, Assam – 784001/).waitFor();
  });

  it('chooses cash on delivery: the fee joins the total, and the order is placed without the payment dialog', async () => {
    const { page } = guest;
    const totals = page.getByRole('region', { name: 'Cart Totals' });
    await totals.getByText(/^Delivery by /).waitFor();
    const cod = page.getByLabel(/^Cash on delivery/);
    await expect.poll(() => cod.isEnabled()).toBe(true);
    await cod.check();
    await totals.getByText('Cash on delivery fee').waitFor();
    await snap(page, JOURNEY, '3-billing-cod');
    await expectNoSeriousA11yViolations(page);
    const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
    await page.getByText('Cash on delivery', { exact: true }).waitFor();
    await page.getByText(/^Pay ₹[\d,]+ in cash on delivery\.$/).waitFor();
    // Above ₹500 the shop calls first.
    await page.getByText('We will call you to confirm the order before we pack it.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Kapaas' }).count()).toBe(0);
    orderId = ((await page.getByText('Order ID:').textContent()) ?? '').replace(/\D/g, '');
    expect(orderId).not.toBe('');
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '4-order-placed');
  });

  it('sees "Cash on delivery" and the amount to pay at the door on the order', async () => {
    const { page } = guest;
    await page.getByRole('link', { name: 'Track Order' }).click();
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    await card.waitFor();
    expect(await card.textContent()).toContain('Cash on delivery');
    expect(await card.textContent()).toMatch(/To pay on delivery: ₹[\d,]+/);
    await snap(page, JOURNEY, '5-orders');
    await expectNoSeriousA11yViolations(page);
  });

  it('the owner confirms it after the call, packs, ships and delivers it, then records the cash: the order reads paid', async () => {
    const { page } = owner;
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await page.getByText('Cash on delivery').first().waitFor();
    await snap(page, JOURNEY, '6-console-cod-order');
    const moves = [
      ['Confirm order', 'is confirmed and ready to pack'],
      ['Mark packed', 'is now packed'],
      ['Mark shipped', 'is now shipped'],
      ['Mark delivered', 'is now delivered'],
    ];
    for (const [button, done] of moves) {
      await page.getByRole('button', { name: button }).click();
      await page.getByText(new RegExp(`^Order #${orderId} ${done}\\.`)).waitFor();
    }
    await page.getByRole('button', { name: 'Record cash collected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, the cash is here' }).click();
    await page.getByText(new RegExp(`^Cash of ₹[\\d,]+ recorded: order #${orderId} is paid\\.`)).waitFor();
    expect(await page.getByRole('button', { name: 'Record cash collected' }).count()).toBe(0);
    await snap(page, JOURNEY, '7-console-cash-recorded');
    await expectNoSeriousA11yViolations(page);
    await expectNoOverflow(page);
  });

  it('the shopper’s order reads delivered and paid in cash', async () => {
    const { page } = guest;
    await page.reload();
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    await card.waitFor();
    expect(await card.getByText('Status: Delivered').count()).toBe(1);
    expect(await card.textContent()).not.toMatch(/To pay on delivery/);
    await card.getByRole('link', { name: `Order Detail of order ${orderId}` }).click();
    await page.getByText('Paid in cash on delivery.').first().waitFor();
    await snap(page, JOURNEY, '8-order-paid');
    expect(guest.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
