import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET } from '../apps/api/src/dev/razorpay-sandbox/sandbox.constants';
import { createRazorpayClient, verifyPaymentSignature } from '../apps/api/src/modules/razorpay/razorpay.client';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

type Window = typeof globalThis & {
  Razorpay: new (options: unknown) => { open(): void; on(event: string, fn: (r: unknown) => void): void };
  paid?: Record<string, string>;
  failures: unknown[];
  dismissed: number;
};

describe('the sandbox checkout dialog in a browser', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper();
  });
  afterAll(async () => {
    await shopper?.close();
  });

  /** A provider order made over real HTTP with the shop's own client, as the server would. */
  async function providerOrder(amount: number) {
    const client = createRazorpayClient({
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      apiBase: `${shopper.baseUrl}/sandbox/razorpay`,
    });
    return client.createOrder({ amount, currency: 'INR', receipt: `e2e-${randomUUID().slice(0, 24)}` });
  }

  async function openCheckout(orderId: string, amount: number) {
    const { page } = shopper;
    await page.goto('/');
    await page.addScriptTag({ url: '/sandbox/razorpay/checkout.js' });
    await page.evaluate(
      ({ orderId, amount, key }) => {
        const w = window as unknown as Window;
        w.failures = [];
        w.dismissed = 0;
        const rzp = new w.Razorpay({
          key,
          amount,
          currency: 'INR',
          name: 'Kapaas',
          description: 'Organic cotton for little ones',
          order_id: orderId,
          prefill: { name: 'Asha', email: 'asha@example.in', contact: '9876543210' },
          theme: { color: '#2f6b4f' },
          handler: (response: Record<string, string>) => {
            w.paid = response;
          },
          modal: { ondismiss: () => (w.dismissed += 1) },
        });
        rzp.on('payment.failed', (response) => w.failures.push(response));
        rzp.open();
      },
      { orderId, amount, key: SANDBOX_KEY_ID },
    );
    return page.getByRole('dialog', { name: 'Kapaas' });
  }

  it('pays with the test card and hands the handler a signature that verifies', async () => {
    const { page } = shopper;
    const order = await providerOrder(249_900);
    const dialog = await openCheckout(order.id, 249_900);
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/35');
    await dialog.getByLabel('CVV').fill('123');
    await snap(page, 'sandbox-checkout', 'card-filled');
    const pay = dialog.getByRole('button', { name: /^Pay ₹2,499\.00$/ });
    await pay.click();
    await page.waitForFunction(() => Boolean((window as unknown as Window).paid));
    const paid = await page.evaluate(() => (window as unknown as Window).paid as Record<string, string>);
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(
      verifyPaymentSignature(order.id, paid.razorpay_payment_id ?? '', paid.razorpay_signature, SANDBOX_KEY_SECRET),
    ).toBe(true);
    expect(await dialog.count()).toBe(0);
  });

  it('pays by UPI: failure@razorpay is declined, then a QR code waits until the sandbox UPI app approves it', async () => {
    const { page } = shopper;
    const order = await providerOrder(129_900);
    const dialog = await openCheckout(order.id, 129_900);
    await dialog.getByRole('tab', { name: 'UPI' }).click();
    await dialog.getByLabel('UPI ID').fill('failure@razorpay');
    await dialog.getByRole('button', { name: /^Pay ₹1,299\.00$/ }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /declined in the UPI app/ })
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as Window).failures)).toHaveLength(1);

    await dialog.getByRole('button', { name: 'Show QR code' }).click();
    await dialog.getByRole('img', { name: 'UPI QR code to scan with a UPI app' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'sandbox-checkout', 'upi-qr');
    // The shopper's phone: the sandbox UPI app page the QR's payment opens, in another tab.
    const href = await dialog.getByRole('link', { name: /sandbox UPI app/ }).getAttribute('href');
    const phone = await page.context().newPage();
    await phone.goto(new URL(href ?? '', shopper.baseUrl).toString());
    await phone.getByRole('button', { name: 'Approve' }).click();
    await phone
      .getByRole('status')
      .filter({ hasText: /approved/ })
      .waitFor();
    await phone.close();
    // No redirect: the dialog, polling, hands the handler the payment.
    await page.waitForFunction(() => Boolean((window as unknown as Window).paid));
    const paid = await page.evaluate(() => (window as unknown as Window).paid as Record<string, string>);
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(
      verifyPaymentSignature(order.id, paid.razorpay_payment_id ?? '', paid.razorpay_signature, SANDBOX_KEY_SECRET),
    ).toBe(true);
    expect(await dialog.count()).toBe(0);
    const client = createRazorpayClient({
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      apiBase: `${shopper.baseUrl}/sandbox/razorpay`,
    });
    expect(await client.fetchPayment(paid.razorpay_payment_id ?? '')).toMatchObject({
      method: 'upi',
      vpa: 'success@razorpay',
      status: 'captured',
    });
  });

  it('fires payment.failed on a declined card, keeps the dialog open, and Escape dismisses it', async () => {
    const { page } = shopper;
    const order = await providerOrder(59_900);
    const dialog = await openCheckout(order.id, 59_900);
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/35');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: /^Pay ₹599\.00$/ }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /declined/ })
      .waitFor();
    await snap(page, 'sandbox-checkout', 'declined');
    const failures = await page.evaluate(() => (window as unknown as Window).failures);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', metadata: { order_id: order.id } } });

    // focus stays inside the dialog
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as Window).dismissed)).toBe(1);
    expect(shopper.problems).toEqual([]);
  });
});
