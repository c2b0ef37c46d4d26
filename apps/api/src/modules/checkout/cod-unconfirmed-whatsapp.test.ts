import { eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { sendDueWhatsApp } from '../mail';
import { checkoutFixtures, KOCHI } from './checkout.fixtures';
import { sweepOrders } from './expiry';

/*
 * The unconfirmed COD order's cancellation on WhatsApp (issue 36): an order left in cod_pending_confirmation past
 * cod_confirm_hours is cancelled by the sweep, its stock back, and the shopper is told where the confirmation asked
 * (order_cod_unconfirmed: first name, #number) when the delivery address's number agreed to WhatsApp updates; without
 * that consent the e-mail goes. Through the checkout, the sweep, the real client and the sandbox.
 */

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98477${String(10_000 + ++phones).padStart(5, '0')}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop();
  owner = await admin.owner();
  const rules = { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_confirm_above: 1 };
  expectStatus(
    await owner.patch('/settings', {
      ...rules,
      cod_confirm_hours: 48,
      whatsapp_kinds: ['order_cod_confirm', 'order_cod_unconfirmed'],
    }),
    200,
  );
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

type ChatMessage = { direction: string; template: string | null; parameters: string[] | null; text: string };
async function chatOf(number: string): Promise<ChatMessage[]> {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${number}` });
  return (response.json() as ChatMessage[]).filter((m) => m.direction === 'out');
}

async function sendWhatsApp() {
  await sendDueWhatsApp({ db: db(), log: shop.app.deps.log }, shop.app.whatsapp.client);
  await shop.app.whatsappSandbox?.deliveries.idle();
}

/** A COD order of two pieces waiting for the shopper's confirmation. */
async function waitingOrder(whatsappUpdates: boolean) {
  const mobile = newMobile();
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 2, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 2 }], {
    payment_method: 'cod',
    whatsapp_updates: whatsappUpdates,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  expect((await f.orderRow(orderId)).status).toBe('cod_pending_confirmation');
  return { orderId, item, number: `91${mobile}` };
}

const sweepAt = (hours: number) => {
  const { app } = shop;
  return sweepOrders(
    { db: db(), payments: app.payments, catalogue: app.catalogue, log: app.log },
    new Date(Date.now() + hours * 3_600_000),
  );
};

async function cancellationOf(orderId: number) {
  const [row] = await db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.key, `order-cancelled:${orderId}`));
  if (!row) throw new Error(`no cancellation of order ${orderId}`);
  return row;
}

describe('a COD order nobody confirmed in time', () => {
  it('is cancelled with its stock back, and told on WhatsApp to a consenting number; without consent by e-mail', async () => {
    const told = await waitingOrder(true);
    const silent = await waitingOrder(false);
    await sendWhatsApp();
    expect((await chatOf(told.number)).map((m) => m.template)).toEqual(['cod_order_confirmation']);
    const stockBefore = await f.stockOf(told.item);

    await sweepAt(49);
    expect((await f.orderRow(told.orderId)).status).toBe('cancelled');
    expect(await f.stockOf(told.item)).toEqual({ stock: stockBefore.stock + 2, reserved: 0 });

    const row = await cancellationOf(told.orderId);
    expect(row).toMatchObject({ kind: 'order_cod_unconfirmed', channel: 'whatsapp', waPhone: told.number });
    expect(row.waTemplate).toEqual({
      template: 'cod_order_unconfirmed',
      language: 'en',
      bodyParameters: ['Asha', `#${told.orderId}`],
    });
    await sendWhatsApp();
    const chat = await chatOf(told.number);
    expect(chat.map((m) => m.template)).toEqual(['cod_order_confirmation', 'cod_order_unconfirmed']);
    expect(chat[1]?.text).toBe(
      `Hello Asha, we could not confirm your cash-on-delivery order #${told.orderId} in time, so we have cancelled it and nothing is to be paid. You are welcome to order again at Kapaas whenever you like.`,
    );

    // Without the checkout's WhatsApp box: cancelled all the same, and told by e-mail.
    expect((await f.orderRow(silent.orderId)).status).toBe('cancelled');
    const mail = await cancellationOf(silent.orderId);
    expect(mail).toMatchObject({
      channel: 'email',
      waPhone: silent.number,
      fallbackReason: 'No whatsapp_updates consent for this number: sent by e-mail',
    });
    expect(await chatOf(silent.number)).toEqual([]);
    await deliver(shop.app, mailbox);
    const received = mailbox.to('asha@example.in').filter((m) => m.mail.messageId?.includes(mail.messageId));
    expect(received).toHaveLength(1);
    // The WhatsApp one went only on WhatsApp.
    const { messageId } = await cancellationOf(told.orderId);
    expect(mailbox.to('asha@example.in').filter((m) => m.mail.messageId?.includes(messageId))).toHaveLength(0);
  });
});
