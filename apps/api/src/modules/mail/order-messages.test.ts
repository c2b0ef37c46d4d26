import { formatPaise } from '@kapaas/contract';
import { adminUsers, eq, outboxMessages, shopSettings } from '@kapaas/db';
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, type Received, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

let shop: TestShop;
let mailbox: Mailbox;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
const SHOPPER = 'asha@example.in';

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://kapaas.example.in' } });
  staff = await admin.staff(await admin.owner());
  await shop.database.db
    .update(shopSettings)
    .set({ codEnabled: true, codConfirmAbovePaise: null })
    .where(eq(shopSettings.id, 1));
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const about = (orderId: number) => (message: Received) => message.mail.subject?.includes(`#${orderId}`) ?? false;
const shopperMail = (orderId: number) => mailbox.to(SHOPPER).filter(about(orderId));
const owners = async () =>
  (
    await shop.database.db
      .select()
      .from(adminUsers)
      .where(and(eq(adminUsers.role, 'owner'), eq(adminUsers.active, true)))
  ).map((row) => row.email.toLowerCase());

async function paidOrder() {
  const item = await checkout.stockedItem(5);
  const { shopper, addressId } = await checkout.readyGuest(item, 2);
  const placed = await checkout.placed(shopper, addressId, item, 2);
  const handler = await checkout.paid(placed.razorpay_order_id);
  expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  await checkout.webhooksDelivered();
  const order = await checkout.orderRow(placed.order_id);
  return { orderId: placed.order_id, total: order.totalPaise, item };
}

async function codOrder() {
  const item = await checkout.stockedItem(10);
  const quantity = Math.ceil(29_900 / item.unitPaise);
  const { shopper, addressId } = await checkout.readyGuest(item, quantity);
  const response = await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = response.json().order_id as number;
  return { orderId, total: (await checkout.orderRow(orderId)).totalPaise };
}

const move = async (orderId: number, status: string, customerNote?: string) =>
  expectStatus(
    await staff.post(`/orders/${orderId}/status`, { status, ...(customerNote ? { customer_note: customerNote } : {}) }),
    200,
  );

describe('an order paid online', () => {
  it('sends the shopper one "paid" message with the lines, the amount and the tax invoice, and tells the owners', async () => {
    const { orderId, total } = await paidOrder();
    // The payment's webhook arrives again, and the worker runs twice: still one message.
    await checkout.webhooksDelivered();
    await deliver(shop.app, mailbox);
    await deliver(shop.app, mailbox);
    const [paid, ...more] = shopperMail(orderId);
    expect(more).toHaveLength(0);
    expect(paid?.mail.subject).toBe(`Order #${orderId} paid: ${formatPaise(total)}`);
    expect(paid?.mail.text).toContain(`We received ${formatPaise(total)} for order #${orderId}`);
    expect(paid?.mail.html).toMatch(
      /<img[^>]+src="https:\/\/kapaas\.example\.in\/mail\/picture\.jpg\?src=%2Fmedia%2F[^"]+"/,
    );
    expect(paid?.mail.attachments).toHaveLength(1);
    expect(paid?.mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(paid?.mail.attachments[0]?.filename).toMatch(/\.pdf$/);
    expect(paid?.mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paid?.raw).not.toMatch(/^List-Unsubscribe/m);

    const toOwners = mailbox.received.filter(
      (m) => m.mail.subject === `New order #${orderId}: ${formatPaise(total)} paid`,
    );
    expect(toOwners).toHaveLength(1);
    expect(toOwners[0]?.to.sort()).toEqual((await owners()).sort());
    expect(toOwners[0]?.mail.text).toContain(SHOPPER);
  });

  it('shows the prepaid discount among the "paid" message\'s sums when the shopper got one (ADR 047)', async () => {
    await shop.database.db.update(shopSettings).set({ prepaidDiscountPercent: 10 }).where(eq(shopSettings.id, 1));
    try {
      const { orderId } = await paidOrder();
      const order = await checkout.orderRow(orderId);
      expect(order.prepaidDiscountPaise).toBeGreaterThan(0);
      await deliver(shop.app, mailbox);
      const [paid] = shopperMail(orderId);
      expect(paid?.mail.text).toContain('Prepaid discount (paid online)');
      expect(paid?.mail.text).toContain(`− ${formatPaise(order.prepaidDiscountPaise)}`);
    } finally {
      await shop.database.db.update(shopSettings).set({ prepaidDiscountPercent: 0 }).where(eq(shopSettings.id, 1));
    }
  });

  it('tells the shopper it shipped with the owner’s tracking note, then that it was delivered', async () => {
    const { orderId } = await paidOrder();
    await move(orderId, 'packed');
    await move(orderId, 'shipped', 'Shipped with Delhivery, tracking number 1234567890.');
    await deliver(shop.app, mailbox);
    const shipped = shopperMail(orderId).find((m) => m.mail.subject === `Order #${orderId} shipped`);
    expect(shipped?.mail.text).toContain('Shipped with Delhivery, tracking number 1234567890.');
    // An online order's invoice went with the payment.
    expect(shipped?.mail.attachments).toHaveLength(0);
    await move(orderId, 'delivered');
    await deliver(shop.app, mailbox);
    expect(shopperMail(orderId).map((m) => m.mail.subject)).toEqual([
      `Order #${orderId} paid: ${formatPaise((await checkout.orderRow(orderId)).totalPaise)}`,
      `Order #${orderId} shipped`,
      `Order #${orderId} delivered`,
    ]);
  });

  it('refunded in the console: one message with the amount, though the provider’s webhook tells of it again', async () => {
    const { orderId, total } = await paidOrder();
    expectStatus(await staff.post(`/orders/${orderId}/refund`, {}), 200);
    await checkout.webhooksDelivered();
    await deliver(shop.app, mailbox);
    const subjects = shopperMail(orderId).map((m) => m.mail.subject);
    expect(subjects.filter((s) => s?.startsWith('Refund'))).toEqual([
      `Refund of ${formatPaise(total)} for order #${orderId}`,
    ]);
    expect(subjects).toContain(`Order #${orderId} cancelled`);
    const cancelled = shopperMail(orderId).find((m) => m.mail.subject === `Order #${orderId} cancelled`);
    expect(cancelled?.mail.text).toContain('will be refunded');
  });
});

describe('a cash-on-delivery order', () => {
  it('sends "placed" with the amount to pay at the door, and the invoice with the "shipped" message', async () => {
    const { orderId, total } = await codOrder();
    await deliver(shop.app, mailbox);
    const [placed] = shopperMail(orderId);
    expect(placed?.mail.subject).toBe(`Order #${orderId} placed: ${formatPaise(total)} to pay on delivery`);
    expect(placed?.mail.text).toContain(`You pay ${formatPaise(total)} in cash on delivery`);
    expect(placed?.mail.attachments).toHaveLength(0);
    expect(
      mailbox.received.filter((m) => m.mail.subject?.startsWith(`New order #${orderId}:`)).map((m) => m.mail.subject),
    ).toEqual([`New order #${orderId}: ${formatPaise(total)} (cash on delivery)`]);
    await move(orderId, 'packed');
    await move(orderId, 'shipped');
    await deliver(shop.app, mailbox);
    const shipped = shopperMail(orderId).find((m) => m.mail.subject === `Order #${orderId} shipped`);
    expect(shipped?.mail.text).toContain(`keep ${formatPaise(total)} ready to pay on delivery`);
    expect(shipped?.mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('with a COD advance: "placed" says the advance was paid and the rest is due, "shipped" asks for the rest', async () => {
    const settings = (codAdvancePaise: number, codAdvanceFor: 'none' | 'all') =>
      shop.database.db.update(shopSettings).set({ codAdvancePaise, codAdvanceFor }).where(eq(shopSettings.id, 1));
    await settings(10_000, 'all');
    try {
      const item = await checkout.stockedItem(10);
      const quantity = Math.ceil(29_900 / item.unitPaise);
      const { shopper, addressId } = await checkout.readyGuest(item, quantity);
      const answer = expectStatus(
        await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' }),
        200,
      );
      const handler = await checkout.paid(answer.razorpay_order_id);
      expectStatus(await checkout.confirm(shopper, answer.order_id, handler), 200);
      const orderId = answer.order_id as number;
      const rest = formatPaise((await checkout.orderRow(orderId)).totalPaise - 10_000);
      await deliver(shop.app, mailbox);
      const [placed, ...more] = shopperMail(orderId);
      expect(more).toHaveLength(0);
      expect(placed?.mail.subject).toBe(`Order #${orderId} placed: ${rest} to pay on delivery`);
      expect(placed?.mail.text).toContain(
        `You paid an advance of ${formatPaise(10_000)} online, and pay ${rest} in cash on delivery`,
      );
      await move(orderId, 'packed');
      await move(orderId, 'shipped');
      await deliver(shop.app, mailbox);
      const shipped = shopperMail(orderId).find((m) => m.mail.subject === `Order #${orderId} shipped`);
      expect(shipped?.mail.text).toContain(`keep ${rest} ready to pay on delivery`);
    } finally {
      await settings(0, 'none');
    }
  });

  it('cancelled by the owner: the shopper reads the owner’s words', async () => {
    const { orderId } = await codOrder();
    await move(orderId, 'cancelled', 'We could not reach you on the phone to confirm the order.');
    await deliver(shop.app, mailbox);
    const cancelled = shopperMail(orderId).find((m) => m.mail.subject === `Order #${orderId} cancelled`);
    expect(cancelled?.mail.text).toContain('We could not reach you on the phone to confirm the order.');
    expect(cancelled?.mail.text).not.toContain('will be refunded');
  });

  it('left unconfirmed past cod_confirm_hours: the shopper is told it was cancelled, once, and nothing is due', async () => {
    const { db } = shop.database;
    await db.update(shopSettings).set({ codConfirmAbovePaise: 0 }).where(eq(shopSettings.id, 1));
    const { orderId } = await codOrder();
    await db.update(shopSettings).set({ codConfirmAbovePaise: null }).where(eq(shopSettings.id, 1));
    const { sweepOrders } = await import('../checkout');
    const { app } = shop;
    const deps = { db, payments: app.payments, catalogue: app.catalogue, log: app.log };
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect((await sweepOrders(deps, later)).cancelled).toBe(1);
    expect((await sweepOrders(deps, later)).cancelled).toBe(0);
    await deliver(shop.app, mailbox);
    const about = shopperMail(orderId).filter((m) => m.mail.subject?.includes('cancelled'));
    expect(about.map((m) => m.mail.subject)).toEqual([`Order #${orderId} cancelled: not confirmed`]);
    expect(about[0]?.mail.text).toContain(
      `We could not confirm your cash-on-delivery order #${orderId} with you in time, so we cancelled it.`,
    );
    expect(about[0]?.mail.text).toContain('Nothing is to be paid');
  });

  it('a transaction that fails after queueing leaves no message behind', async () => {
    const { orderId } = await codOrder();
    await expect(
      shop.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE orders SET status = 'packed' WHERE id = ${orderId}`);
        const { AfterCommit } = await import('../../lib/state-machine');
        const { moveOrder } = await import('../orders');
        const t = { tx, after: new AfterCommit(), catalogue: shop.app.catalogue };
        expect((await moveOrder(t, orderId, 'shipped', { by: 'owner', note: null })).moved).toBe(true);
        throw new Error('the carrier refused the parcel');
      }),
    ).rejects.toThrow('the carrier');
    const rows = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-shipped:${orderId}`));
    expect(rows).toHaveLength(0);
  });
});

describe('the contact form', () => {
  it('sends the shopper a receipt with their words and the owners a copy', async () => {
    const response = await shop.post('contact', {
      name: 'Kavya Iyer',
      email: 'kavya@example.in',
      mobile: '9876543210',
      message: 'Do the mulmul jhablas come in 0–3 months?',
    });
    expect(response.statusCode).toBe(200);
    await deliver(shop.app, mailbox);
    const [receipt] = mailbox.to('kavya@example.in');
    expect(receipt?.mail.subject).toBe('We received your message');
    expect(receipt?.mail.text).toContain('Do the mulmul jhablas come in 0–3 months?');
    const copy = mailbox.received.find((m) => m.mail.subject === 'Contact message from Kavya Iyer');
    expect(copy?.to.sort()).toEqual((await owners()).sort());
    expect(copy?.mail.text).toContain('kavya@example.in');
  });
});
