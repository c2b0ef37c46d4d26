import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { cartToAddress, offerCashOnDelivery, signInToConsole } from './support/cod-order';
import { expectNoSeriousA11yViolations, lookAtWidths, snap } from './support/evidence';
import { expectNoOverflow } from './support/shop';

const JOURNEY = 'whatsapp-cod';
/** The delivery address's mobile, and the chat the built-in sandbox keeps for it (country code first). */
const MOBILE = '9847036512';
const CHAT = `Chat of +91${MOBILE}`;

/*
 * Issue 36's COD confirmation loop in a browser, against the built-in WhatsApp sandbox: a guest's cash-on-delivery
 * order above the shop's confirmation value, placed with "Get order updates on WhatsApp" ticked, gets the
 * confirmation with its Confirm order / Cancel order buttons on the sandbox's phone page, open on the shopper's phone
 * before the order was placed (the message comes in as on a phone); the shopper taps Confirm there, and the console's
 * order page shows the order confirmed by the shopper on WhatsApp.
 */
describe('a COD order confirmed with one tap on WhatsApp', () => {
  let owner: Shopper;
  let guest: Shopper;
  /** The shopper's phone: the sandbox's page, open all along. */
  let phone: Shopper;
  let orderId = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
    phone = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
    await phone?.close();
  });

  it('the owner offers cash on delivery, confirmed above ₹500, with the COD confirmation sent by WhatsApp', async () => {
    const { page } = owner;
    await signInToConsole(page);
    await offerCashOnDelivery(page, '500');
    const kinds = page.getByRole('form', { name: 'Messages on WhatsApp' });
    const confirmation = kinds.getByLabel('COD confirmation (Confirm / Cancel buttons)');
    if (!(await confirmation.isChecked())) {
      await confirmation.check();
      await kinds.getByRole('button', { name: 'Save WhatsApp messages' }).click();
      await kinds.getByRole('status').waitFor();
    }
  });

  it('a guest on a phone places a COD order above ₹500, ticking order updates on WhatsApp', async () => {
    await phone.page.goto('/sandbox/whatsapp');
    await phone.page.getByRole('heading', { name: 'WhatsApp sandbox' }).waitFor();
    const { page } = guest;
    await cartToAddress(page, 1, {
      firstName: 'Lakshmi',
      lastName: 'Nair',
      address: '14 Temple Road, Thrissur',
      pinCode: '680001',
      state: 'Kerala',
      city: 'Thrissur',
      phone: MOBILE,
      email: 'lakshmi@example.in',
    });
    const cod = page.getByLabel(/^Cash on delivery/);
    await expect.poll(() => cod.isEnabled()).toBe(true);
    await cod.check();
    await page.getByRole('checkbox', { name: `Get order updates on WhatsApp at ${MOBILE}` }).check();
    await snap(page, JOURNEY, '1-billing-whatsapp-ticked');
    const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
    orderId = ((await page.getByText('Order ID:').textContent()) ?? '').replace(/\D/g, '');
    expect(orderId).not.toBe('');
    // The server queued the confirmation on WhatsApp: the page says where to tap, not that the shop will call.
    const shown = `+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`;
    await page
      .getByText(`We have sent you a WhatsApp message at ${shown}: tap Confirm order and we will pack it`, {
        exact: false,
      })
      .waitFor();
    expect(await page.getByText('We will call you to confirm the order before we pack it.').count()).toBe(0);
    await snap(page, JOURNEY, '2-order-placed');
  });

  it('the sandbox phone shows the confirmation naming the order, with Confirm order and Cancel order', async () => {
    const { page } = phone;
    const chat = page.getByRole('region', { name: CHAT });
    // The shop's sender sends it on its next pass; the page, open since before the order, shows it when it comes.
    await chat.getByRole('button', { name: 'Confirm order' }).waitFor();
    const message = chat.locator('.bubble.out').filter({ hasText: `order #${orderId}` });
    await expect.poll(() => message.textContent()).toMatch(/please confirm your cash-on-delivery order/);
    expect(await message.getByRole('button', { name: 'Cancel order' }).count()).toBe(1);
    await expectNoOverflow(page);
    await lookAtWidths(page, JOURNEY, '3-sandbox-phone', [375, 1366]);
  });

  it('the shopper taps Confirm order on the phone page: the tap shows as the reply', async () => {
    const { page } = phone;
    const chat = page.getByRole('region', { name: CHAT });
    await chat.getByRole('button', { name: 'Confirm order' }).click();
    // The page sends the tap and reloads; the reply is the chat's, on the shopper's side.
    await chat.locator('.bubble.in').filter({ hasText: 'Confirm order' }).waitFor();
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '4-sandbox-tapped');
    await expectNoSeriousA11yViolations(page);
  });

  it('the console’s order page shows the order confirmed by the shopper on WhatsApp', async () => {
    const { page } = owner;
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    // The shop takes the tap's webhook just after the sandbox answered the page: read the order again until it has.
    const history = page.getByText('Confirmed by the shopper on WhatsApp.');
    await expect
      .poll(async () => {
        if ((await history.count()) === 0) await page.reload();
        return history.count();
      })
      .toBe(1);
    await page.getByText('COD: to pack').first().waitFor();
    // The placement's note says where the confirmation was asked, and how far the message got.
    await page
      .getByText(
        /^Order placed, cash on delivery\. Confirmation asked on WhatsApp \((sent|delivered|read)\); call if there is no answer\.$/,
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Confirm order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark packed' }).waitFor();
    await snap(page, JOURNEY, '5-console-confirmed');
    await expectNoSeriousA11yViolations(page);
    expect(guest.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
