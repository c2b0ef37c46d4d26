import { AdminOrderAnswer, AdminShipmentAnswer, ShipmentNdrDetailsAnswer } from '@kapaas/contract';
import { eq, shipments, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { NDR_LINK_HOURS, ndrToken, reattemptDays } from './ndr-link';

/*
 * The shopper answers a failed delivery from the message's link (issue 33, item 5): shipment_ndr_details shows the
 * parcel, shipment_ndr_response asks the courier (the Shiprocket sandbox) to try again on a chosen day or at a
 * corrected phone or address, by the owner's own path: the courier's NDR action once, a line in the order's history
 * saying the shopper asked. A bad, expired or superseded link, a parcel no longer undelivered, a day out of range:
 * a 4xx beside the field, and nothing reaches the courier.
 */
let shop: TestShop;
let mailbox: Mailbox;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
/** The test shop's SESSION_SECRET, which signs the links. */
let secret: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { SMTP_URL: mailbox.url } });
  secret = shop.app.deps.mail.secret;
  await shop.database.db.update(shopSettings).set({ codEnabled: true }).where(eq(shopSettings.id, 1));
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/** A guest's cash-on-delivery order, shipped with the courier: its number and AWB. */
async function shippedOrder() {
  const item = await checkout.stockedItem(10);
  const quantity = Math.ceil(29_900 / item.unitPaise);
  const { shopper, addressId } = await checkout.readyGuest(item, quantity);
  const placed = expectStatus(
    await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' }),
    200,
  );
  const orderId = placed.order_id as number;
  expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
  const booked = AdminShipmentAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/shipment`, {}), 200));
  const [row] = await shop.database.db.select().from(shipments).where(eq(shipments.awb, booked.data.awb));
  if (!row) throw new Error('no shipment row');
  return { orderId, awb: booked.data.awb, shipmentId: row.id };
}

async function advance(awb: string, status: string, extra: Record<string, unknown> = {}) {
  const moved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/advance`,
    payload: { awb, status, ...extra },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

/** A parcel whose delivery failed, and the token of the link its message carried, as the mailbox received it. */
async function failedDelivery(reason = 'Customer not available') {
  const parcel = await shippedOrder();
  await advance(parcel.awb, 'picked_up');
  await advance(parcel.awb, 'undelivered', { reason });
  await deliver(shop.app, mailbox);
  const message = mailbox.received.find(
    (m) => m.mail.subject === `Order #${parcel.orderId}: the courier could not deliver it`,
  );
  const token = /\/delivery-answer\?token=([\w.-]+)/.exec(message?.mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in the message: ${message?.mail.text}`);
  return { ...parcel, token };
}

const ask = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  shop.app.inject({ method: 'POST', url: '/api/shipment_ndr_response', payload: body, remoteAddress });
const details = (token: string, remoteAddress = '127.0.0.1') =>
  shop.app.inject({ method: 'POST', url: '/api/shipment_ndr_details', payload: { token }, remoteAddress });

const historyOf = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await owner.get(`/orders/${orderId}`), 200))
    .data.history.map((h) => h.note ?? '')
    .join('\n');

/** What the sandbox courier has recorded of the parcel's NDR: each attempt's reason, action and comment. */
const courierNdrOf = async (awb: string) => (await shop.app.courier.client.ndrList()).find((row) => row.awb === awb);

describe("the shopper's answer to a failed delivery", () => {
  it("the link's page shows the parcel; a re-attempt on a chosen day with a new phone reaches the courier and the history once", async () => {
    const { orderId, awb, token } = await failedDelivery();
    const shown = ShipmentNdrDetailsAnswer.parse(expectStatus(await details(token), 200)).data;
    expect(shown).toMatchObject({ order_id: orderId, awb, reason: 'Customer not available', attempts: 1 });
    expect(shown.dates).toEqual(reattemptDays());
    const [, day] = shown.dates;
    const answer = await ask({ token, date: day, phone: '9123456780', address: '' });
    expect(answer.statusCode, answer.body).toBe(200);
    const ndr = await courierNdrOf(awb);
    expect(ndr?.customerPhone).toBe('9123456780');
    expect(ndr?.history.filter((entry) => entry.comment !== null)).toHaveLength(1);
    expect(ndr?.history.at(-1)?.comment).toContain(day);
    const history = await historyOf(orderId);
    expect(history).toContain(`The shopper asked`);
    expect(history).toContain(`to try the delivery again on ${day}, calling 9123456780 (AWB ${awb})`);
    // The courier tries again and delivers: the link is spent.
    await advance(awb, 'out_for_delivery');
    await advance(awb, 'delivered');
    const late = expectStatus(await ask({ token }), 409);
    expect(late.message).toContain('delivered');
  });

  it('refuses a day out of range, a forged or expired link, and a link of an earlier attempt, reaching no courier', async () => {
    const { awb, token, shipmentId } = await failedDelivery('Address incomplete');
    const actions = async () => (await courierNdrOf(awb))?.history.filter((entry) => entry.comment !== null).length;

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    for (const date of [today, '2020-01-01', '30-11-2026']) {
      const refused = expectStatus(await ask({ token, date }), 400);
      expect(refused.errors?.date?.[0], date).toBe('Choose one of the next three days.');
    }
    const badPhone = expectStatus(await ask({ token, phone: '12345' }), 400);
    expect(badPhone.errors?.phone).toBeDefined();

    const forged = `${token.slice(0, -4)}AAAA`;
    expect(expectStatus(await ask({ token: forged }), 400).errors?.token?.[0]).toMatch(/not valid/);
    const otherParcel = ndrToken('not-the-shop-secret', {
      shipmentId,
      attempt: 1,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(expectStatus(await ask({ token: otherParcel }), 400).errors?.token?.[0]).toMatch(/not valid/);
    const expired = ndrToken(secret, { shipmentId, attempt: 1, expiresAt: new Date(Date.now() - 1000) });
    const expiredAnswer = expectStatus(await ask({ token: expired }), 400);
    expect(expiredAnswer).toMatchObject({ code: 'NDR_LINK_EXPIRED' });
    expect(expiredAnswer.errors?.token?.[0]).toMatch(/expired/);
    expect(expectStatus(await details(expired), 400).code).toBe('NDR_LINK_EXPIRED');
    expect(await actions()).toBe(0);

    // A second failed attempt: the first message's link no longer answers; the second's does.
    expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 're-attempt' }), 200);
    await advance(awb, 'out_for_delivery');
    await advance(awb, 'undelivered', { reason: 'Door locked' });
    expect(expectStatus(await ask({ token }), 409).code).toBe('NDR_LINK_SUPERSEDED');
    const second = ndrToken(secret, {
      shipmentId,
      attempt: 2,
      expiresAt: new Date(Date.now() + NDR_LINK_HOURS * 3_600_000),
    });
    expect(ShipmentNdrDetailsAnswer.parse(expectStatus(await details(second), 200)).data.reason).toBe('Door locked');
    expect(await actions()).toBe(1);
  });

  it('counts every use of the page against the client address, bad links included (429 past the limit)', async () => {
    const limit = DEFAULT_LIMITS.ndrResponsesPerAddress.max;
    const address = '203.0.113.77';
    const limited = await startTestShop({ limits: { ...DEFAULT_LIMITS } });
    try {
      for (let i = 0; i < limit; i += 1) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: '/api/shipment_ndr_response',
          payload: { token: `1.1.1.${'A'.repeat(32)}` },
          remoteAddress: address,
        });
        expect(answer.statusCode).toBe(400);
      }
      const over = await limited.app.inject({
        method: 'POST',
        url: '/api/shipment_ndr_details',
        payload: { token: `1.1.1.${'A'.repeat(32)}` },
        remoteAddress: address,
      });
      expect(over.statusCode).toBe(429);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/shipment_ndr_response',
        payload: { token: `1.1.1.${'A'.repeat(32)}` },
        remoteAddress: '203.0.113.78',
      });
      expect(elsewhere.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
