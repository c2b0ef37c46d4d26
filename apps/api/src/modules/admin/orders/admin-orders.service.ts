import type { AdminDashboard, AdminOrder, AdminOrderSummary, AdminShipment, PaidBy } from '@kapaas/contract';
import { formatPaise, paidByOf } from '@kapaas/contract';
import type { OrderStatus, Queryable } from '@kapaas/db';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../../lib/money';
import { ownerOfRow } from '../../../lib/owner';
import {
  type PaymentRow,
  paymentsOfOrder,
  REFUNDABLE_PAYMENT_STATUSES,
  type RefundPlan,
  type ReturnedRefund,
  refund,
  refundRequested,
  refundsOfPayments,
} from '../../checkout';
import { orderStockLines, restock } from '../../inventory';
import {
  COD_DUE_STATUSES,
  codConfirmationOnWhatsApp,
  codDuePaise,
  historyOf,
  inOrderTransaction,
  lockOrder,
  markCodCollected,
  markReturnReceived,
  moveOrder,
  type OrderDeps,
  type OrderTransaction,
  openCodOrdersOf,
  ownerMovesFrom,
  PAID_STATUSES,
  recordEvent,
} from '../../orders';
import { type Payments, ProviderError } from '../../razorpay';
import { returnCounts } from '../../returns';
import { type BookingDeps, forwardShipmentOf, type ShipmentRow, shipWithCourier } from '../../shipping';
import { invoiceNumberOf } from '../../tax';
import { recordAudit } from '../audit';
import type { AdminPrincipal } from '../auth.service';
import { spreadsheetSafe } from '../csv';
import type { Page } from '../resource';
import {
  codDueTotals,
  linesOf,
  type OrderFilters,
  type OrderSummaryRow,
  orderPage,
  orderSummary,
  paidByCounts,
  skuLinesOf,
} from './admin-orders.repository';
import { cancelGivingMoneyBack, holdsShoppersMoney } from './cancel-refunding';
import { paymentShares } from './payment-shares';

/** What the order services need from the app; routes pass it, so the services never see HTTP. */
export interface AdminOrderDeps extends OrderDeps {
  payments: Pick<Payments, 'client'>;
}

/** Tells the catalogue that an order's pieces went back on sale. */
async function announceRestock(deps: AdminOrderDeps, orderId: number): Promise<void> {
  await deps.catalogue.stockChanged((await orderStockLines(deps.db, orderId)).map((line) => line.productId));
}

/** The admin acting: who is recorded in the audit log and the order's history. */
export type ActingAdmin = Pick<AdminPrincipal, 'id' | 'email'>;

/**
 * What a person may set by hand (POST /orders/:id/status), within the lifecycle's transitions:
 * confirming a cash-on-delivery order, packing, shipping, delivery, a parcel returned to origin, and
 * cancelling a paid or an unshipped cash-on-delivery order. Payment outcomes (paid, failed,
 * expired) belong to the payment code, and `refunded` to POST /orders/:id/refund, which moves money.
 */
export const MANUAL_STATUSES: readonly OrderStatus[] = [
  'cod_confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned_to_origin',
];

/**
 * Statuses in which money can be given back: the shop holds it, the order was cancelled, or its parcel came back
 * (a prepaid parcel returned to origin is refunded from the console).
 */
const REFUNDABLE: readonly OrderStatus[] = [...PAID_STATUSES, 'cancelled', 'returned_to_origin'];

function toSummary(row: OrderSummaryRow): AdminOrderSummary {
  const { order } = row;
  const address = order.addressSnapshot;
  return {
    id: order.id,
    status: order.status,
    customer:
      order.userId !== null
        ? { kind: 'user', id: order.userId, name: row.userName ?? '', email: row.userEmail ?? '' }
        : {
            kind: 'guest',
            id: order.guestId ?? 0,
            name: `${address.first_name} ${address.last_name}`.trim(),
            email: address.email_id,
          },
    total_items: Number(row.totalItems),
    total: paiseToRupees(order.totalPaise),
    refunded: paiseToRupees(Number(row.refundedPaise)),
    payment_method: order.paymentMethod,
    paid_by: paidByOf(order.paymentMethod, row.paidMethod),
    cod_to_collect: paiseToRupees(codDuePaise(order)),
    cod_advance: paiseToRupees(order.codAdvancePaise),
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
  };
}

const CSV_COLUMNS = [
  'order_id',
  'placed_at',
  'paid_at',
  'status',
  'customer',
  'customer_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'pin_code',
  'items',
  'items_total',
  'coupon',
  'discount',
  'shipping',
  'total',
  'refunded',
  'payment_method',
  'paid_by',
  'cod_to_collect',
  'invoice_number',
  'razorpay_order_id',
  // Last, so that the columns before keep their places: the discount for paying online (ADR 047).
  'prepaid_discount',
  // Each line's SKU as sold and its quantity, `KP-12-3Y × 2; …`; lines without a SKU are left out (ADR 063).
  'skus',
];

/** The `skus` cell of each of these orders. */
async function skuCells(db: Queryable, orderIds: number[]): Promise<Map<number, string>> {
  const cells = new Map<number, string[]>();
  for (const line of await skuLinesOf(db, orderIds)) {
    cells.set(line.orderId, [...(cells.get(line.orderId) ?? []), `${line.sku} × ${line.quantity}`]);
  }
  return new Map([...cells].map(([orderId, skus]) => [orderId, skus.join('; ')]));
}

/**
 * Every order the filters match, newest first, as CSV for the shop's books: who, where to, what it
 * came to in rupees, how it is paid and the cash still to collect, its tax invoice, and the provider's
 * order id to match against Razorpay's reports.
 */
export async function ordersCsv(db: Queryable, filters: Omit<OrderFilters, 'page' | 'per_page'>): Promise<string> {
  const records: (string | number)[][] = [];
  const perPage = 500;
  for (let page = 1; ; page += 1) {
    const { rows } = await orderPage(db, { ...filters, page, per_page: perPage });
    const skus = await skuCells(
      db,
      rows.map((row) => row.order.id),
    );
    for (const row of rows) {
      const { order } = row;
      const address = order.addressSnapshot;
      const summary = toSummary(row);
      records.push([
        order.id,
        summary.created_at,
        summary.paid_at ?? '',
        order.status,
        summary.customer.kind,
        spreadsheetSafe(summary.customer.name),
        spreadsheetSafe(summary.customer.email),
        spreadsheetSafe(address.phone_number),
        spreadsheetSafe(address.address),
        spreadsheetSafe(address.city),
        spreadsheetSafe(address.state),
        spreadsheetSafe(address.pin_code),
        summary.total_items,
        paiseToRupees(order.itemsTotalPaise),
        spreadsheetSafe(order.couponSnapshot?.code ?? ''),
        paiseToRupees(order.discountPaise),
        paiseToRupees(order.shippingPaise),
        summary.total,
        summary.refunded,
        order.paymentMethod,
        summary.paid_by ?? '',
        summary.cod_to_collect,
        row.invoiceNumber ?? '',
        order.razorpayOrderId ?? '',
        paiseToRupees(order.prepaidDiscountPaise),
        spreadsheetSafe(skus.get(order.id) ?? ''),
      ]);
    }
    if (rows.length < perPage) break;
  }
  return stringify(records, { header: true, columns: CSV_COLUMNS });
}

export async function listOrders(db: Queryable, query: OrderFilters): Promise<Page<AdminOrderSummary>> {
  const { rows, total } = await orderPage(db, query);
  return { items: rows.map(toSummary), total };
}

export async function findOrder(db: Queryable, orderId: number): Promise<AdminOrder | undefined> {
  const row = await orderSummary(db, orderId);
  if (!row) return undefined;
  const { order } = row;
  const lines = await linesOf(db, orderId);
  const history = await historyOf(db, orderId);
  const paid = await paymentsOfOrder(db, orderId);
  const made = await refundsOfPayments(
    db,
    paid.map((p) => p.id),
  );
  return {
    ...toSummary(row),
    shipping_address: order.addressSnapshot,
    items_total: paiseToRupees(order.itemsTotalPaise),
    discount: paiseToRupees(order.discountPaise),
    prepaid_discount: paiseToRupees(order.prepaidDiscountPaise),
    shipping_charge: paiseToRupees(order.shippingPaise),
    cod_fee: paiseToRupees(order.codFeePaise),
    shipping_zone: order.shippingZone,
    delivery_by: order.deliveryBy,
    return_received_at: order.returnReceivedAt?.toISOString() ?? null,
    coupon_code: order.couponSnapshot?.code ?? null,
    razorpay_order_id: order.razorpayOrderId,
    lines: lines.map((line) => ({
      product_id: line.productId,
      size_id: line.sizeId,
      product_name: line.productName,
      size: line.sizeLabel,
      product_image: line.productImage,
      unit_price: paiseToRupees(line.unitPricePaise),
      list_price: paiseToRupees(line.listPricePaise),
      quantity: line.quantity,
      line_total: paiseToRupees(line.lineTotalPaise),
    })),
    payments: paid.map((p) => ({
      provider_payment_id: p.providerPaymentId,
      amount: paiseToRupees(p.amountPaise),
      refunded: paiseToRupees(p.refundedPaise),
      status: p.status,
      refusal_reason: p.refusalReason,
      method: p.method,
      vpa: p.vpa,
      bank: p.bank,
      wallet: p.wallet,
      card: p.cardLast4 === null ? null : { network: p.cardNetwork, last4: p.cardLast4 },
      refunds: made
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({
          provider_refund_id: r.providerRefundId,
          amount: paiseToRupees(r.amountPaise),
          created_at: r.createdAt.toISOString(),
        })),
    })),
    history: history.map((h) => ({
      status: h.status,
      note: h.note,
      customer_note: h.customerNote,
      at: h.createdAt.toISOString(),
    })),
    invoice_number: await invoiceNumberOf(db, orderId),
    next_statuses: ownerMovesFrom(order.status),
    open_cod_orders: await otherOpenCodOrders(db, order),
    shipment: await shipmentOf(db, orderId),
    cod_confirmation_whatsapp: await codConfirmationWhatsApp(db, order),
  };
}

/** A COD order's confirmation asked on WhatsApp, with its message's status, or null (the owner calls). */
async function codConfirmationWhatsApp(db: Queryable, order: { id: number; paymentMethod: string }) {
  if (order.paymentMethod !== 'cod') return null;
  const asked = await codConfirmationOnWhatsApp(db, order.id);
  return asked ? { status: asked.status } : null;
}

/** The order's parcel booked with the courier, once booked (a booking half-way is not shown). */
async function shipmentOf(db: Queryable, orderId: number): Promise<AdminShipment | null> {
  const row = await forwardShipmentOf(db, orderId);
  if (row?.booking !== 'booked' || !row.awb) return null;
  return toAdminShipment(row);
}

export function toAdminShipment(row: ShipmentRow & { awb: string | null }): AdminShipment {
  return {
    awb: row.awb ?? '',
    courier_name: row.courierName,
    tracking_url: row.trackingUrl,
    label_url: row.labelUrl,
    status: row.status,
    attempts: row.attempts,
    last_reason: row.lastReason,
    etd: row.etd?.toISOString() ?? null,
    booked_at: row.createdAt.toISOString(),
  };
}

/**
 * POST /orders/:id/shipment: ships a packed order with the courier ("Ship with courier", ADR 044). The booking is the
 * shipping module's workflow; this answers its parcel, audited. The courier down or refusing the address is a clear
 * error, and the order stays packed.
 */
export async function shipOrderWithCourier(
  deps: AdminOrderDeps & { courier: BookingDeps['courier'] },
  admin: ActingAdmin,
  orderId: number,
): Promise<AdminShipment> {
  const before = await findOrder(deps.db, orderId);
  if (!before) throw orderNotFound();
  const shipment = await shipWithCourier(deps, orderId, admin.email);
  const after = await findOrder(deps.db, orderId);
  if (before.status !== after?.status) {
    await recordAudit(deps.db, admin, { action: 'ship', resource: 'orders', resourceId: orderId, before, after });
  }
  return toAdminShipment(shipment);
}

/**
 * The shopper's other cash-on-delivery orders not yet shipped, by account or guest, phone number or delivery address:
 * those the shop counts against cod_max_open_orders, for the owner deciding whether to confirm or pack this one.
 */
async function otherOpenCodOrders(
  db: Queryable,
  order: OrderSummaryRow['order'],
): Promise<AdminOrder['open_cod_orders']> {
  const { phone_number: phone, address, pin_code: pin } = order.addressSnapshot;
  const open = await openCodOrdersOf(db, { owner: ownerOfRow(order), phone, address, pin }, order.id);
  return open.map((other) => ({
    id: other.id,
    status: other.status,
    total: paiseToRupees(other.totalPaise),
    created_at: other.createdAt.toISOString(),
    shared: other.shared,
  }));
}

const orderNotFound = () => new AppError('NOT_FOUND', 'Order not found.');
const changedMeanwhile = () =>
  new AppError('CONFLICT', 'The order changed meanwhile. Please reload it.', { code: 'ILLEGAL_TRANSITION' });

/**
 * Moves an order by hand along product.md §14 (confirming a cash-on-delivery order, packed, shipped,
 * delivered, returned to origin, or cancelled from paid or an unshipped cash-on-delivery order, which
 * restocks). Any other move is 409 and changes nothing.
 */
export async function changeOrderStatus(
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  to: OrderStatus,
  notes: { note?: string | undefined; customerNote?: string | undefined } = {},
): Promise<AdminOrder> {
  // A COD order whose advance was paid, or that the shopper paid online instead (issue 34), is cancelled by giving
  // the money back: the refund workflow moves it.
  if (to === 'cancelled' && (await cancelRefunding(deps, admin, orderId, notes))) return reloaded(deps.db, orderId);
  try {
    await moveByHand(deps, admin, orderId, to, notes);
  } catch (error) {
    if (!(error instanceof MoneyArrived)) throw error;
    // A payment settled between the look above and the move (the shopper paying from the confirmation's link at that
    // very moment, test/cod-pay-link-race.pg.test.ts): it is committed now, so the refunding cancel finds it.
    if (!(await cancelRefunding(deps, admin, orderId, notes))) throw changedMeanwhile();
  }
  return reloaded(deps.db, orderId);
}

/** The refunding cancel of an order holding the shopper's money (cancel-refunding.ts); false for any other order. */
const cancelRefunding = (
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  notes: { note?: string | undefined },
) => cancelGivingMoneyBack(deps, admin, orderId, { note: notes.note, describe: findOrder }).catch(providerRefusal);

/** Thrown under the order's lock when a plain cancel finds the order now holds the shopper's money. */
class MoneyArrived extends Error {}

/** The owner's move, under the order's lock, by the order process (a cancel of an order holding money gives way). */
async function moveByHand(
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  to: OrderStatus,
  notes: { note?: string | undefined; customerNote?: string | undefined },
): Promise<void> {
  await auditedAction(deps, admin, orderId, 'status', async (t, order) => {
    refuseManualMove(to);
    if (to === 'cancelled' && (await holdsShoppersMoney(t.tx, order))) throw new MoneyArrived();
    const outcome = await moveOrder(t, orderId, to, {
      by: 'owner',
      from: [order.status],
      note: notes.note || `Marked ${to} by ${admin.email}.`,
      customerNote: notes.customerNote || null,
    });
    if (outcome.moved) return;
    if (outcome.code === 'CHANGED') throw changedMeanwhile();
    throw new AppError('CONFLICT', outcome.reason, { code: 'ILLEGAL_TRANSITION' });
  });
}

/** Throws 409 unless the order is a delivered cash-on-delivery order whose cash is not yet recorded. */
function refuseCodCollection(order: { status: OrderStatus; paymentMethod: string; paidAt: Date | null }): void {
  if (order.paymentMethod === 'cod' && order.status === 'delivered' && order.paidAt === null) return;
  const why =
    order.paymentMethod !== 'cod'
      ? 'This order is paid online, not in cash on delivery.'
      : order.paidAt !== null
        ? 'The cash for this order is already recorded.'
        : `Cash is recorded once the order is delivered; this one is ${order.status}.`;
  throw new AppError('CONFLICT', why, { code: 'NOT_COD_DELIVERED' });
}

/**
 * POST /orders/:id/cod-collected: the cash the courier took for a delivered cash-on-delivery order reached the shop. The
 * order is paid from now (paid_at); its status stays delivered, and its history and the audit log say who recorded how
 * much. Recorded once: asked again, it is 409.
 */
export async function recordCodCollected(
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  input: { note?: string | undefined } = {},
): Promise<AdminOrder> {
  await auditedAction(deps, admin, orderId, 'cod_collected', async ({ tx }, order) => {
    refuseCodCollection(order);
    if (!(await markCodCollected(tx, orderId, new Date()))) throw changedMeanwhile();
    // What the courier collected: the total, less an advance paid online (issue 34).
    const text = `Cash of ${formatPaise(codDuePaise(order))} collected by ${admin.email}.${noteAfter(input.note)}`;
    await recordEvent(tx, orderId, 'delivered', text, 'Paid in cash on delivery.');
  });
  return reloaded(deps.db, orderId);
}

/**
 * POST /orders/:id/return-received: a parcel returned to origin is back in the shop, so its pieces go back on sale
 * (once: asked again, it is 409). The history and the audit log say who received it.
 */
export async function recordReturnReceived(
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  input: { note?: string | undefined } = {},
): Promise<AdminOrder> {
  await auditedAction(deps, admin, orderId, 'return_received', async ({ tx }, order) => {
    if (order.status !== 'returned_to_origin' || !(await markReturnReceived(tx, orderId, new Date()))) {
      const why =
        order.status === 'returned_to_origin'
          ? 'The return of this parcel is already recorded.'
          : `Only a parcel returned to origin can be received back; this order is ${order.status}.`;
      throw new AppError('CONFLICT', why, { code: 'NOT_RETURNED' });
    }
    await restock(tx, await orderStockLines(tx, orderId));
    const text = `Parcel received back by ${admin.email}; its pieces are back on sale.${noteAfter(input.note)}`;
    await recordEvent(tx, orderId, 'returned_to_origin', text);
  });
  await announceRestock(deps, orderId);
  return reloaded(deps.db, orderId);
}

/** The owner's own note, after the shop's sentence. */
const noteAfter = (note: string | undefined) => (note ? ` ${note}` : '');

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/**
 * One action of an admin on an order, in one transaction: the order locked (404 when unknown), the work done, and the
 * audit log given the order before and after it.
 */
async function auditedAction<T>(
  deps: OrderDeps,
  admin: ActingAdmin,
  orderId: number,
  action: string,
  work: (t: OrderTransaction, order: LockedOrder) => Promise<T>,
): Promise<T> {
  return inOrderTransaction(deps, async (t) => {
    const { tx } = t;
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    const before = await findOrder(tx, orderId);
    const done = await work(t, order);
    await recordAudit(tx, admin, {
      action,
      resource: 'orders',
      resourceId: orderId,
      before,
      after: await findOrder(tx, orderId),
    });
    return done;
  });
}

/** GET /dashboard: the cash still to come from cash-on-delivery orders (the sum of their `cod_to_collect`), and the returns waiting on the shop. */
export async function dashboardFigures(db: Queryable, now = new Date()): Promise<AdminDashboard> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const [due, returns, methods, shares] = await Promise.all([
    codDueTotals(db, COD_DUE_STATUSES),
    returnCounts(db),
    paidByCounts(db, since),
    paymentShares(db, since),
  ]);
  return {
    paid_by: paidByShares(methods),
    payment_shares: shares,
    cod_to_collect: { count: due.count, amount: paiseToRupees(due.totalPaise) },
    returns_to_handle: {
      to_decide: returns.requested ?? 0,
      to_settle: (returns.received ?? 0) + (returns.refunded ?? 0) + (returns.exchange_shipped ?? 0),
    },
  };
}

/** Counts by method, merged by how the order was paid (several rare methods are one `other`), with shares, most first. */
function paidByShares(rows: Awaited<ReturnType<typeof paidByCounts>>): AdminDashboard['paid_by'] {
  const counts = new Map<PaidBy | null, number>();
  for (const row of rows) {
    const key = paidByOf(row.paymentMethod, row.method);
    counts.set(key, (counts.get(key) ?? 0) + row.count);
  }
  const all = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return [...counts]
    .map(([paidBy, count]) => ({
      paid_by: paidBy,
      count,
      share: all === 0 ? 0 : Math.round((count / all) * 1000) / 1000,
    }))
    .sort((a, b) => b.count - a.count);
}

/** Throws 409 when `to` is a status no person sets by hand (the order process decides the rest). */
function refuseManualMove(to: OrderStatus): void {
  if (MANUAL_STATUSES.includes(to)) return;
  const why = to === 'refunded' ? 'Use the refund action, which returns the money.' : 'The payment decides that.';
  throw new AppError('CONFLICT', `An order cannot be set to ${to} by hand. ${why}`, { code: 'ILLEGAL_TRANSITION' });
}

/** The order as it is now, after a change. */
async function reloaded(db: Queryable, orderId: number): Promise<AdminOrder> {
  const after = await findOrder(db, orderId);
  if (!after) throw orderNotFound();
  return after;
}

function providerRefusal(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.retriable) {
      throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again.', {
        code: 'PROVIDER_UNAVAILABLE',
      });
    }
    throw new AppError('CONFLICT', `The payment provider refused the refund: ${error.description}`, {
      code: 'REFUND_REFUSED',
    });
  }
  throw error;
}

/** What the owner asked to refund (POST /orders/:id/refund). */
export interface RefundInput {
  amount?: number | undefined;
  note?: string | undefined;
  idempotency_key?: string | undefined;
  /** What came back, when the refund is for returned pieces: the credit note then names their lines. */
  returned?: ReturnedRefund | undefined;
}

/**
 * Refunds an order through the provider (the sandbox by default), by checkout's one refund workflow (claim, ask the
 * provider, record). Without `amount`, everything not yet refunded goes back, and a paid order is cancelled and
 * restocked, then marked refunded.
 *
 * Exactly once: with the request's `idempotency_key` (the console sends one per refund asked for), a request
 * repeated with that key, at once or after the first has finished, in this process or another, makes no second
 * refund and answers the order; without one, the provider's key is derived from the order, the payment, what was
 * refunded or claimed before and the amount. A full refund asked for again once done changes nothing.
 */
export async function refundOrder(
  deps: AdminOrderDeps,
  admin: ActingAdmin,
  orderId: number,
  input: RefundInput,
): Promise<AdminOrder> {
  const before = await findOrder(deps.db, orderId);
  if (!before) throw orderNotFound();
  const requestKey = input.idempotency_key === undefined ? undefined : `o${orderId}-${input.idempotency_key}`;
  if (requestKey !== undefined && (await refundRequested(deps.db, requestKey))) return before;
  try {
    await refund(deps, {
      orderId,
      plan: (order, payments) => planRefund(order.status, payments, input.amount, requestKey),
      requestKey,
      key: requestKey === undefined ? undefined : `kapaas-admin-${requestKey}`,
      adminId: admin.id,
      adminEmail: admin.email,
      note: (made) => input.note ?? `Refund of ${formatPaise(made.amount)} (${made.id}) by ${admin.email}.`,
      returned: input.returned,
      onRecorded: async ({ tx }) => {
        const after = await findOrder(tx, orderId);
        await recordAudit(tx, admin, { action: 'refund', resource: 'orders', resourceId: orderId, before, after });
      },
    });
  } catch (error) {
    providerRefusal(error);
  }
  return reloaded(deps.db, orderId);
}

/**
 * Which payment to refund, how much and under which provider key, or null when a full refund was asked for an order
 * already refunded (nothing to do). Throws 409 when there is nothing to refund, 400 for too much. `paid` counts the
 * money of refunds in flight as refunded already.
 */
function planRefund(
  status: OrderStatus,
  paid: PaymentRow[],
  rupees: number | undefined,
  requestKey: string | undefined,
): RefundPlan | null {
  const payment = refundablePayment(paid);
  // Any order, even an unpaid (expired or failed) or refunded one, may still hold a payment the shop
  // did not accept and could not refund automatically (it has a refusal reason): that one can be
  // refunded here.
  const unaccepted = payment !== undefined && payment.refusalReason !== null;
  if (!REFUNDABLE.includes(status) && status !== 'refunded' && !unaccepted) {
    throw new AppError('CONFLICT', `An order that is ${status} has no payment to refund.`, {
      code: 'NOT_REFUNDABLE',
    });
  }
  if (!payment) {
    if (rupees === undefined && (status === 'refunded' || refundInFlight(paid))) return null;
    throw new AppError('CONFLICT', 'This order has nothing left to refund.', { code: 'NOTHING_TO_REFUND' });
  }
  if (status === 'refunded' && !unaccepted) {
    throw new AppError('CONFLICT', 'This order has been refunded already.', { code: 'NOTHING_TO_REFUND' });
  }
  const left = payment.amountPaise - payment.refundedPaise;
  const amount = rupees === undefined ? left : rupeesToPaise(rupees);
  if (amount > left) {
    const message = `At most ${formatPaise(left)} can still be refunded.`;
    throw new AppError('INVALID_DATA', message, { errors: { amount: [message] } });
  }
  const key =
    requestKey === undefined
      ? `kapaas-refund-o${payment.orderId}-${payment.providerPaymentId}-r${payment.refundedPaise}-a${amount}`
      : `kapaas-admin-${requestKey}`;
  return { payment, amount, key };
}

/**
 * Whether a refund already on its way (claimed, not yet recorded: another request, maybe in another process) covers
 * what is left of a payment: asked again to refund everything, there is nothing more to do.
 */
const refundInFlight = (paid: PaymentRow[]) =>
  paid.some((p) => REFUNDABLE_PAYMENT_STATUSES.includes(p.status) && p.refundedPaise >= p.amountPaise);

/**
 * The payment a refund comes from: first one the shop did not accept (its money is not the
 * order's, and the console shows it as the one to refund), else the first with money left.
 */
function refundablePayment(paid: PaymentRow[]): PaymentRow | undefined {
  const left = paid.filter((p) => REFUNDABLE_PAYMENT_STATUSES.includes(p.status) && p.refundedPaise < p.amountPaise);
  return left.find((p) => p.refusalReason !== null) ?? left[0];
}
