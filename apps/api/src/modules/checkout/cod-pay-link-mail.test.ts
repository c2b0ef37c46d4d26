import { formatPaise } from '@kapaas/contract';
import { codPrepayments, eq, orders, outboxMessages, sql } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { prepareMessages } from '../mail';
import { ProviderError, type RazorpayClient } from '../razorpay/razorpay.client';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * The COD confirmation always carries its way to pay online (issue 34): the confirmation is queued with the order and
 * held while the Payment Link is being made, then let go; the mail worker never renders it before. When Razorpay
 * cannot make the link, or the placement stopped before it could, the confirmation says to pay online from the order
 * page, with that page's link.
 */

let shop: TestShop;
let owner: AdminClient;
let mailbox: Mailbox;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_fee: 49,
      cod_excluded_pins: [],
      cod_confirm_above: null,
      prepaid_discount_percent: 5,
      prepaid_discount_max: null,
      cod_pay_link_hours: 48,
    }),
    200,
  );
});

/** Replaces the provider client's createPaymentLink until `restore()`. */
function replaceCreateLink(replacement: RazorpayClient['createPaymentLink']) {
  const client = shop.app.payments.client;
  const real = client.createPaymentLink;
  client.createPaymentLink = replacement;
  const restore = () => {
    client.createPaymentLink = real;
  };
  return { real: real.bind(client), restore };
}

/** Holds the making of the Payment Link (a slow Razorpay) until `release()`; `reached` once the placement is there. */
function holdLinkMaking() {
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const replaced = replaceCreateLink(async (input) => {
    reached();
    await gate;
    return replaced.real(input);
  });
  return {
    reached: arrived,
    release: () => {
      replaced.restore();
      release();
    },
  };
}

/** Places a guest's cash-on-delivery order; answers the pending request and the shopper's e-mail address. */
async function placeCod() {
  const item = await f.stockedItem(10);
  const { shopper, addressId } = await f.readyGuest(item, 1);
  return f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
}

const confirmationRow = async (orderId: number) => {
  const [row] = await db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.key, `order-placed:${orderId}`));
  if (!row) throw new Error(`order ${orderId} has no confirmation queued`);
  return row;
};

/** The newest order's id: the one being placed while its request waits. */
const newestOrderId = async () => {
  const [row] = await db()
    .select({ id: sql<number>`max(${orders.id})` })
    .from(orders);
  return Number(row?.id);
};

const sentConfirmation = (orderId: number) =>
  mailbox.received.find((m) => m.mail.subject?.startsWith(`Order #${orderId} placed`));

describe("the COD confirmation's payment link", () => {
  it('is in the confirmation even when the mail worker runs while the link is being made', async () => {
    const held = holdLinkMaking();
    let placing: ReturnType<typeof placeCod> | undefined;
    try {
      placing = placeCod();
      await held.reached;
      const orderId = await newestOrderId();
      // The worker's pass while Razorpay makes the link: the confirmation is not written yet.
      await prepareMessages(shop.app.deps);
      expect((await confirmationRow(orderId)).preparedAt).toBeNull();
    } finally {
      held.release();
    }
    const placed = await placing;
    expect(placed?.statusCode, placed?.body).toBe(200);
    const orderId = placed?.json().order_id as number;
    const [link] = await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId));
    expect(link?.shortUrl).toBeTruthy();

    await deliver(shop.app, mailbox);
    const mail = sentConfirmation(orderId);
    expect(mail?.mail.html).toContain(link?.shortUrl as string);
    expect(mail?.mail.text).toContain('Pay now online instead and save');
  });

  it('Razorpay down: the confirmation goes at once and says to pay online from the order page, with its link', async () => {
    const replaced = replaceCreateLink(() =>
      Promise.reject(new ProviderError({ status: 502, code: 'GATEWAY_ERROR', description: 'Payment links down' })),
    );
    let orderId: number;
    try {
      const placed = await placeCod();
      expect(placed.statusCode, placed.body).toBe(200);
      orderId = placed.json().order_id as number;
    } finally {
      replaced.restore();
    }
    expect(await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId))).toEqual([]);
    const order = await f.orderRow(orderId);
    const saving = order.codFeePaise + Math.floor(((order.itemsTotalPaise - order.discountPaise) * 5) / 100);

    await deliver(shop.app, mailbox);
    const mail = sentConfirmation(orderId);
    expect(mail, 'the confirmation was sent without waiting').toBeDefined();
    expect(mail?.mail.text).toContain('from your order page');
    expect(mail?.mail.text).toContain(`save ${formatPaise(saving)}`);
    expect(mail?.mail.html).toContain(`/order-detail/${orderId}`);
  });

  it('a placement that stopped before its link was made: after the wait the confirmation goes with the order page', async () => {
    const held = holdLinkMaking();
    let placing: ReturnType<typeof placeCod> | undefined;
    let orderId = Number.NaN;
    try {
      placing = placeCod();
      await held.reached;
      orderId = await newestOrderId();
      // The wait for the link is over (as if the process had died making it): the worker writes it as it stands.
      await db()
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.key, `order-placed:${orderId}`));
      await deliver(shop.app, mailbox);
    } finally {
      held.release();
    }
    expect((await placing)?.statusCode).toBe(200);
    const mail = sentConfirmation(orderId);
    expect(mail?.mail.text).toContain('from your order page');
    expect(mail?.mail.html).toContain(`/order-detail/${orderId}`);
  });

  it('with links off, the confirmation is written at once and offers nothing to pay online', async () => {
    expectStatus(await owner.patch('/settings', { cod_pay_link_hours: 0 }), 200);
    const placed = await placeCod();
    const orderId = placed.json().order_id as number;
    await prepareMessages(shop.app.deps);
    const row = await confirmationRow(orderId);
    expect(row.preparedAt).not.toBeNull();
    expect(row.text).not.toContain('order page');
    expect(row.text).not.toContain('Pay now online');
  });
});
