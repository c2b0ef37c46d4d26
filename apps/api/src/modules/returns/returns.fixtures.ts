import { and, asc, categories, eq, productSizes, products, shopSettings } from '@kapaas/db';
import { expect } from 'vitest';
import type { Shopper, TestShop } from '../../../test/shop';
import { type AdminClient, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

/** Test helpers for returns: a product in two sizes, and orders of it delivered (paid online, or cash on delivery). */
export function returnFixtures(shop: () => TestShop, staff: () => AdminClient) {
  const checkout = checkoutFixtures(shop);
  const used = new Set<number>();
  const db = () => shop().database.db;

  /**
   * An active product no other test here uses, in two sizes: `bought` pieces of the first, `spare` of the second. Its
   * category is returnable (the demo shop makes some exchange only, ADR 058), so that any return may be asked of it.
   */
  async function twoSizes(bought: number, spare: number) {
    const rows = await db()
      .select({
        productId: productSizes.productId,
        sizeId: productSizes.sizeId,
        pricePaise: products.pricePaise,
        discountPricePaise: products.discountPricePaise,
      })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.status, 'active'), eq(categories.returnRule, 'returnable')))
      .orderBy(asc(productSizes.productId), asc(productSizes.sizeId));
    const productId = rows.find(
      (r) => !used.has(r.productId) && rows.filter((o) => o.productId === r.productId).length >= 2,
    )?.productId;
    const [first, second] = rows.filter((r) => r.productId === productId);
    if (productId === undefined || !first || !second) throw new Error('no product in two sizes left to test with');
    used.add(productId);
    await setStock(productId, first.sizeId, bought);
    await setStock(productId, second.sizeId, spare);
    const item = { ...first, unitPaise: first.discountPricePaise ?? first.pricePaise };
    return { item, newSizeId: second.sizeId };
  }

  async function setStock(productId: number, sizeId: number, stock: number) {
    await db()
      .update(productSizes)
      .set({ stock, reserved: 0 })
      .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)));
  }

  async function stockOf(productId: number, sizeId: number) {
    const [row] = await db()
      .select({ stock: productSizes.stock, reserved: productSizes.reserved })
      .from(productSizes)
      .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)));
    if (!row) throw new Error('no such stock row');
    return { ...row, free: row.stock - row.reserved };
  }

  const move = async (orderId: number, status: string) =>
    expectStatus(await staff().post(`/orders/${orderId}/status`, { status }), 200);

  type Item = Awaited<ReturnType<typeof twoSizes>>['item'];

  /** A guest's order of `quantity` pieces paid online, then packed, shipped and delivered. */
  async function deliveredOnline(item: Item, quantity = 1, extra = {}): Promise<{ shopper: Shopper; orderId: number }> {
    const { shopper, addressId } = await checkout.readyGuest(item, quantity);
    const placed = await checkout.placed(shopper, addressId, item, quantity, extra);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    for (const status of ['packed', 'shipped', 'delivered']) await move(placed.order_id, status);
    return { shopper, orderId: placed.order_id };
  }

  /** A guest's cash-on-delivery order (enough pieces for the shop's minimum), delivered and its cash recorded. */
  async function deliveredCod(item: Item, options: { collected?: boolean } = {}) {
    await db().update(shopSettings).set({ codEnabled: true, codConfirmAbovePaise: null }).where(eq(shopSettings.id, 1));
    const quantity = Math.ceil(29_900 / item.unitPaise);
    const { shopper, addressId } = await checkout.readyGuest(item, quantity);
    const placed = await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    for (const status of ['packed', 'shipped', 'delivered']) await move(orderId, status);
    if (options.collected !== false) expectStatus(await staff().post(`/orders/${orderId}/cod-collected`, {}), 200);
    return { shopper, orderId, quantity };
  }

  return { checkout, twoSizes, setStock, stockOf, deliveredOnline, deliveredCod };
}
