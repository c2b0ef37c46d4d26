import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { offerCashOnDelivery, placeCodOrderAsGuest, placeUpiOrderAsGuest, signInToConsole } from './support/cod-order';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { expectNoOverflow } from './support/shop';

const JOURNEY = 'cod-pay-online';

/** Sets the console's prepaid discount (percent) and saves the settings. */
async function prepaidDiscount(owner: Shopper, percent: string) {
  const { page } = owner;
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Discount for paying online').fill(percent);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').getByText('Settings saved.').waitFor();
}

describe('cash on delivery to prepaid: a guest pays a COD order online from the thank-you page, the discount shown', () => {
  let owner: Shopper;
  let guest: Shopper;
  let codOrderId = '';
  let upiOrderId = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page, '');
    await prepaidDiscount(owner, '5');
  });
  afterAll(async () => {
    if (owner) await prepaidDiscount(owner, '0').catch(() => undefined);
    await owner?.close();
    await guest?.close();
  });

  it('places a COD order, is offered "Pay now online and save ₹X", pays by card and owes nothing at the door', async () => {
    const { page } = guest;
    const orderId = await placeCodOrderAsGuest(page, 3, {
      firstName: 'Meera',
      lastName: 'Iyer',
      address: '4 Temple Street, Mylapore',
      pinCode: '600004',
      state: 'Tamil Nadu',
      city: 'Chennai',
      phone: '9840012345',
      email: 'meera@example.in',
    });
    const offer = page.getByRole('region', { name: 'Pay online instead' });
    await offer.getByText(/^Pay now online and save ₹[\d,.]+$/).waitFor();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, JOURNEY, '1-thank-you-offer');
    const button = offer.getByRole('button', { name: /^Pay ₹[\d,.]+ now$/ });
    const amount = ((await button.textContent()) ?? '').replace(/^Pay | now$/g, '');
    await button.click();

    const dialog = page.getByRole('dialog', { name: 'Kapaas' });
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/35');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: new RegExp(`^Pay ${amount.replace(/[.]/g, '\\.')}(\\.00)?$`) }).click();
    await page.getByText('Paid online. Nothing to pay at the door.').waitFor();
    await snap(page, JOURNEY, '2-paid-online');

    await page.goto(`/order-detail/${orderId}`);
    const summary = page.getByRole('heading', { name: 'Order Summary' }).locator('..');
    await summary.getByText('Paid by Card').waitFor();
    expect(await summary.textContent()).toContain('Prepaid discount');
    expect(await page.getByRole('region', { name: 'Pay online instead' }).count()).toBe(0);
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '3-order-paid-online');
    codOrderId = orderId;
  });

  it('another guest is told "Save ₹X by paying online" at checkout and pays by UPI in the sandbox', async () => {
    const upiGuest = await openShopper({ width: 1366, height: 900 });
    try {
      upiOrderId = await placeUpiOrderAsGuest(
        upiGuest.page,
        4,
        {
          firstName: 'Kavya',
          lastName: 'Nair',
          address: '21 Marine Drive',
          pinCode: '682031',
          state: 'Kerala',
          city: 'Kochi',
          phone: '9847011122',
          email: 'kavya@example.in',
        },
        async (page) => {
          await page.getByText(/^Save ₹[\d,.]+ by paying online$/).waitFor();
          await snap(page, JOURNEY, '4-save-by-paying-online');
        },
      );
      await upiGuest.page.goto(`/order-detail/${upiOrderId}`);
      await upiGuest.page.getByText('Paid by UPI').waitFor();
    } finally {
      await upiGuest.close();
    }
  });

  it('the console shows how each was paid: Card for the COD order paid online, UPI for the other', async () => {
    const { page } = owner;
    await page.goto('/admin/orders');
    await page.getByLabel('Paid by').selectOption({ label: 'UPI' });
    const upiRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${upiOrderId}`, exact: true }) });
    await upiRow.getByTitle('Paid by UPI').waitFor();
    // The list is fetched again for the filter; the card-paid order leaves it.
    await expect.poll(() => page.getByRole('link', { name: `#${codOrderId}`, exact: true }).count()).toBe(0);
    await page.getByLabel('Paid by').selectOption({ label: 'Card' });
    const cardRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${codOrderId}`, exact: true }) });
    await cardRow.getByTitle('Paid by Card').waitFor();
    await snap(page, JOURNEY, '5-console-paid-by');
    await page.goto(`/admin/orders/${upiOrderId}`);
    await page.getByText('Paid by UPI').first().waitFor();
    await page.getByText(/UPI · success@razorpay/).waitFor();
    await snap(page, JOURNEY, '6-console-order-upi');
  });
});
