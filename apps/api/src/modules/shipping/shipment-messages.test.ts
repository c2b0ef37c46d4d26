import { AdminShipmentAnswer } from '@kapaas/contract';
import { eq, outboxMessages, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX, SANDBOX_WEBHOOK_TOKEN } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { SANDBOX_PREFIX as WHATSAPP_SANDBOX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';

/*
 * The shopper hears of the parcel as the courier moves it (issue 33, item 5): out for delivery, a failed attempt with
 * the courier's reason and a link to answer it, and delivered: once per attempt and step, through the outbox,
 * whatever the courier's webhooks repeat or reorder. Driven through the Shiprocket sandbox's tracking webhooks.
 */
let shop: TestShop;
let mailbox: Mailbox;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { SMTP_URL: mailbox.url } });
  await shop.database.db.update(shopSettings).set({ codEnabled: true }).where(eq(shopSettings.id, 1));
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/**
 * A guest's cash-on-delivery order (most failed deliveries are), packed and shipped with the courier: its number and
 * AWB. Enough pieces to reach the shop's minimum for cash on delivery (₹299).
 */
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
  return { orderId, awb: booked.data.awb };
}

async function sandbox(path: string, payload: Record<string, unknown>) {
  const answer = await shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/${path}`, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

/** Moves a parcel on in the sandbox, as the courier would, and waits for its webhooks to reach the shop. */
const advance = (awb: string, status: string, extra: Record<string, unknown> = {}) =>
  sandbox('advance', { awb, status, ...extra });

/** The shopper's messages about an order in the outbox, oldest first: kind and key. */
async function messagesOf(orderId: number) {
  const rows = await shop.database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
  return rows.filter((row) => row.payload.order_id === orderId && row.audience === 'shopper');
}
const kindsOf = async (orderId: number) => (await messagesOf(orderId)).map((row) => row.kind);

describe("the shopper's messages about the parcel", () => {
  it('out for delivery goes on WhatsApp to the number that ticked the box, its template filled from the order', async () => {
    const item = await checkout.stockedItem(10);
    const quantity = Math.ceil(29_900 / item.unitPaise);
    const { shopper, addressId } = await checkout.readyGuest(item, quantity, { ...KOCHI, phone: '9847555001' });
    const placed = expectStatus(
      await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod', whatsapp_updates: true }),
      200,
    );
    const orderId = placed.order_id as number;
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
    const booked = AdminShipmentAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/shipment`, {}), 200));
    await advance(booked.data.awb, 'out_for_delivery');
    const row = (await messagesOf(orderId)).find((r) => r.kind === 'shipment_out_for_delivery');
    expect(row).toMatchObject({
      channel: 'whatsapp',
      waPhone: '919847555001',
      waTemplate: { template: 'order_out_for_delivery', language: 'en', bodyParameters: ['Asha', `#${orderId}`] },
    });
    // Delivered, once the owner turns that kind on: the days left to ask for a return are the shop's window.
    const kinds = ['order_shipped', 'shipment_out_for_delivery', 'order_delivered'];
    expectStatus(await owner.patch('/settings', { whatsapp_kinds: kinds, return_window_days: 9 }), 200);
    await advance(booked.data.awb, 'delivered');
    const delivered = (await messagesOf(orderId)).find((r) => r.kind === 'order_delivered');
    expect(delivered).toMatchObject({
      channel: 'whatsapp',
      waTemplate: { template: 'order_delivered', bodyParameters: ['Asha', `#${orderId}`, '9'] },
    });
    // Both sent through the WhatsApp sandbox with the real client: the shopper's phone shows them, filled in.
    await sendDueWhatsApp({ db: shop.database.db, log: shop.app.deps.log }, shop.app.whatsapp.client);
    await shop.app.whatsappSandbox?.deliveries.idle();
    const chat = await shop.app.inject({ method: 'GET', url: `${WHATSAPP_SANDBOX}/test/messages?to=919847555001` });
    const texts = (chat.json() as { template: string | null; text: string }[])
      .filter((m) => m.template === 'order_out_for_delivery' || m.template === 'order_delivered')
      .map((m) => m.text);
    expect(texts).toEqual([
      `Hello Asha, your Kapaas order #${orderId} is out for delivery and should reach you today. Please keep your phone reachable for the courier.`,
      `Hello Asha, your order #${orderId} has been delivered. We hope your little one loves it! If something is not right, you can ask for a return or exchange within 9 days.`,
    ]);
  });

  it('out for delivery, undelivered with the reason and a link, and delivered: once each, repeats sending nothing', async () => {
    const { orderId, awb } = await shippedOrder();
    await advance(awb, 'picked_up');
    await advance(awb, 'in_transit', { repeat: 2 });
    await advance(awb, 'out_for_delivery', { repeat: 2 });
    await advance(awb, 'undelivered', { reason: 'Customer not available', repeat: 2 });
    expect(await kindsOf(orderId)).toEqual([
      'order_placed',
      'order_shipped',
      'shipment_out_for_delivery',
      'shipment_undelivered',
    ]);
    const undelivered = (await messagesOf(orderId)).find((row) => row.kind === 'shipment_undelivered');
    expect(undelivered).toMatchObject({ key: expect.stringMatching(/^shipment-undelivered:\d+:1$/) });
    expect(undelivered?.payload).toMatchObject({ awb, reason: 'Customer not available', attempt: 1 });
    // The outbox keeps the link's token sealed, never usable.
    expect(undelivered?.sealed).toBeTruthy();

    await deliver(shop.app, mailbox);
    const told = mailbox.to('asha@example.in').filter((m) => m.mail.subject?.includes(`#${orderId}`));
    const outForDelivery = told.find((m) => /out for delivery/.test(m.mail.subject ?? ''));
    expect(outForDelivery?.mail.text).toContain(awb);
    const failed = told.find((m) => /could not deliver/.test(m.mail.subject ?? ''));
    expect(failed?.mail.text).toContain('Customer not available');
    expect(failed?.mail.text).toMatch(/\/delivery-answer\?token=\d+\.1\.\d+\.[\w-]{32}/);
    expect(failed?.mail.html).toMatch(/\/delivery-answer\?token=\d+\.1\.\d+\.[\w-]{32}/);

    // The owner asks for another attempt: the courier's next run out is told again, then the delivery, once.
    expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 're-attempt' }), 200);
    await advance(awb, 'out_for_delivery', { repeat: 2 });
    await advance(awb, 'delivered', { repeat: 2 });
    expect(await kindsOf(orderId)).toEqual([
      'order_placed',
      'order_shipped',
      'shipment_out_for_delivery',
      'shipment_undelivered',
      'shipment_out_for_delivery',
      'order_delivered',
    ]);
  });

  it('a late "out for delivery" after the delivery sends nothing', async () => {
    const { orderId, awb } = await shippedOrder();
    await advance(awb, 'picked_up');
    // The sandbox holds both webhooks and releases them newest first: delivered reaches the shop before the run out.
    await advance(awb, 'out_for_delivery', { hold: true });
    await advance(awb, 'delivered', { hold: true });
    await sandbox('release', { awb, order: 'reverse' });
    expect(await kindsOf(orderId)).toEqual(['order_placed', 'order_shipped', 'order_delivered']);
    // And the same late scan posted again by hand, timestamped before the delivery.
    const late = await shop.app.inject({
      method: 'POST',
      url: '/api/shiprocket_webhook',
      headers: { 'x-api-key': SANDBOX_WEBHOOK_TOKEN },
      payload: {
        awb,
        current_status: 'OUT FOR DELIVERY',
        current_status_id: 17,
        shipment_status_id: 17,
        current_timestamp: '01 01 2026 10:00:00',
        scans: [],
      },
    });
    expect(late.statusCode).toBe(200);
    expect(await kindsOf(orderId)).toEqual(['order_placed', 'order_shipped', 'order_delivered']);
  });

  it('a failed attempt told late, after the parcel was delivered, sends no link', async () => {
    const { orderId, awb } = await shippedOrder();
    await advance(awb, 'picked_up');
    await advance(awb, 'undelivered', { reason: 'Door locked', hold: true });
    await advance(awb, 'delivered');
    await sandbox('release', { awb, order: 'queued' });
    expect(await kindsOf(orderId)).toEqual(['order_placed', 'order_shipped', 'order_delivered']);
  });
});
