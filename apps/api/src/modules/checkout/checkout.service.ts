import type { OrderCreatedAnswer } from '@kapaas/contract';
import {
  addresses,
  and,
  cities,
  count,
  couponRedemptions,
  coupons,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  orderEvents,
  orderItems,
  orders,
  type Queryable,
  shopSettings,
  states,
} from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import { type Owner, ownerColumns } from '../../lib/owner';
import { type CartLineRow, cartLines, lockCart } from '../cart/cart.repository';
import { evaluateCoupon } from '../coupons/coupon-rules';
import { changeStatus } from '../orders/lifecycle';
import { orderStockLines, release, reserve } from '../orders/stock';
import { ProviderError } from '../razorpay/razorpay.client';
import type { CheckoutDeps } from './settlement';

/** One line as the first call asks for it (client amounts already dropped by the route). */
export interface WantedLine {
  productId: number;
  sizeId?: number | undefined;
  quantity: number;
}

export interface PlaceOrderInput {
  addressId: number;
  couponId: number | null;
  lines: WantedLine[];
}

const CURRENCY = 'INR';

/**
 * The provider receipt of an order: its id, plus its creation second so that a database started
 * afresh against the same Razorpay account never reuses an earlier order's receipt (ADR 012).
 * Razorpay allows 40 characters.
 */
export function receiptFor(order: { id: number; createdAt: Date }): string {
  return `kapaas_${order.id}_${Math.floor(order.createdAt.getTime() / 1000).toString(36)}`;
}

async function settingsOf(db: Queryable) {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    shippingPaise: row?.shippingChargePaise ?? 0,
    cap: row?.perOrderQuantityCap ?? 10,
    expiryMinutes: row?.paymentExpiryMinutes ?? 30,
  };
}

async function addressSnapshotOf(db: Queryable, owner: Owner, addressId: number) {
  const [row] = await db
    .select({
      first_name: addresses.firstName,
      last_name: addresses.lastName,
      address: addresses.address,
      state: states.name,
      city: cities.name,
      pin_code: addresses.pinCode,
      email_id: addresses.email,
      phone_number: addresses.phone,
    })
    .from(addresses)
    .innerJoin(states, eq(states.id, addresses.stateId))
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .where(
      and(
        eq(addresses.id, addressId),
        owner.kind === 'user' ? eq(addresses.userId, owner.userId) : eq(addresses.guestId, owner.guestId),
      ),
    );
  return row;
}

/** Each wanted line matched to the cart line it buys; the cart says the size when the shopper did not. */
function matchCart(wanted: WantedLine[], cart: CartLineRow[]): { line: WantedLine; row: CartLineRow }[] {
  const seen = new Set<string>();
  return wanted.map((line, index) => {
    const candidates = cart.filter(
      (row) => row.productId === line.productId && (line.sizeId === undefined || row.sizeId === line.sizeId),
    );
    if (candidates.length === 0) {
      throw new AppError('CONFLICT', 'An item of this order is no longer in your cart. Please review your cart.', {
        code: 'CART_CHANGED',
      });
    }
    if (candidates.length > 1) {
      throw new AppError('INVALID_DATA', 'Please choose a size for each item.', {
        errors: {
          [`product_details.${index}.size`]: ['Your cart holds this product in more than one size: say which.'],
        },
      });
    }
    const row = candidates[0] as CartLineRow;
    const key = `${row.productId}:${row.sizeId}`;
    if (seen.has(key)) {
      throw new AppError('INVALID_DATA', 'The same item appears twice in this order.', {
        errors: { [`product_details.${index}`]: ['This product and size are already in the order.'] },
      });
    }
    seen.add(key);
    return { line, row };
  });
}

/**
 * Checks the coupon for this order under its row lock, counting the uses that unpaid orders still
 * hold (ADR 012): with usage limit 3, three orders can be waiting for payment with it, not twenty.
 */
async function applyCoupon(tx: Queryable, owner: Owner, couponId: number, itemsTotalPaise: number, now: Date) {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  if (!coupon) throw new AppError('NOT_FOUND', 'Coupon not found.');
  const ownerOfOrder = owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);
  const pending = and(eq(orders.couponId, couponId), eq(orders.status, 'pending_payment'), gt(orders.expiresAt, now));
  const [heldByAll] = await tx.select({ n: count() }).from(orders).where(pending);
  const [heldByOwner] = await tx.select({ n: count() }).from(orders).where(and(pending, ownerOfOrder));
  const [usedByOwner] = await tx
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        owner.kind === 'user'
          ? eq(couponRedemptions.userId, owner.userId)
          : eq(couponRedemptions.guestId, owner.guestId),
      ),
    );
  const verdict = evaluateCoupon(
    { ...coupon, usedCount: coupon.usedCount + (heldByAll?.n ?? 0) },
    { itemsTotalPaise, now, pastRedemptions: (usedByOwner?.n ?? 0) + (heldByOwner?.n ?? 0) },
  );
  if (!verdict.applicable) {
    throw new AppError('CONFLICT', verdict.message, { code: `COUPON_${verdict.reason}` });
  }
  return { coupon, discountPaise: verdict.discountPaise };
}

/** An open order this close to expiring is not handed out again: the shopper would run out of time paying. */
export const REUSE_MARGIN_MS = 2 * 60_000;

type OrderRow = typeof orders.$inferSelect;
type AddressSnapshot = NonNullable<Awaited<ReturnType<typeof addressSnapshotOf>>>;
interface PricedLine {
  row: CartLineRow;
  quantity: number;
  unit: number;
}

/**
 * The caller's unpaid order for exactly this purchase (same lines, quantities and prices, same
 * address, coupon and shipping), if one is open with time left to pay. A double-click, a retried
 * request or a reload of the billing page then pays that order instead of holding the stock twice.
 */
async function openOrderFor(
  tx: Queryable,
  owner: Owner,
  purchase: { address: AddressSnapshot; couponId: number | null; shippingPaise: number; lines: PricedLine[] },
  now: Date,
): Promise<OrderRow | undefined> {
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId),
        eq(orders.status, 'pending_payment'),
        gt(orders.expiresAt, new Date(now.getTime() + REUSE_MARGIN_MS)),
        purchase.couponId === null ? isNull(orders.couponId) : eq(orders.couponId, purchase.couponId),
        eq(orders.shippingPaise, purchase.shippingPaise),
      ),
    )
    .orderBy(desc(orders.id));
  if (candidates.length === 0) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        candidates.map((c) => c.id),
      ),
    );
  const lineKey = (l: { productId: number; sizeId: number; quantity: number; unitPricePaise: number }) =>
    `${l.productId}:${l.sizeId}:${l.quantity}:${l.unitPricePaise}`;
  const wanted = purchase.lines
    .map(({ row, quantity, unit }) => lineKey({ ...row, quantity, unitPricePaise: unit }))
    .sort()
    .join('|');
  const address = JSON.stringify(purchase.address, Object.keys(purchase.address).sort());
  return candidates.find(
    (order) =>
      JSON.stringify(order.addressSnapshot, Object.keys(purchase.address).sort()) === address &&
      items
        .filter((item) => item.orderId === order.id)
        .map(lineKey)
        .sort()
        .join('|') === wanted,
  );
}

/**
 * order_place, first call (product.md §14, ADR 012). In one transaction: the address must be the
 * caller's; every line is priced from the catalogue (client amounts are never read); the coupon is
 * judged under its rules; the shipping charge is added; the stock is reserved with conditional
 * updates; the order is written in pending_payment with its lines and snapshots. Then the provider
 * order is created with the order's receipt; if that fails the order becomes payment_failed and
 * its stock is released.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  owner: Owner,
  input: PlaceOrderInput,
): Promise<OrderCreatedAnswer> {
  const now = new Date();
  const result = await deps.db.transaction(async (tx): Promise<{ order: OrderRow; reused: boolean }> => {
    const settings = await settingsOf(tx);
    const address = await addressSnapshotOf(tx, owner, input.addressId);
    if (!address) throw new AppError('NOT_FOUND', 'Address not found.');

    const cartId = await lockCart(tx, owner);
    const matched = matchCart(input.lines, await cartLines(tx, cartId));
    for (const { line, row } of matched) {
      if (row.status !== 'active' || row.stock === null) {
        throw new AppError('CONFLICT', `${row.name} is no longer available. Please remove it from your cart.`, {
          code: 'UNAVAILABLE',
        });
      }
      if (line.quantity > settings.cap) {
        throw new AppError(
          'CONFLICT',
          `You can buy at most ${settings.cap} of ${row.name} (${row.sizeLabel}) in one order.`,
          {
            code: 'QUANTITY_CAP',
          },
        );
      }
    }

    const priced = matched.map(({ line, row }) => {
      const unit = row.discountPricePaise ?? row.pricePaise;
      return { line, row, unit, quantity: line.quantity, total: unit * line.quantity };
    });
    const open = await openOrderFor(
      tx,
      owner,
      { address, couponId: input.couponId, shippingPaise: settings.shippingPaise, lines: priced },
      now,
    );
    if (open) return { order: open, reused: true };

    const itemsTotalPaise = priced.reduce((sum, p) => sum + p.total, 0);
    const applied = input.couponId === null ? null : await applyCoupon(tx, owner, input.couponId, itemsTotalPaise, now);
    const discountPaise = applied?.discountPaise ?? 0;
    const shippingPaise = settings.shippingPaise;
    const totalPaise = itemsTotalPaise - discountPaise + shippingPaise;
    if (totalPaise < 100) {
      throw new AppError('CONFLICT', 'The order total must be at least ₹1 to pay online.', { code: 'TOTAL_TOO_LOW' });
    }

    const short = await reserve(
      tx,
      priced.map(({ line, row }) => ({ productId: row.productId, sizeId: row.sizeId, quantity: line.quantity })),
    );
    if (short) {
      const row = priced.find((p) => p.row.productId === short.productId && p.row.sizeId === short.sizeId)?.row;
      const left = row && row.stock !== null ? Math.max(0, row.stock - (row.reserved ?? 0)) : 0;
      const what = row ? `${row.name} (${row.sizeLabel})` : 'An item';
      // Roll back whatever was reserved before the short line: throwing ends the transaction.
      throw new AppError(
        'CONFLICT',
        left > 0 && left < short.quantity ? `Only ${left} left of ${what}.` : `${what} is out of stock.`,
        { code: 'INSUFFICIENT_STOCK' },
      );
    }

    const [order] = await tx
      .insert(orders)
      .values({
        ...ownerColumns(owner),
        status: 'pending_payment',
        addressSnapshot: address,
        couponId: applied?.coupon.id ?? null,
        couponSnapshot: applied
          ? {
              coupon_id: applied.coupon.id,
              code: applied.coupon.code,
              name: applied.coupon.name,
              type: applied.coupon.type,
              amount_paise: applied.coupon.amountPaise,
              percentage: applied.coupon.percentage,
            }
          : null,
        itemsTotalPaise,
        discountPaise,
        shippingPaise,
        totalPaise,
        currency: CURRENCY,
        expiresAt: new Date(now.getTime() + settings.expiryMinutes * 60_000),
      })
      .returning();
    if (!order) throw new Error('the order insert returned nothing');
    await tx.insert(orderItems).values(
      priced.map(({ line, row, unit, total }) => ({
        orderId: order.id,
        productId: row.productId,
        sizeId: row.sizeId,
        productName: row.name,
        sizeLabel: row.sizeLabel,
        productImage: row.image ?? '',
        unitPricePaise: unit,
        listPricePaise: row.pricePaise,
        quantity: line.quantity,
        lineTotalPaise: total,
      })),
    );
    await tx.insert(orderEvents).values({ orderId: order.id, status: 'pending_payment', note: 'Order placed.' });
    return { order, reused: false };
  });
  const placed = result.order;
  if (!result.reused) deps.metrics?.orderPlaced();
  if (!result.reused) await deps.catalogue.stockChanged(input.lines.map((line) => line.productId));

  // A reused order normally has its provider order already; when its first call is still creating
  // it, the same receipt makes Razorpay answer that same provider order (unique_receipt).
  let providerOrderId = placed.razorpayOrderId;
  if (providerOrderId === null) providerOrderId = await openProviderOrder(deps, placed, !result.reused);

  return {
    success: true,
    message: 'Order created successfully.',
    order_id: placed.id,
    razorpay_order_id: providerOrderId,
    amount: placed.totalPaise,
    currency: CURRENCY,
    key: deps.payments.keyId,
    checkout_url: deps.payments.checkoutUrl,
    items_total: paiseToRupees(placed.itemsTotalPaise),
    coupon_discount: paiseToRupees(placed.discountPaise),
    shipping_charge: paiseToRupees(placed.shippingPaise),
    total: paiseToRupees(placed.totalPaise),
    expires_at: (placed.expiresAt as Date).toISOString(),
  };
}

/**
 * Creates (or, by its receipt, finds) the provider order. If that fails, a new order fails and its
 * stock is released; a reused one is left to the call that made it.
 */
async function openProviderOrder(deps: CheckoutDeps, placed: OrderRow, abandonOnFailure: boolean): Promise<string> {
  try {
    const created = await deps.payments.client.createOrder({
      amount: placed.totalPaise,
      currency: CURRENCY,
      receipt: receiptFor(placed),
      notes: { order_id: String(placed.id) },
    });
    await deps.db
      .update(orders)
      .set({ razorpayOrderId: created.id })
      .where(and(eq(orders.id, placed.id), isNull(orders.razorpayOrderId)));
    return created.id;
  } catch (error) {
    deps.log.error({ err: error, orderId: placed.id }, 'could not create the provider order');
    deps.metrics?.paymentFailed('provider_unavailable');
    if (abandonOnFailure) await abandonOrder(deps, placed.id, error);
    if (error instanceof ProviderError) {
      throw new AppError('PROVIDER_UNAVAILABLE', 'We could not start the payment. Please try again.', {
        code: 'PROVIDER_UNAVAILABLE',
      });
    }
    throw error;
  }
}

/** The provider order could not be made: the order fails and what it held goes back on sale. */
async function abandonOrder(deps: CheckoutDeps, orderId: number, error: unknown): Promise<void> {
  const detail = error instanceof ProviderError ? error.description : 'internal error';
  const released = await deps.db.transaction(async (tx) => {
    const moved = await changeStatus(
      tx,
      orderId,
      ['pending_payment'],
      'payment_failed',
      `The payment could not be started (${detail}). The items were released.`,
    );
    if (!moved) return [];
    const lines = await orderStockLines(tx, orderId);
    await release(tx, lines);
    return lines;
  });
  await deps.catalogue.stockChanged(released.map((line) => line.productId));
}
