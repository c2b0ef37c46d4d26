import { eq, orderItems, orders, productSizes, products, sizes } from '@kapaas/db';
import { SAMPLE_ADDRESS_SNAPSHOT } from '../../../test/address-snapshot';
import type { TestShop } from '../../../test/shop';

/** The demo shop's product sizes with their names and labels, products in id order. */
async function stockLines(shop: TestShop) {
  return shop.database.db
    .select({ productId: productSizes.productId, sizeId: productSizes.sizeId, name: products.name, size: sizes.label })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .orderBy(productSizes.productId, sizes.sortOrder);
}

/**
 * A packed order of three lines, written straight to the database as checkout leaves it: the first product twice (in
 * two sizes) weighed `firstGrams`, a second product not weighed. The lines' quantities are 2, 1 and 3.
 */
export async function packedOrderOfThreeLines(shop: TestShop, firstGrams: number | null = 110) {
  const db = shop.database.db;
  const stock = await stockLines(shop);
  const first = stock.find((s) => stock.filter((t) => t.productId === s.productId).length >= 2);
  const second = stock.find((s) => s.productId !== first?.productId);
  const otherSize = stock.find((s) => s.productId === first?.productId && s.sizeId !== first?.sizeId);
  if (!first || !second || !otherSize) throw new Error('the demo shop lacks two products, one in two sizes');
  await db.update(products).set({ weightGrams: firstGrams }).where(eq(products.id, first.productId));
  await db.update(products).set({ weightGrams: null }).where(eq(products.id, second.productId));
  const { userId } = await shop.user();
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      status: 'packed',
      addressSnapshot: SAMPLE_ADDRESS_SNAPSHOT,
      itemsTotalPaise: 6 * 54_900,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 6 * 54_900,
    })
    .returning();
  if (!order) throw new Error('no order');
  const line = (s: typeof first, quantity: number) => ({
    orderId: order.id,
    productId: s.productId,
    sizeId: s.sizeId,
    productName: s.name,
    sizeLabel: s.size,
    productImage: '/media/demo/x.svg',
    unitPricePaise: 54_900,
    listPricePaise: 54_900,
    quantity,
    lineTotalPaise: quantity * 54_900,
  });
  const lines = [line(first, 2), line(otherSize, 1), line(second, 3)];
  await db.insert(orderItems).values(lines);
  return { order, lines };
}
