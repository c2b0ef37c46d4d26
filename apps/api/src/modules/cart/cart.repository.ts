import {
  and,
  asc,
  cartItems,
  carts,
  categories,
  eq,
  productImages,
  productSizes,
  products,
  type Queryable,
  sizes,
  sql,
} from '@kapaas/db';
import type { Owner } from '../../lib/owner';

function ownerCondition(owner: Owner) {
  return owner.kind === 'user' ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId);
}

/** The owner's cart id, or undefined when they have none yet. */
export async function findCartId(db: Queryable, owner: Owner): Promise<number | undefined> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner));
  return row?.id;
}

/**
 * The owner's cart id, created when missing, with the cart row locked until the transaction
 * ends, so that concurrent changes to one cart happen one after another.
 */
export async function lockCart(tx: Queryable, owner: Owner): Promise<number> {
  await tx
    .insert(carts)
    .values(owner.kind === 'user' ? { userId: owner.userId } : { guestId: owner.guestId })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).for('update');
  if (!row) throw new Error('cart vanished while locked');
  return row.id;
}

/** A cart's lines with what pricing and availability need, oldest first. */
export async function cartLines(db: Queryable, cartId: number) {
  return db
    .select({
      productId: cartItems.productId,
      sizeId: cartItems.sizeId,
      quantity: cartItems.quantity,
      // The size advice the line was chosen by (ADR 060), which the order line keeps.
      sizeAdviceId: cartItems.sizeAdviceId,
      name: products.name,
      status: products.status,
      pricePaise: products.pricePaise,
      discountPricePaise: products.discountPricePaise,
      sizeLabel: sizes.label,
      // The category's return rule, which an order line keeps as it was at purchase (ADR 058).
      returnRule: categories.returnRule,
      returnRuleReason: categories.returnRuleReason,
      stock: productSizes.stock,
      reserved: productSizes.reserved,
      // The size's SKU, which the order line keeps (ADR 063).
      sku: productSizes.sku,
      image: sql<
        string | null
      >`(SELECT ${productImages.url} FROM ${productImages} WHERE ${productImages.productId} = ${cartItems.productId} ORDER BY ${productImages.position} LIMIT 1)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(sizes, eq(sizes.id, cartItems.sizeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(
      productSizes,
      and(eq(productSizes.productId, cartItems.productId), eq(productSizes.sizeId, cartItems.sizeId)),
    )
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
}
export type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

/** What can still be sold of a product in a size, or undefined when the product does not sell it. */
export async function sellableStock(db: Queryable, productId: number, sizeId: number) {
  const [row] = await db
    .select({ stock: productSizes.stock, reserved: productSizes.reserved, status: products.status })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)));
  if (row?.status !== 'active') return undefined;
  return Math.max(0, row.stock - row.reserved);
}

export async function lineQuantity(db: Queryable, cartId: number, productId: number, sizeId: number) {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), eq(cartItems.sizeId, sizeId)));
  return row?.quantity;
}

/**
 * Sets a line's quantity, creating the line if need be. A size advice given (ADR 060) replaces the line's; none
 * (null, or left out as the quantity change does) keeps the advice the line was first chosen by.
 */
export async function setLineQuantity(
  db: Queryable,
  cartId: number,
  productId: number,
  sizeId: number,
  quantity: number,
  sizeAdviceId: number | null = null,
) {
  const set = sizeAdviceId === null ? { quantity } : { quantity, sizeAdviceId };
  await db
    .insert(cartItems)
    .values({ cartId, productId, sizeId, quantity, sizeAdviceId })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId, cartItems.sizeId], set });
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** The sizes in which the cart holds a product. */
export async function sizesInCart(db: Queryable, cartId: number, productId: number): Promise<number[]> {
  const rows = await db
    .select({ sizeId: cartItems.sizeId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return rows.map((r) => r.sizeId);
}

export async function deleteLines(db: Queryable, cartId: number, productId: number, sizeId?: number) {
  const deleted = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        sizeId === undefined ? undefined : eq(cartItems.sizeId, sizeId),
      ),
    )
    .returning({ id: cartItems.id });
  return deleted.length;
}

export async function deleteCart(db: Queryable, cartId: number) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** Takes lines out of the owner's cart whatever their quantity (the order that bought them was paid). */
export async function removePaidLines(
  tx: Queryable,
  owner: Owner,
  lines: readonly { productId: number; sizeId: number }[],
): Promise<void> {
  const cartId = await findCartId(tx, owner);
  if (cartId === undefined) return;
  for (const line of lines) {
    await tx
      .delete(cartItems)
      .where(
        and(eq(cartItems.cartId, cartId), eq(cartItems.productId, line.productId), eq(cartItems.sizeId, line.sizeId)),
      );
  }
}
