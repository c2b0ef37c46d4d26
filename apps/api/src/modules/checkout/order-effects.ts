import type { Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { releaseRedemption } from '../coupons';
import { orderStockLines, release, restock, type StockLine } from '../inventory';
import { changeStatus, unpaidOrdersOf } from '../orders';

/*
 * What an order that did not happen gives back, in the transaction that moved its status (ADR 012, ADR 033). Every
 * path that ends an order before it is fulfilled comes here, so that none forgets a part of it:
 * - giveBackHeld: an unpaid order (expired, its payment never started, Razorpay's COD refused, or replaced by a newer
 *   order of its shopper): the pieces it held are released. Its hold on a coupon ended with its status; a use it
 *   redeemed, which an unpaid order has not, would be given back too.
 * - giveBackSold: an order cancelled after its pieces were sold (paid online, or cash on delivery not yet shipped, by
 *   the owner or because nobody confirmed it): the pieces go back on the shelf and its use of the coupon is given back,
 *   so the coupon's limits, the shopper's own among them, do not count it.
 * Each answers the stock lines it gave back, for the catalogue to be told once the transaction commits.
 */

export async function giveBackHeld(tx: Queryable, orderId: number): Promise<StockLine[]> {
  const lines = await orderStockLines(tx, orderId);
  await release(tx, lines);
  await releaseRedemption(tx, orderId);
  return lines;
}

export async function giveBackSold(tx: Queryable, orderId: number): Promise<StockLine[]> {
  const lines = await orderStockLines(tx, orderId);
  await restock(tx, lines);
  await releaseRedemption(tx, orderId);
  return lines;
}

/**
 * A shopper who places an order has given up their earlier unpaid ones: closed the payment dialog, then chose cash on
 * delivery or changed the cart. Each such order of the owner expires now (compare-and-set, so a payment settling it
 * meanwhile wins) and gives back what it held, so the same pieces and the same coupon are not held twice until the
 * sweep. A payment for it that still arrives is taken while the stock lasts, as after any expiry. Answers the products
 * released.
 */
export async function releaseEarlierUnpaid(tx: Queryable, owner: Owner): Promise<number[]> {
  const released: number[] = [];
  for (const orderId of await unpaidOrdersOf(tx, owner)) {
    const moved = await changeStatus(
      tx,
      orderId,
      ['pending_payment'],
      'expired',
      'The shopper placed a new order instead. The items were released.',
      { customerNote: 'Closed unpaid, as you placed a new order instead.' },
    );
    if (moved) released.push(...(await giveBackHeld(tx, orderId)).map((line) => line.productId));
  }
  return released;
}
