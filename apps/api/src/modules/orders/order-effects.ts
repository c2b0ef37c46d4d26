import type { OrderStatus, Queryable } from '@kapaas/db';
import type { CatalogueNotifier, ServiceDeps } from '../../lib/deps';
import { ownerOfRow } from '../../lib/owner';
import { type Effect, EffectRefused } from '../../lib/state-machine';
import { redeemCoupon, releaseRedemption } from '../coupons';
import { orderStockLines, release, restock, type StockLine, sellReserved, sellUnreserved } from '../inventory';
import { creditOrder, goodsDescription, issueInvoice, repriceOrderTax } from '../tax';
import { queueOrderPlaced, queueStatusMail, type StatusMailKind } from './order-mail';
import type { OrderRow } from './orders.repository';
import { markCashOnDelivery, markPaidOnline, linesOf as orderLinesOf, recordEvent } from './orders.repository';

/** What an effect of the order process sees: the move being made, in its transaction. */
export interface OrderMoveContext {
  readonly tx: Queryable;
  /** The order as it was before the move. */
  readonly order: OrderRow;
  readonly to: OrderStatus;
  readonly at: Date;
  /** The line for the shop in the order's history; null writes the status alone. */
  readonly note: string | null;
  /** The shopper's sentence for this move, when it is not the status's usual one (CUSTOMER_STATUS_NOTES). */
  readonly customerNote: string | null;
  /** A message in place of the status's usual one. */
  readonly mailKind: StatusMailKind | undefined;
  readonly catalogue: CatalogueNotifier;
  /** The products whose availability the move changed, told to the catalogue once the transaction commits. */
  readonly stockChanged: number[];
  /** The funnel's counter (reports, ADR 053), when the shop counts. */
  readonly funnel?: ServiceDeps['funnel'];
  /** The products of an order this move sold, counted in the funnel once the transaction commits. */
  readonly sold: number[];
}

const isCod = (context: OrderMoveContext) => context.order.paymentMethod === 'cod';

async function linesOf(context: OrderMoveContext): Promise<StockLine[]> {
  const lines = await orderStockLines(context.tx, context.order.id);
  context.stockChanged.push(...lines.map((line) => line.productId));
  return lines;
}

// Every move.

export const recordHistory: Effect<OrderMoveContext> = {
  name: 'a line in the order history',
  run: ({ tx, order, to, note, customerNote }) => recordEvent(tx, order.id, to, note, customerNote),
};

export const statusMail: Effect<OrderMoveContext> = {
  name: "the shopper's message (paid, shipped, delivered, cancelled; outbox, once per status)",
  // A move that stays in its status (a packed order paid online) reaches no status to tell: its own effect tells.
  when: ({ order, to }) => order.status !== to,
  run: ({ tx, order, to, customerNote, mailKind }) => queueStatusMail(tx, order.id, to, customerNote, mailKind),
};

/** Where an order counts as sold, as the sales report counts it (ADR 054): paid, or cash on delivery confirmed. */
const SOLD: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['paid', 'cod_confirmed']);

export const noteSold: Effect<OrderMoveContext> = {
  name: "the funnel's paid order noted, once, as the order becomes paid or its cash on delivery confirmed",
  // From a status that was not sold: a COD order paid online instead was counted when it was confirmed.
  when: ({ order, to, funnel }) => funnel !== undefined && SOLD.has(to) && !SOLD.has(order.status),
  run: async ({ tx, order, sold }) => {
    sold.push(...(await orderStockLines(tx, order.id)).map((line) => line.productId));
  },
};

export const countSold: Effect<OrderMoveContext> = {
  name: "the funnel told which products an order paid for (a COD order's on the day it was placed)",
  when: ({ sold }) => sold.length > 0,
  run: async ({ funnel, sold, order, to, at }) => {
    // A cash-on-delivery order is sold on the day it was placed, as the sales report dates it; one paid, when paid.
    funnel?.count('orders', sold, to === 'cod_confirmed' ? order.createdAt : at);
  },
};

export const announceStock: Effect<OrderMoveContext> = {
  name: 'the catalogue told which products changed availability',
  when: ({ stockChanged }) => stockChanged.length > 0,
  run: ({ catalogue, stockChanged }) => catalogue.stockChanged(new Set(stockChanged)),
};

// Stock and coupon (ADR 012, ADR 036).

export const sellHeldPieces: Effect<OrderMoveContext> = {
  name: 'the held pieces sold (stock and reserved down)',
  run: async (context) => {
    // Selling held pieces leaves what shoppers can buy unchanged: nothing to announce.
    await sellReserved(context.tx, await orderStockLines(context.tx, context.order.id));
  },
};

export const sellFreePieces: Effect<OrderMoveContext> = {
  name: 'free pieces sold (a late payment), refused when they sold out',
  run: async (context) => {
    const sold = await sellUnreserved(context.tx, await linesOf(context));
    if (sold) throw new EffectRefused(`the order had ${lapseOf(context.order)} and its items sold out`);
  },
};

/** What became of an order that was not paid in time: it expired, or its first payment failed. */
export const lapseOf = (order: Pick<OrderRow, 'status'>) => (order.status === 'expired' ? 'expired' : 'failed');

export const countCouponUse: Effect<OrderMoveContext> = {
  name: "the coupon's use counted, refused when its limits are reached",
  when: ({ order }) => order.couponId !== null,
  run: async ({ tx, order }) => {
    const problem = await redeemCoupon(tx, {
      couponId: order.couponId as number,
      orderId: order.id,
      owner: ownerOfRow(order),
      discountPaise: order.discountPaise,
    });
    if (problem) throw new EffectRefused(`its coupon cannot be used: ${problem}`);
  },
};

export const releaseHeldPieces: Effect<OrderMoveContext> = {
  name: 'the held pieces released, and any coupon use given back',
  run: async (context) => {
    await release(context.tx, await linesOf(context));
    await releaseRedemption(context.tx, context.order.id);
  },
};

export const restockSoldPieces: Effect<OrderMoveContext> = {
  name: 'the sold pieces back on the shelf, and the coupon use given back',
  run: async (context) => {
    await restock(context.tx, await linesOf(context));
    await releaseRedemption(context.tx, context.order.id);
  },
};

// Tax papers (ADR 032): an online order is invoiced when paid, a cash-on-delivery order when it ships.

/** The shopper's "paid" message (with the invoice) for a move that pays an order without making it `paid`. */
export const paidMail: Effect<OrderMoveContext> = {
  name: "the shopper's paid message, with the invoice",
  run: ({ tx, order, customerNote }) => queueStatusMail(tx, order.id, 'paid', customerNote),
};

export const issueTaxInvoice: Effect<OrderMoveContext> = {
  name: 'the GST invoice issued',
  run: async ({ tx, order, at }) => {
    await issueInvoice(tx, order.id, at);
  },
};

export const invoiceCodAtShipping: Effect<OrderMoveContext> = {
  name: 'a cash-on-delivery order’s GST invoice issued',
  when: isCod,
  run: issueTaxInvoice.run,
};

export const creditInFull: Effect<OrderMoveContext> = {
  name: 'its invoice credited in full (a credit note, unless a refund credited it already)',
  run: async ({ tx, order, at }) => {
    await creditOrder(tx, order.id, { cancelled: true }, at);
  },
};

export const creditReturnedCodParcel: Effect<OrderMoveContext> = {
  name: 'a cash-on-delivery parcel’s invoice credited in full, as returned goods',
  when: isCod,
  run: async ({ tx, order, at }) => {
    await creditOrder(tx, order.id, { cancelled: true, returned: true }, at);
  },
};

// Cash on delivery (ADR 033).

export const becomeCashOnDelivery: Effect<OrderMoveContext> = {
  name: 'the order made cash on delivery (never expires), its receipt and the owner’s note queued',
  run: async ({ tx, order }) => {
    await markCashOnDelivery(tx, order.id);
    await queueOrderPlaced(tx, order.id);
  },
};

export const blockCodAfterReturn: Effect<OrderMoveContext> = {
  name: 'cash on delivery blocked for this shopper and phone number for 90 days (delivery’s RTO_BLOCK_DAYS)',
  when: isCod,
  // The block is the returned_to_origin line this move writes in the history, which delivery's codRefusal reads
  // (returnedToOriginSince); the line is what makes it hold, so it is written here even when the move's note is null.
  run: async ({ tx, order }) => {
    await recordEvent(tx, order.id, 'returned_to_origin', 'Cash on delivery blocked for this shopper for 90 days.');
  },
};

/** What a cash-on-delivery order costs paid online instead (the checkout's `priceOnline`), for `becomePrepaid`. */
export interface PrepaidPrice {
  prepaidDiscountPaise: number;
  totalPaise: number;
}

/**
 * A cash-on-delivery order paid online instead (issue 34): it becomes an online order at the price paid (no fee, the
 * prepaid discount taken, nothing to collect), paid now, and its GST is worked out again on that price, for the invoice issued
 * next. Its pieces were sold and its coupon counted at placement.
 */
export const becomePrepaid: Effect<OrderMoveContext & { readonly facts: { readonly prepaid?: PrepaidPrice } }> = {
  name: 'the order made online at the price paid (no COD fee, the prepaid discount, nothing to collect), its GST priced again',
  run: async ({ tx, order, facts, at }) => {
    const price = facts.prepaid as PrepaidPrice;
    // paid_at too: a packed order paid online stays packed, and the status write sets it only on `paid`.
    await markPaidOnline(tx, order.id, price, at);
    const lines = await orderLinesOf(tx, [order.id]);
    await repriceOrderTax(tx, order.id, {
      stateName: order.addressSnapshot.state,
      lines: lines.map((line) => ({
        productId: line.productId,
        description: goodsDescription({ name: line.productName, sizeLabel: line.sizeLabel, sku: line.sku }),
        quantity: line.quantity,
        linePaise: line.lineTotalPaise,
      })),
      discountPaise: order.discountPaise + price.prepaidDiscountPaise,
      shippingPaise: order.shippingPaise,
      codFeePaise: 0,
    });
  },
};
