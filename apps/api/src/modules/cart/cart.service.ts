import type { CartItem, CartListAnswer } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { addressSnapshotOf } from '../addresses';
import { prepaidDiscountPaise, prepaidTermsOf } from '../coupons';
import {
  codAdvanceOf,
  codRefusal,
  deliveryTermsOf,
  NOT_DELIVERED,
  quoteDelivery,
  shippingFor,
  zoneTermsOf,
} from '../delivery';
import { adviceNaming, fitLineKey, fitWarningsOf } from '../fit';
import {
  type CartLineRow,
  cartLines,
  deleteCart,
  deleteLines,
  findCartId,
  lineQuantity,
  lockCart,
  sellableStock,
  setLineQuantity,
  sizesInCart,
} from './cart.repository';

/** An item a shopper asks for: a product in a size, some pieces. */
export interface WantedItem {
  productId: number;
  sizeId: number;
  quantity: number;
  /** The "find my size" answer the shopper chose this size by (ADR 060); kept only if it named this product and size. */
  adviceId?: number;
}

/** The most one line may hold: the sellable stock of its size, capped per order (product.md §13). */
export const maxQuantity = (sellable: number, cap: number) => Math.max(0, Math.min(sellable, cap));

function refusal(max: number): AppError {
  if (max === 0) return new AppError('CONFLICT', 'This size is out of stock.', { code: 'INSUFFICIENT_STOCK' });
  return new AppError('CONFLICT', `You can add at most ${max} of this size.`, { code: 'INSUFFICIENT_STOCK' });
}

/** Prices a line from the catalogue as it is now, and says whether it can still be bought. */
export function priceLine(row: CartLineRow, cap: number): CartItem {
  const sellable = row.stock === null ? 0 : Math.max(0, row.stock - (row.reserved ?? 0));
  const max = maxQuantity(sellable, cap);
  const unit = row.discountPricePaise ?? row.pricePaise;
  let reason: string | null = null;
  if (row.status !== 'active' || row.stock === null) reason = 'This product is no longer available.';
  else if (max === 0) reason = 'This size is out of stock.';
  else if (row.quantity > max) reason = `Only ${max} left in this size.`;
  return {
    product_id: row.productId,
    size_id: row.sizeId,
    name: row.name,
    product_image: row.image ?? '',
    selected_size_name: row.sizeLabel,
    selected_quantity: row.quantity,
    max_quantity: max,
    price: paiseToRupees(row.pricePaise),
    discount_price: row.discountPricePaise === null ? 0 : paiseToRupees(row.discountPricePaise),
    total: paiseToRupees(unit * row.quantity),
    available: reason === null,
    unavailable_reason: reason,
    fit_warning: null,
  };
}

/**
 * The owner's cart, every line priced now; unavailable lines stay listed, flagged. With what delivery to the address
 * (the one named, else the shopper's active one) costs and when it arrives, and whether cash on delivery may be
 * chosen there (ADR 033). Without an address, the rest-of-India charge stands as an estimate. An address that is
 * not the caller's is 404.
 */
export async function listCart(
  db: Queryable,
  owner: Owner,
  shop: { cap: number; addressId?: number | undefined; now?: Date },
): Promise<CartListAnswer> {
  const { cap } = shop;
  const cartId = await findCartId(db, owner);
  const priced = cartId === undefined ? [] : (await cartLines(db, cartId)).map((row) => priceLine(row, cap));
  const lines = await withFitWarnings(db, owner, priced, shop.now ?? new Date());
  const available = lines.filter((line) => line.available);
  const itemsPaise = available.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  return {
    success: true,
    product: lines,
    total_items: available.reduce((n, line) => n + line.selected_quantity, 0),
    total_amount: paiseToRupees(itemsPaise),
    ...(await deliveryTerms(db, owner, itemsPaise, shop.addressId, shop.now ?? new Date())),
    prepaid_discount: await prepaidOn(db, itemsPaise),
  };
}

/** A signed-in parent's lines with the fit module's warning beside each size outside their children's ages. */
async function withFitWarnings(db: Queryable, owner: Owner, lines: CartItem[], now: Date): Promise<CartItem[]> {
  if (owner.kind !== 'user') return lines;
  const warnings = await fitWarningsOf(db, owner.userId, lines, now);
  return lines.map((line) => ({ ...line, fit_warning: warnings.get(fitLineKey(line)) ?? null }));
}

/** The shop's prepaid discount and what it takes off these items without a coupon, in rupees (ADR 047). */
async function prepaidOn(db: Queryable, itemsPaise: number): Promise<CartListAnswer['prepaid_discount']> {
  const terms = await prepaidTermsOf(db);
  return {
    percent: terms.percent,
    max: terms.maxPaise === null ? null : paiseToRupees(terms.maxPaise),
    amount: paiseToRupees(prepaidDiscountPaise(itemsPaise, terms)),
  };
}

type DeliveryFields = Pick<
  CartListAnswer,
  'shipping_charge' | 'zone_charge' | 'free_shipping_above' | 'shipping_zone' | 'delivery_by' | 'cod'
>;

/** The shipping, delivery date and cash-on-delivery terms of a cart going to an address (or to no address yet). */
async function deliveryTerms(
  db: Queryable,
  owner: Owner,
  itemsPaise: number,
  addressId: number | undefined,
  now: Date,
): Promise<DeliveryFields> {
  const address = await addressSnapshotOf(db, owner, addressId ?? 'active');
  if (addressId !== undefined && !address) throw new AppError('NOT_FOUND', 'Address not found.');
  const terms = await deliveryTermsOf(db);
  const cod = (offered: boolean, reason: string | null, advancePaise = 0) => ({
    offered,
    reason,
    fee: paiseToRupees(terms.codFeePaise),
    min_order: paiseToRupees(terms.codMinOrderPaise),
    max_order: paiseToRupees(terms.codMaxOrderPaise),
    advance: paiseToRupees(advancePaise),
  });
  const quote = address ? await quoteDelivery(db, address.pin_code, now, terms) : undefined;
  if (!address || !quote) {
    const rest = (await zoneTermsOf(db)).get('rest');
    return {
      shipping_charge: paiseToRupees(rest ? shippingFor(rest, itemsPaise) : 0),
      zone_charge: paiseToRupees(rest?.chargePaise ?? 0),
      free_shipping_above: rest?.freeAbovePaise == null ? null : paiseToRupees(rest.freeAbovePaise),
      shipping_zone: null,
      delivery_by: null,
      cod: cod(
        false,
        terms.codEnabled
          ? 'Choose a delivery address to see whether cash on delivery is available.'
          : 'This shop does not offer cash on delivery.',
      ),
    };
  }
  const zoneFields = {
    shipping_zone: quote.zone,
    free_shipping_above: quote.freeAbovePaise === null ? null : paiseToRupees(quote.freeAbovePaise),
  };
  if (!quote.window) {
    return { ...zoneFields, shipping_charge: 0, zone_charge: 0, delivery_by: null, cod: cod(false, NOT_DELIVERED) };
  }
  const who = { owner, phone: address.phone_number, email: address.email_id };
  const refusal = await codRefusal(db, terms, {
    owner,
    pin: address.pin_code,
    phone: address.phone_number,
    address: address.address,
    now,
  });
  return {
    ...zoneFields,
    shipping_charge: paiseToRupees(shippingFor(quote, itemsPaise)),
    zone_charge: paiseToRupees(quote.chargePaise),
    delivery_by: quote.window.to,
    // The advance before the order's total is known: the storefront shows at most the total (issue 34).
    cod: cod(refusal === null, refusal, await codAdvanceOf(db, terms, who, Number.MAX_SAFE_INTEGER)),
  };
}

/** Adds pieces to a line, refusing (409) what would pass the line's max_quantity. */
export async function addToCart(tx: Queryable, owner: Owner, item: WantedItem, cap: number): Promise<void> {
  const cartId = await lockCart(tx, owner);
  const sellable = await sellableStock(tx, item.productId, item.sizeId);
  if (sellable === undefined) throw new AppError('NOT_FOUND', 'This product is not sold in that size.');
  const max = maxQuantity(sellable, cap);
  const wanted = ((await lineQuantity(tx, cartId, item.productId, item.sizeId)) ?? 0) + item.quantity;
  if (wanted > max) throw refusal(max);
  const sizeAdviceId = await adviceNaming(tx, item.adviceId, item);
  await setLineQuantity(tx, cartId, item.productId, item.sizeId, wanted, sizeAdviceId);
}

/** Which of the cart's lines of a product a call means: the given size, or the only one. */
async function lineSize(tx: Queryable, cartId: number, productId: number, sizeId: number | undefined) {
  const inCart = await sizesInCart(tx, cartId, productId);
  if (sizeId !== undefined) {
    if (!inCart.includes(sizeId)) throw new AppError('NOT_FOUND', 'This item is not in your cart.');
    return sizeId;
  }
  if (inCart.length === 0) throw new AppError('NOT_FOUND', 'This item is not in your cart.');
  if (inCart.length > 1) {
    throw new AppError('INVALID_DATA', 'Your cart holds this product in several sizes: say which size.', {
      errors: { size: ['Required when the cart holds the product in several sizes.'] },
    });
  }
  return inCart[0] as number;
}

/** Sets a line's quantity (1..max_quantity); a refusal leaves it unchanged. */
export async function updateQuantity(
  db: Database,
  owner: Owner,
  change: { productId: number; sizeId?: number; quantity: number },
  cap: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, owner);
    const sizeId = await lineSize(tx, cartId, change.productId, change.sizeId);
    const sellable = (await sellableStock(tx, change.productId, sizeId)) ?? 0;
    const max = maxQuantity(sellable, cap);
    if (change.quantity > max) throw refusal(max);
    await setLineQuantity(tx, cartId, change.productId, sizeId, change.quantity);
  });
}

/** Removes a product (one size, or every size) from the cart. */
export async function removeFromCart(db: Database, owner: Owner, productId: number, sizeId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, owner);
    if ((await deleteLines(tx, cartId, productId, sizeId)) === 0) {
      throw new AppError('NOT_FOUND', 'This item is not in your cart.');
    }
  });
}

/**
 * Moves a guest's cart into a user's when the guest logs in: the same product and size add
 * their quantities, capped at the line's max_quantity; lines that can no longer be bought are
 * kept as they are so that the user sees them flagged. The guest's cart is then deleted.
 */
export async function mergeGuestCart(tx: Queryable, guestId: number, userId: number, cap: number): Promise<void> {
  const guestCartId = await findCartId(tx, { kind: 'guest', guestId });
  if (guestCartId === undefined) return;
  const userCartId = await lockCart(tx, { kind: 'user', userId });
  for (const line of await cartLines(tx, guestCartId)) {
    const sellable = (await sellableStock(tx, line.productId, line.sizeId)) ?? 0;
    const max = maxQuantity(sellable, cap);
    const existing = (await lineQuantity(tx, userCartId, line.productId, line.sizeId)) ?? 0;
    const merged = max === 0 ? Math.max(existing, line.quantity) : Math.min(existing + line.quantity, max);
    const quantity = Math.max(existing, merged, 1);
    await setLineQuantity(tx, userCartId, line.productId, line.sizeId, quantity, line.sizeAdviceId);
  }
  await deleteCart(tx, guestCartId);
}
