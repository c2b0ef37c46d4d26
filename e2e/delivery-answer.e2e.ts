import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';
import { type Mailbox, type ShopProcess, startMailbox, startShopProcess } from './support/mail-shop';

const JOURNEY = 'delivery-answer';
const stamp = Date.now().toString().slice(-6);
const EMAIL = `meera.${stamp}@example.in`;
const PHONE = '9812345671';
const NEW_PHONE = '9123456780';
const REASON = 'Customer not available at the door';

/*
 * The shopper answers a failed delivery (issue 33, item 5): the owner ships a guest's cash-on-delivery order with the
 * courier (the built-in Shiprocket sandbox); the courier goes out and cannot deliver; the guest's mailbox gets the
 * out-for-delivery message and the failed attempt's, with the courier's reason and a link; the link, opened in a
 * fresh browser without logging in, asks the courier to come again on a chosen day at a new phone number, and the
 * console's order shows that the shopper asked. A shop process of its own, with a mail server, so the link is real.
 */
describe('a guest answers a failed delivery from the message’s link', () => {
  let mailbox: Mailbox;
  let shop: ShopProcess;
  let owner: Shopper;
  let guest: Shopper;
  let orderId = '';
  let link = '';

  beforeAll(async () => {
    mailbox = await startMailbox();
    shop = await startShopProcess({ SMTP_URL: mailbox.url, MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' });
    owner = await openShopper({ width: 1366, height: 900 }, shop.baseUrl);
    guest = await openShopper({ width: 375, height: 812 }, shop.baseUrl);
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
    await shop?.close();
    await mailbox?.close();
  });

  const lookAt = (page: Page, step: string) => lookAtWidths(page, JOURNEY, step, [375, 1366]);

  async function advance(awb: string, status: string, reason?: string) {
    const answer = await owner.page.request.post('/sandbox/shiprocket/test/advance', {
      data: reason ? { awb, status, reason } : { awb, status },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  it('the courier cannot deliver the shipped order; the guest is told, with the reason and a link', async () => {
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
      email: EMAIL,
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
    const awb = /AWB (\w+)\.$/.exec((await shipped.textContent()) ?? '')?.[1] ?? '';
    expect(awb).not.toBe('');

    await advance(awb, 'picked_up');
    await advance(awb, 'out_for_delivery');
    await advance(awb, 'undelivered', REASON);
    const out = await mailbox.waitFor((m) => m.mail.subject === `Order #${orderId} is out for delivery`);
    expect(out.to).toEqual([EMAIL]);
    const failed = await mailbox.waitFor(
      (m) => m.mail.subject === `Order #${orderId}: the courier could not deliver it`,
    );
    expect(failed.mail.text).toContain(REASON);
    link = new RegExp(`${shop.baseUrl}/delivery-answer\\?token=[\\w.-]+`).exec(failed.mail.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  });

  it('the link, in a fresh browser, asks the courier to come again on a chosen day at a new phone; the console shows it', async () => {
    const reader = await openShopper({ width: 375, height: 812 }, shop.baseUrl);
    try {
      const { page } = reader;
      await page.goto(link);
      await page.getByRole('heading', { name: 'Arrange your delivery' }).waitFor();
      await page.getByText(new RegExp(`could not deliver order #${orderId} .*${REASON}`)).waitFor();
      const phone = page.getByLabel('Phone number for the courier (if it changed)');
      await phone.fill('12345');
      await page.getByRole('button', { name: 'Ask for another attempt' }).click();
      await page.getByText('Phone number must be 10 digits').waitFor();
      await lookAt(page, '1-answer-with-error');

      const days = page.getByRole('group', { name: 'When should the courier come again?' }).getByRole('radio');
      expect(await days.count()).toBe(3);
      await days.nth(1).check();
      const day = (await days.nth(1).getAttribute('value')) ?? '';
      await phone.fill(NEW_PHONE);
      await page.getByRole('button', { name: 'Ask for another attempt' }).click();
      await page.getByText('We have asked the courier to deliver your parcel again.').waitFor();
      await lookAt(page, '2-answered');

      await owner.page.goto(`/admin/orders/${orderId}`);
      await owner.page
        .getByText(new RegExp(`The shopper asked .+ to try the delivery again on ${day}, calling ${NEW_PHONE}`))
        .waitFor();
    } finally {
      await reader.close();
    }
  });
});
