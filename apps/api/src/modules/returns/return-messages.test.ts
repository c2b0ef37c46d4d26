import { formatPaise, ReturnRequestAnswer } from '@kapaas/contract';
import { adminUsers, and, eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, type Received, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX as WHATSAPP_SANDBOX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { sendDueWhatsApp } from '../mail';
import { returnFixtures } from './returns.fixtures';

let shop: TestShop;
let mailbox: Mailbox;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fx = returnFixtures(
  () => shop,
  () => staff,
);
const SHOPPER = 'asha@example.in';

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://kapaas.example.in' } });
  staff = await admin.staff(await admin.owner());
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

const about = (returnId: number) => (message: Received) =>
  new RegExp(`return #${returnId}\\b`, 'i').test(message.mail.subject ?? '');
const shopperMail = (returnId: number) => mailbox.to(SHOPPER).filter(about(returnId));
const owners = async () =>
  (
    await shop.database.db
      .select()
      .from(adminUsers)
      .where(and(eq(adminUsers.role, 'owner'), eq(adminUsers.active, true)))
  ).map((row) => row.email.toLowerCase());

const act = async (returnId: number, action: string, body: unknown = {}) =>
  expectStatus(await staff.post(`/returns/${returnId}/${action}`, body), 200);

describe('the messages of a return', () => {
  it('go on WhatsApp as return_update when the order ticked the box and the owner turned the kind on', async () => {
    const owner = await admin.owner();
    expectStatus(await owner.patch('/settings', { whatsapp_kinds: ['return_update'] }), 200);
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 1, { whatsapp_updates: true });
    const asked = await shopper.post('return_request', {
      order_id: orderId,
      lines: [{ product_id: item.productId, size: item.sizeId, quantity: 1, kind: 'return', reason: 'too_big' }],
    });
    const returnId = ReturnRequestAnswer.parse(expectStatus(asked, 200)).return_id;
    const [row] = await shop.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `return:${returnId}:requested`));
    expect(row).toMatchObject({
      channel: 'whatsapp',
      waTemplate: {
        template: 'return_update',
        language: 'en',
        bodyParameters: ['Asha', `#${orderId}`, `we have your request for return #${returnId}`],
      },
    });
    // Sent through the sandbox with the real client: the shopper's phone shows it, filled in.
    await sendDueWhatsApp({ db: shop.database.db, log: shop.app.deps.log }, shop.app.whatsapp.client);
    await shop.app.whatsappSandbox?.deliveries.idle();
    const chat = await shop.app.inject({ method: 'GET', url: `${WHATSAPP_SANDBOX}/test/messages?to=${row?.waPhone}` });
    expect(chat.json()).toContainEqual(
      expect.objectContaining({
        template: 'return_update',
        text: `Hello Asha, an update on the return or exchange for your order #${orderId}: we have your request for return #${returnId}. Reply here if you have any questions.`,
      }),
    );
  });

  it('tell the shopper of each step, and the owners of the new request', async () => {
    const { item, newSizeId } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 2);
    const asked = await shopper.post('return_request', {
      order_id: orderId,
      lines: [
        { product_id: item.productId, size: item.sizeId, quantity: 1, kind: 'return', reason: 'too_big' },
        {
          product_id: item.productId,
          size: item.sizeId,
          quantity: 1,
          kind: 'exchange',
          new_size: newSizeId,
          reason: 'too_small',
        },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = ReturnRequestAnswer.parse(asked.json()).return_id;
    await deliver(shop.app, mailbox);
    const [receipt] = shopperMail(returnId);
    expect(receipt?.mail.subject).toBe(`Return #${returnId} requested for order #${orderId}`);
    expect(receipt?.mail.text).toMatch(/1 × .+: return, ₹/);
    expect(receipt?.mail.text).toMatch(/1 × .+: exchange for size \S+/);
    const toOwners = mailbox.received.filter(
      (m) => m.mail.subject === `Return #${returnId} requested for order #${orderId}` && !m.to.includes(SHOPPER),
    );
    expect(toOwners).toHaveLength(1);
    expect(toOwners[0]?.to.sort()).toEqual((await owners()).sort());

    await act(returnId, 'approve', { message: 'Sorry it did not fit.' });
    await act(returnId, 'receive');
    await act(returnId, 'refund');
    await act(returnId, 'ship-exchange', { tracking_note: 'India Post EK123456789IN' });
    // The worker runs twice: still one message per step.
    await deliver(shop.app, mailbox);
    await deliver(shop.app, mailbox);
    const subjects = shopperMail(returnId).map((m) => m.mail.subject);
    expect(subjects).toEqual([
      `Return #${returnId} requested for order #${orderId}`,
      `Return #${returnId} approved: please send the pieces back`,
      `Return #${returnId} received`,
      `Refund of ${formatPaise(item.unitPaise)} for return #${returnId}`,
      `Your exchange for return #${returnId} is on its way`,
    ]);
    const text = (n: number) => shopperMail(returnId)[n]?.mail.text ?? '';
    expect(text(1)).toContain('Sorry it did not fit.');
    expect(text(1)).toMatch(/Please pack these pieces/);
    expect(text(3)).toContain(`We refunded ${formatPaise(item.unitPaise)} for return #${returnId} to the way you paid`);
    expect(text(4)).toContain('India Post EK123456789IN');
  });

  it('tell the shopper why a request was declined, and how a cash-on-delivery refund was paid', async () => {
    const { item } = await fx.twoSizes(40, 5);
    const { shopper, orderId } = await fx.deliveredCod(item);
    const line = { product_id: item.productId, size: item.sizeId, quantity: 1, kind: 'return', reason: 'damaged' };
    const first = ReturnRequestAnswer.parse(
      (await shopper.post('return_request', { order_id: orderId, lines: [line] })).json(),
    ).return_id;
    await act(first, 'reject', { message: 'The photos show a different product.' });
    const second = ReturnRequestAnswer.parse(
      (await shopper.post('return_request', { order_id: orderId, lines: [line] })).json(),
    ).return_id;
    await act(second, 'approve');
    await act(second, 'receive');
    await act(second, 'refund', { method: 'bank', reference: 'NEFT-2026-0042' });
    await deliver(shop.app, mailbox);
    const declined = shopperMail(first).find((m) => m.mail.subject === `Return #${first} declined`);
    expect(declined?.mail.text).toContain('The photos show a different product.');
    const refunded = shopperMail(second).find((m) => m.mail.subject?.startsWith('Refund of'));
    expect(refunded?.mail.text).toContain(
      `We refunded ${formatPaise(item.unitPaise)} for return #${second} by bank transfer (reference NEFT-2026-0042).`,
    );
  });
});
