import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addAsGuest } from './shop';

// Steps several journeys share: the owner in the console, and a guest's cash-on-delivery order taken to delivery.

/** The owner signs in to the console with the development account and waits for the dashboard. */
export async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill('admin@kapaas.local');
  await page.getByLabel('Password').fill('kapaas-admin');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** In the console's Settings, the owner offers cash on delivery (confirming by phone above `confirmAbove` rupees). */
export async function offerCashOnDelivery(page: Page, confirmAbove?: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
  const offer = page.getByLabel('Offer cash on delivery');
  await offer.waitFor();
  if (!(await offer.isChecked())) await offer.check();
  if (confirmAbove !== undefined) await page.getByLabel('Confirm by phone above').fill(confirmAbove);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').getByText('Settings saved.').waitFor();
}

/** Where a guest's parcel goes: the address form's fields, and the state its PIN code fills in. */
export interface GuestAddress {
  firstName: string;
  lastName: string;
  address: string;
  pinCode: string;
  state: string;
  city: string;
  phone: string;
  email: string;
}

/** A guest adds one piece of the product, and types a new delivery address on the billing page. */
export async function cartToAddress(page: Page, productId: number, to: GuestAddress): Promise<void> {
  await addAsGuest(page, productId);
  await page.getByRole('link', { name: 'Shopping cart, 1 item' }).click();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page.waitForURL(/\/Billing-Address$/);
  await page.getByRole('link', { name: 'Add New Address' }).click();
  const form = page.locator('form.address-form');
  await form.getByLabel('First name').fill(to.firstName);
  await form.getByLabel('Last name').fill(to.lastName);
  await form.getByLabel('Address', { exact: true }).fill(to.address);
  await form.getByLabel('Pin code').fill(to.pinCode);
  await expect.poll(() => form.getByLabel('State').locator('option:checked').textContent()).toBe(to.state);
  await form.getByLabel('City').fill(to.city);
  await form.getByLabel('Phone number').fill(to.phone);
  await form.getByLabel('E-mail').fill(to.email);
  await form.getByRole('button', { name: 'Save Address' }).click();
  await page.waitForURL(/\/Billing-Address$/, { timeout: 10_000 });
}

/** The order id the thank-you page names. */
async function placedOrderId(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
  const orderId = ((await page.getByText('Order ID:').textContent()) ?? '').replace(/\D/g, '');
  expect(orderId).not.toBe('');
  return orderId;
}

/** A guest adds one piece of the product, types the address and places the order with cash on delivery; its id. */
export async function placeCodOrderAsGuest(page: Page, productId: number, to: GuestAddress): Promise<string> {
  await cartToAddress(page, productId, to);
  const cod = page.getByLabel(/^Cash on delivery/);
  await expect.poll(() => cod.isEnabled()).toBe(true);
  await cod.check();
  const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
  await expect.poll(() => place.isEnabled()).toBe(true);
  await place.click();
  return placedOrderId(page);
}

/**
 * A guest adds one piece of the product, types the address, chooses to pay online (`beforePaying` sees the billing
 * page then) and pays in the sandbox's dialog with a UPI ID; the order's id.
 */
export async function placeUpiOrderAsGuest(
  page: Page,
  productId: number,
  to: GuestAddress,
  beforePaying: (page: Page) => Promise<void> = async () => undefined,
): Promise<string> {
  await cartToAddress(page, productId, to);
  await page.getByLabel(/^Pay online/).check();
  await beforePaying(page);
  const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
  await expect.poll(() => proceed.isEnabled()).toBe(true);
  await proceed.click();
  const dialog = page.getByRole('dialog', { name: 'Kapaas' });
  await dialog.getByRole('tab', { name: 'UPI' }).click();
  await dialog.getByLabel('UPI ID').fill('success@razorpay');
  await dialog.getByRole('button', { name: /^Pay ₹[\d,.]+$/ }).click();
  return placedOrderId(page);
}

/**
 * In the console, the owner confirms the order when the shop asks for that, packs, ships and delivers it, and with
 * `recordCash` records the cash the courier brought.
 */
export async function deliverCodOrder(page: Page, orderId: string, options: { recordCash?: boolean } = {}) {
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
  await page.getByRole('button', { name: /^(Confirm order|Mark packed)$/ }).waitFor();
  if ((await page.getByRole('button', { name: 'Confirm order' }).count()) > 0) {
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText(new RegExp(`^Order #${orderId} is confirmed and ready to pack\\.`)).waitFor();
  }
  for (const [button, done] of [
    ['Mark packed', 'is now packed'],
    ['Mark shipped', 'is now shipped'],
    ['Mark delivered', 'is now delivered'],
  ]) {
    await page.getByRole('button', { name: button }).click();
    await page.getByText(new RegExp(`^Order #${orderId} ${done}\\.`)).waitFor();
  }
  if (options.recordCash) {
    await page.getByRole('button', { name: 'Record cash collected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, the cash is here' }).click();
    await page.getByText(new RegExp(`^Cash of ₹[\\d,]+ recorded: order #${orderId} is paid\\.`)).waitFor();
  }
}
