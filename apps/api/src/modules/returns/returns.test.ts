import {
  AdminDashboardAnswer,
  AdminReturnAnswer,
  AdminReturnListAnswer,
  MyReturnsAnswer,
  ReturnDetailsAnswer,
  ReturnRequestAnswer,
} from '@kapaas/contract';
import {
  and,
  creditNoteLines,
  creditNotes,
  eq,
  inArray,
  orderEvents,
  outboxMessages,
  payments,
  refunds,
  returnRequests,
  sandboxRazorpayRefunds,
  sql,
  taxInvoices,
} from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { returnFixtures } from './returns.fixtures';

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fx = returnFixtures(
  () => shop,
  () => staff,
);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop?.close();
});

type Item = Awaited<ReturnType<typeof fx.twoSizes>>['item'];

const returnLine = (item: Item, quantity = 1) => ({
  product_id: item.productId,
  size: item.sizeId,
  quantity,
  kind: 'return' as const,
  reason: 'too_small' as const,
});
const exchangeLine = (item: Item, newSize: number, quantity = 1) => ({
  ...returnLine(item, quantity),
  kind: 'exchange' as const,
  new_size: newSize,
});

async function ask(shopper: Shopper, orderId: number, lines: unknown[]): Promise<number> {
  const response = await shopper.post('return_request', { order_id: orderId, lines });
  expect(response.statusCode, response.body).toBe(200);
  return ReturnRequestAnswer.parse(response.json()).return_id;
}

const returnsOfOrder = (orderId: number) =>
  db().select().from(returnRequests).where(eq(returnRequests.orderId, orderId));

const act = async (returnId: number, action: string, body: unknown = {}, status = 200) =>
  expectStatus(await staff.post(`/returns/${returnId}/${action}`, body), status);

const detail = async (returnId: number) =>
  AdminReturnAnswer.parse(expectStatus(await staff.get(`/returns/${returnId}`), 200)).data;

describe('return_request', () => {
  it('is refused once the return window has closed, with the date in words; a day inside it is fine', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 2);
    // The clock cannot be moved: the delivery is moved back 8 days instead (the window is 7).
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db()
      .update(orderEvents)
      .set({ createdAt: eightDaysAgo })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')));
    const late = expectStatus(
      await shopper.post('return_request', { order_id: orderId, lines: [returnLine(item)] }),
      409,
    );
    expect(late.code).toBe('RETURN_WINDOW_CLOSED');
    expect(late.message).toMatch(
      /^Returns for this order closed on \d{1,2} [A-Z][a-z]+ 20\d\d at \d{1,2}:\d\d [ap]m, 7 days after it was delivered\.$/,
    );
    expect(await returnsOfOrder(orderId)).toEqual([]);

    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await db()
      .update(orderEvents)
      .set({ createdAt: sixDaysAgo })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')));
    await ask(shopper, orderId, [returnLine(item)]);
  });

  it('is refused for an order not yet delivered', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, addressId } = await fx.checkout.readyGuest(item, 1);
    const placed = await fx.checkout.placed(shopper, addressId, item, 1);
    const answer = expectStatus(
      await shopper.post('return_request', { order_id: placed.order_id, lines: [returnLine(item)] }),
      409,
    );
    expect(answer.code).toBe('NOT_DELIVERED');
  });

  it('takes at most what was bought, less what earlier requests take (400 over the purchase, 409 over what is left)', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 2);
    const tooMany = expectStatus(
      await shopper.post('return_request', { order_id: orderId, lines: [returnLine(item, 3)] }),
      400,
    );
    expect(tooMany.errors['lines.0.quantity'][0]).toMatch(/^You bought 2 of /);
    // Two lines of the same piece count together.
    expectStatus(
      await shopper.post('return_request', { order_id: orderId, lines: [returnLine(item, 2), returnLine(item, 1)] }),
      400,
    );
    await ask(shopper, orderId, [returnLine(item, 1)]);
    const taken = expectStatus(
      await shopper.post('return_request', { order_id: orderId, lines: [returnLine(item, 2)] }),
      409,
    );
    expect(taken.code).toBe('RETURN_QUANTITY_TAKEN');
    expect(taken.errors['lines.0.quantity'][0]).toMatch(/^Only 1 of /);
    const unknown = expectStatus(
      await shopper.post('return_request', { order_id: orderId, lines: [{ ...returnLine(item), size: 999_999 }] }),
      400,
    );
    expect(Object.keys(unknown.errors)).toEqual(['lines.0.size']);
    expect(await returnsOfOrder(orderId)).toHaveLength(1);
  });

  it('accepts only photos that photo_upload stored for a return, never a public URL', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 1);
    const ask = (photo: string) =>
      shopper.post('return_request', { order_id: orderId, lines: [returnLine(item)], photos: [photo] });
    const missing = expectStatus(await ask(`/api/return_photo/${'a'.repeat(24)}-800.webp`), 400);
    expect(Object.keys(missing.errors)).toEqual(['photos']);
    const isPublic = expectStatus(await ask(`/media/uploads/${'a'.repeat(24)}-800.webp`), 400);
    expect(Object.keys(isPublic.errors)).toEqual(['photos.0']);
    expect(await returnsOfOrder(orderId)).toEqual([]);
  });
});

describe('someone else’s order and returns', () => {
  it('answer 404 exactly like unknown ones, and my_returns lists only one’s own', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 1);
    const returnId = await ask(shopper, orderId, [returnLine(item)]);
    const stranger = await shop.guest();
    const theirs = await stranger.post('return_request', { order_id: orderId, lines: [returnLine(item)] });
    const unknown = await stranger.post('return_request', { order_id: 999_999, lines: [returnLine(item)] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual(
      (await stranger.post('order_details', { order_id: 999_999 })).json() as Record<string, unknown>,
    );
    const details = await stranger.post('return_details', { return_id: returnId });
    expect(details.statusCode).toBe(404);
    expect(details.json()).toEqual((await stranger.post('return_details', { return_id: 999_999 })).json());
    expect(MyReturnsAnswer.parse((await stranger.post('my_returns')).json()).data).toEqual([]);
    expect(await returnsOfOrder(orderId)).toHaveLength(1);

    const mine = MyReturnsAnswer.parse((await shopper.post('my_returns')).json()).data;
    expect(mine.map((r) => r.return_id)).toEqual([returnId]);
    expect(mine[0]).toMatchObject({ order_id: orderId, status: 'requested', refund_amount: item.unitPaise / 100 });
    const own = ReturnDetailsAnswer.parse((await shopper.post('return_details', { return_id: returnId })).json()).data;
    expect(own.history).toEqual([
      { status: 'requested', note: expect.stringMatching(/^Return requested/), at: expect.any(String) },
    ]);
    expect(own.lines[0]).toMatchObject({
      kind: 'return',
      size_id: item.sizeId,
      quantity: 1,
      amount: item.unitPaise / 100,
    });
    const order = (await shopper.post('order_details', { order_id: orderId })).json().data;
    expect(order.returns).toEqual([{ return_id: returnId, status: 'requested' }]);
    expect(Date.parse(order.return_until)).toBeGreaterThan(Date.now());
  });
});

describe('an exchange', () => {
  it('holds the new size at once, and gives it back when the request is rejected', async () => {
    const { item, newSizeId } = await fx.twoSizes(5, 2);
    const { shopper, orderId } = await fx.deliveredOnline(item, 2);
    const returnId = await ask(shopper, orderId, [exchangeLine(item, newSizeId, 2)]);
    expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: 2, reserved: 2, free: 0 });
    expect((await detail(returnId)).actions).toEqual(['approve', 'reject']);
    // A reason is required to reject.
    await act(returnId, 'reject', {}, 400);
    const rejected = AdminReturnAnswer.parse(await act(returnId, 'reject', { message: 'Worn and washed.' })).data;
    expect(rejected).toMatchObject({ status: 'rejected', decision_message: 'Worn and washed.', actions: [] });
    expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: 2, reserved: 0 });
    expect((await act(returnId, 'reject', { message: 'Again.' }, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
    expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: 2, reserved: 0 });
    expect((await admin.lastAudit(owner, 'returns', returnId))?.action).toBe('reject');
  });

  it('of a size that is sold out is refused with 409, and nothing of the request is recorded', async () => {
    const { item, newSizeId } = await fx.twoSizes(5, 1);
    const { shopper, orderId } = await fx.deliveredOnline(item, 3);
    const answer = expectStatus(
      await shopper.post('return_request', {
        order_id: orderId,
        lines: [returnLine(item, 1), exchangeLine(item, newSizeId, 1), exchangeLine(item, newSizeId, 1)],
      }),
      409,
    );
    expect(answer.code).toBe('EXCHANGE_SIZE_SOLD_OUT');
    expect(answer.message).toMatch(/^Size .+ is sold out, .*return/);
    // Both exchange lines asking for the sold-out size are named; the return line is not.
    expect(Object.keys(answer.errors).sort()).toEqual(['lines.1.new_size', 'lines.2.new_size']);
    expect(await returnsOfOrder(orderId)).toEqual([]);
    expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: 1, reserved: 0 });
  });

  it('is received (the old size back on sale, once), then shipped: the held piece is sold and it is completed', async () => {
    const { item, newSizeId } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await fx.deliveredOnline(item, 1);
    const returnId = await ask(shopper, orderId, [exchangeLine(item, newSizeId)]);
    expect((await act(returnId, 'receive', {}, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
    await act(returnId, 'approve', { message: 'Happy to swap.' });
    const before = await fx.stockOf(item.productId, item.sizeId);
    const received = AdminReturnAnswer.parse(await act(returnId, 'receive', { note: 'In good shape.' })).data;
    expect(received.actions).toEqual(['ship_exchange']);
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    expect((await act(returnId, 'receive', {}, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    // An exchange has nothing to refund.
    expect((await act(returnId, 'refund', {}, 409)).code).toBe('ILLEGAL_RETURN_MOVE');

    const shipped = AdminReturnAnswer.parse(
      await act(returnId, 'ship-exchange', { tracking_note: 'Delhivery 123456789' }),
    ).data;
    expect(shipped).toMatchObject({ status: 'completed', actions: [] });
    expect(shipped.exchange_shipment?.tracking_note).toBe('Delhivery 123456789');
    expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: 2, reserved: 0 });
    const seen = ReturnDetailsAnswer.parse((await shopper.post('return_details', { return_id: returnId })).json()).data;
    expect(seen.history.map((h) => h.status)).toEqual(['requested', 'approved', 'received', 'completed']);
    expect(seen.history.at(-1)?.note).toContain('Delhivery 123456789');
    expect((await shopper.post('order_details', { order_id: orderId })).json().data.status).toBe('delivered');
  });
});

/** The provider's refunds, our refunds rows and the credit notes of an order. */
async function moneyOf(orderId: number) {
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error('no payment');
  const atProvider = await db()
    .select()
    .from(sandboxRazorpayRefunds)
    .where(eq(sandboxRazorpayRefunds.paymentId, payment.providerPaymentId));
  const recorded = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
  const notes = await db()
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(taxInvoices, eq(taxInvoices.id, creditNotes.invoiceId))
    .where(eq(taxInvoices.orderId, orderId));
  return { atProvider, recorded, notes: notes.map((n) => n.note) };
}

describe('a refund', () => {
  async function receivedReturn(quantity: number, returned: number) {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, quantity);
    const returnId = await ask(shopper, orderId, [returnLine(item, returned)]);
    return { item, shopper, orderId, returnId };
  }

  it('waits for the parcel, then goes through the provider once though pressed twice', async () => {
    const { item, orderId, returnId } = await receivedReturn(2, 1);
    await act(returnId, 'approve');
    expect((await act(returnId, 'refund', {}, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
    await act(returnId, 'receive');
    const refunded = AdminReturnAnswer.parse(await act(returnId, 'refund', {})).data;
    expect(refunded).toMatchObject({ status: 'completed', actions: [] });
    expect(refunded.refund).toMatchObject({ amount: item.unitPaise / 100, method: 'provider' });
    expect(refunded.refund?.provider_refund_id).toMatch(/\S/);
    expect((await act(returnId, 'refund', {}, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
    const money = await moneyOf(orderId);
    expect(money.atProvider.map((r) => r.amountPaise)).toEqual([item.unitPaise]);
    expect(money.recorded.map((r) => r.providerRefundId)).toEqual([refunded.refund?.provider_refund_id]);
    expect(money.notes.map((n) => n.amountPaise)).toEqual([item.unitPaise]);
    expect((await fx.checkout.orderRow(orderId)).status).toBe('delivered');
    expect((await admin.lastAudit(owner, 'returns', returnId))?.action).toBe('refund');
  });

  it('after a coupon gives back what was paid for the pieces, credited on their own line, told to the shopper once', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const coupon = await fx.checkout.couponWith({});
    const { shopper, orderId } = await fx.deliveredOnline(item, 3, { coupon_id: coupon.id });
    const returnId = await ask(shopper, orderId, [returnLine(item, 1)]);
    // The ₹100 coupon is shared over the order's one line: a piece cost a third of what the line came to after it.
    const paidForPiece = Math.floor((3 * item.unitPaise - 10_000) / 3);
    const asked = ReturnDetailsAnswer.parse((await shopper.post('return_details', { return_id: returnId })).json());
    expect(asked.data.refund_amount).toBe(paidForPiece / 100);
    await act(returnId, 'approve');
    await act(returnId, 'receive');
    const refunded = AdminReturnAnswer.parse(await act(returnId, 'refund', {})).data;
    expect(refunded.refund?.amount).toBe(paidForPiece / 100);
    await fx.checkout.webhooksDelivered();
    const money = await moneyOf(orderId);
    expect(money.atProvider.map((r) => r.amountPaise)).toEqual([paidForPiece]);
    expect(money.notes.map((n) => n.amountPaise)).toEqual([paidForPiece]);
    const [note] = money.notes;
    const lines = await db()
      .select()
      .from(creditNoteLines)
      .where(eq(creditNoteLines.creditNoteId, note?.id ?? 0));
    // The returned piece's own line, one piece, nothing on the shipping: not the refund shared over the invoice.
    expect(lines.map((l) => ({ position: l.position, kind: l.kind, quantity: l.quantity, paid: l.paidPaise }))).toEqual(
      [{ position: 1, kind: 'goods', quantity: 1, paid: paidForPiece }],
    );
    expect(note?.reason).toBe(`Goods returned (return #${returnId}): 1 piece.`);
    // One message about the refund: the return's, though the console and the provider's webhook both recorded it.
    const aboutThisOrder = await db()
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(
        and(
          inArray(outboxMessages.kind, ['order_refunded', 'return_refunded']),
          sql`(${outboxMessages.payload}->>'return_id' = ${String(returnId)} OR ${outboxMessages.payload}->>'order_id' = ${String(orderId)})`,
        ),
      );
    expect(aboutThisOrder).toEqual([{ kind: 'return_refunded' }]);
  });

  it('pressed twice at the same moment makes one provider refund, one refunds row and one credit note', async () => {
    const { item, orderId, returnId } = await receivedReturn(3, 2);
    await act(returnId, 'approve');
    await act(returnId, 'receive');
    const answers = await Promise.all([
      staff.post(`/returns/${returnId}/refund`, {}),
      staff.post(`/returns/${returnId}/refund`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const money = await moneyOf(orderId);
    expect(money.atProvider.map((r) => r.amountPaise)).toEqual([2 * item.unitPaise]);
    expect(money.recorded).toHaveLength(1);
    expect(money.notes.map((n) => n.amountPaise)).toEqual([2 * item.unitPaise]);
    expect((await detail(returnId)).refund?.amount).toBe((2 * item.unitPaise) / 100);
  });

  it('is never more than what is left of the payment (400), and changes nothing then', async () => {
    const { item, orderId, returnId } = await receivedReturn(2, 2);
    await act(returnId, 'approve');
    await act(returnId, 'receive');
    // The owner refunded most of the payment by hand from the order before.
    const total = (await fx.checkout.orderRow(orderId)).totalPaise;
    const left = 2 * item.unitPaise - 100;
    expectStatus(await staff.post(`/orders/${orderId}/refund`, { amount: (total - left) / 100 }), 200);
    const tooMuch = await act(returnId, 'refund', {}, 400);
    expect(Object.keys(tooMuch.errors)).toEqual(['amount']);
    expect(await detail(returnId)).toMatchObject({ status: 'received', refund: null });
    expect((await moneyOf(orderId)).recorded).toHaveLength(1);
    // Asking for less than the pieces cost (what is left) is allowed.
    const partly = AdminReturnAnswer.parse(await act(returnId, 'refund', { amount: left / 100 })).data;
    expect(partly).toMatchObject({ status: 'completed', refund: { amount: left / 100, method: 'provider' } });
    expect((await act(returnId, 'refund', { amount: 1 }, 409)).code).toBe('ILLEGAL_RETURN_MOVE');
  });

  it('of a cash-on-delivery order records the bank or UPI transfer and its reference, and credits the invoice', async () => {
    const { item } = await fx.twoSizes(40, 5);
    const { shopper, orderId } = await fx.deliveredCod(item);
    const returnId = await ask(shopper, orderId, [returnLine(item, 1)]);
    await act(returnId, 'approve');
    await act(returnId, 'receive');
    const noMethod = await act(returnId, 'refund', {}, 400);
    expect(Object.keys(noMethod.errors)).toEqual(['method']);
    await act(returnId, 'refund', { method: 'upi' }, 400);
    const done = AdminReturnAnswer.parse(
      await act(returnId, 'refund', { method: 'upi', reference: 'UPI-7788-1122' }),
    ).data;
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.refund).toMatchObject({ amount: item.unitPaise / 100, method: 'upi', reference: 'UPI-7788-1122' });
    const notes = await db()
      .select({ note: creditNotes })
      .from(creditNotes)
      .innerJoin(taxInvoices, eq(taxInvoices.id, creditNotes.invoiceId))
      .where(eq(taxInvoices.orderId, orderId));
    expect(notes.map((n) => n.note.amountPaise)).toEqual([item.unitPaise]);
    const seen = ReturnDetailsAnswer.parse((await shopper.post('return_details', { return_id: returnId })).json()).data;
    expect(seen.refund).toMatchObject({ method: 'upi', reference: 'UPI-7788-1122' });
    expect(seen.history.at(-1)?.note).toContain('by UPI (reference UPI-7788-1122)');
  });

  it('of a cash-on-delivery order waits for its cash to be recorded', async () => {
    const { item } = await fx.twoSizes(40, 5);
    const { shopper, orderId } = await fx.deliveredCod(item, { collected: false });
    const returnId = await ask(shopper, orderId, [returnLine(item, 1)]);
    await act(returnId, 'approve');
    await act(returnId, 'receive');
    expect((await act(returnId, 'refund', { method: 'bank', reference: 'NEFT-1' }, 409)).code).toBe('NOT_PAID');
    expect((await detail(returnId)).status).toBe('received');
  });
});

describe('the console’s list', () => {
  it('filters by status and finds a return by order number, e-mail or name', async () => {
    const { item } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 1);
    const returnId = await ask(shopper, orderId, [returnLine(item)]);
    const list = async (query: Record<string, string | number>) =>
      AdminReturnListAnswer.parse(expectStatus(await staff.get('/returns', query), 200));
    expect((await list({ q: String(orderId) })).data.map((r) => r.id)).toContain(returnId);
    expect((await list({ q: 'asha@example' })).data.map((r) => r.id)).toContain(returnId);
    expect((await list({ q: 'Asha Menon' })).data.map((r) => r.id)).toContain(returnId);
    expect((await list({ q: 'nobody-like-this' })).total).toBe(0);
    const requested = await list({ status: 'requested', per_page: 100 });
    expect(requested.data.every((r) => r.status === 'requested')).toBe(true);
    expect(requested.data.find((r) => r.id === returnId)).toMatchObject({
      order_id: orderId,
      customer: 'Asha Menon',
      payment_method: 'online',
      pieces: 1,
      has_return: true,
      has_exchange: false,
    });
    expect((await list({ status: 'completed', q: String(orderId) })).total).toBe(0);
    expect((await staff.get('/returns/999999')).statusCode).toBe(404);
  });
});

describe('the dashboard', () => {
  it('counts the returns waiting on the shop: to decide once asked, to settle once received, neither once done', async () => {
    const waiting = async () =>
      AdminDashboardAnswer.parse(expectStatus(await staff.get('/dashboard'), 200)).data.returns_to_handle;
    const before = await waiting();
    const { item, newSizeId } = await fx.twoSizes(5, 5);
    const { shopper, orderId } = await fx.deliveredOnline(item, 2);
    const returnId = await ask(shopper, orderId, [returnLine(item), exchangeLine(item, newSizeId)]);
    expect(await waiting()).toEqual({ to_decide: before.to_decide + 1, to_settle: before.to_settle });
    await act(returnId, 'approve');
    // The parcel is the shopper's to send: nothing waits on the shop meanwhile.
    expect(await waiting()).toEqual(before);
    await act(returnId, 'receive');
    expect(await waiting()).toEqual({ to_decide: before.to_decide, to_settle: before.to_settle + 1 });
    await act(returnId, 'refund');
    expect(await waiting()).toEqual({ to_decide: before.to_decide, to_settle: before.to_settle + 1 });
    await act(returnId, 'ship-exchange', { tracking_note: 'DTDC D7654321' });
    expect(await waiting()).toEqual(before);
  });
});
