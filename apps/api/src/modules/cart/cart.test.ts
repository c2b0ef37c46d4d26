import { CartListAnswer } from '@kapaas/contract';
import { and, carts, eq, productSizes, products, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

/** Products already handed to a test, so that tests never share a product (archiving one would touch another). */
const usedProducts = new Set<number>();

/** A product and size no other test uses, its stock set to exactly `stock`. */
async function stockedItem(stock: number) {
  const rows = await shop.database.db
    .select({ productId: productSizes.productId, sizeId: productSizes.sizeId })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(products.status, 'active'));
  const row = rows.find((r) => !usedProducts.has(r.productId));
  if (!row) throw new Error('no product left to test with');
  usedProducts.add(row.productId);
  await shop.database.db
    .update(productSizes)
    .set({ stock, reserved: 0 })
    .where(and(eq(productSizes.productId, row.productId), eq(productSizes.sizeId, row.sizeId)));
  return row;
}

async function cartOf(shopper: { post: TestShop['post'] }) {
  const response = await shopper.post('cart_list');
  expect(response.statusCode, response.body).toBe(200);
  return CartListAnswer.parse(response.json());
}

describe('the cart of a guest and of a user', () => {
  it('adds pieces and lists them priced from the catalogue now', async () => {
    const guest = await shop.guest();
    const item = await stockedItem(8);
    const added = await guest.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 2 });
    expect(added.json()).toMatchObject({ success: true, message: 'Product added to cart successfully.' });
    await guest.post('add_cart', { product_id: String(item.productId), size: item.sizeId, quantity: 1 });

    const [product] = await shop.database.db.select().from(products).where(eq(products.id, item.productId));
    const cart = await cartOf(guest);
    expect(cart.product).toHaveLength(1);
    const line = cart.product[0];
    const unit = product?.discountPricePaise ?? product?.pricePaise ?? 0;
    expect(line).toMatchObject({
      product_id: item.productId,
      size_id: item.sizeId,
      name: product?.name,
      selected_quantity: 3,
      max_quantity: 8,
      price: (product?.pricePaise ?? 0) / 100,
      discount_price: product?.discountPricePaise ? product.discountPricePaise / 100 : 0,
      total: (unit * 3) / 100,
      available: true,
    });
    expect(cart.total_items).toBe(3);
    expect(cart.shipping_charge).toBe(0); // the demo shop ships free

    await shop.database.db
      .update(products)
      .set({ pricePaise: 99_900, discountPricePaise: null })
      .where(eq(products.id, item.productId));
    expect((await cartOf(guest)).product[0]).toMatchObject({ price: 999, discount_price: 0, total: 2997 });
  });

  it('caps a line at the smaller of the stock and the per-order cap, refusing with 409', async () => {
    const user = await shop.user();
    const scarce = await stockedItem(3);
    const refused = await user.post('add_cart', { product_id: scarce.productId, size: scarce.sizeId, quantity: 4 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: 'You can add at most 3 of this size.' });
    expect((await cartOf(user)).product).toHaveLength(0);

    const plenty = await stockedItem(40);
    const [settings] = await shop.database.db.select().from(shopSettings);
    const cap = settings?.perOrderQuantityCap ?? 10;
    expect(
      (await user.post('add_cart', { product_id: plenty.productId, size: plenty.sizeId, quantity: cap })).statusCode,
    ).toBe(200);
    const over = await user.post('add_cart', { product_id: plenty.productId, size: plenty.sizeId, quantity: 1 });
    expect(over.statusCode).toBe(409);
    expect((await cartOf(user)).product[0]).toMatchObject({ selected_quantity: cap, max_quantity: cap });

    const soldOut = await stockedItem(0);
    const none = await user.post('add_cart', { product_id: soldOut.productId, size: soldOut.sizeId, quantity: 1 });
    expect(none.json().message).toBe('This size is out of stock.');
  });

  it('updates a quantity within 1..max_quantity and keeps the old value on refusal', async () => {
    const guest = await shop.guest();
    const item = await stockedItem(5);
    await guest.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 1 });
    expect((await guest.post('cart_quantity_update', { product_id: item.productId, quantity: 4 })).statusCode).toBe(
      200,
    );
    expect((await cartOf(guest)).product[0]?.selected_quantity).toBe(4);
    const tooMany = await guest.post('cart_quantity_update', { product_id: item.productId, quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    const zero = await guest.post('cart_quantity_update', { product_id: item.productId, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await cartOf(guest)).product[0]?.selected_quantity).toBe(4);
  });

  it('removes a product, and says so when it is not in the cart', async () => {
    const guest = await shop.guest();
    const item = await stockedItem(5);
    await guest.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 1 });
    const removed = await guest.post('remove_cart', { product_id: item.productId });
    expect(removed.json()).toMatchObject({ success: true, message: 'Item removed from guest cart.' });
    expect((await cartOf(guest)).product).toHaveLength(0);
    expect((await guest.post('remove_cart', { product_id: item.productId })).statusCode).toBe(404);
    const user = await shop.user();
    await user.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 1 });
    const fromUser = await user.post('remove_cart', { product_id: item.productId });
    expect(fromUser.json()).toMatchObject({ success: true, message: 'Item removed from cart.' });
  });

  it('keeps a line whose product left the shop or ran out, flagged unavailable and out of the total', async () => {
    const guest = await shop.guest();
    const gone = await stockedItem(5);
    const runOut = await stockedItem(5);
    await guest.post('add_cart', { product_id: gone.productId, size: gone.sizeId, quantity: 1 });
    await guest.post('add_cart', { product_id: runOut.productId, size: runOut.sizeId, quantity: 2 });
    await shop.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, gone.productId));
    await shop.database.db
      .update(productSizes)
      .set({ stock: 1 })
      .where(and(eq(productSizes.productId, runOut.productId), eq(productSizes.sizeId, runOut.sizeId)));
    const cart = await cartOf(guest);
    expect(cart.product.map((l) => [l.product_id, l.available, l.unavailable_reason])).toEqual([
      [gone.productId, false, 'This product is no longer available.'],
      [runOut.productId, false, 'Only 1 left in this size.'],
    ]);
    expect(cart.total_items).toBe(0);
    expect(cart.total_amount).toBe(0);
  });
});

describe('whose cart', () => {
  const calls = (productId: number, sizeId: number) =>
    [
      ['cart_list', {}],
      ['add_cart', { product_id: productId, size: sizeId, quantity: 1 }],
      ['cart_quantity_update', { product_id: productId, quantity: 1 }],
      ['remove_cart', { product_id: productId }],
    ] as const;

  it('answers 401 without a session', async () => {
    const item = await stockedItem(5);
    for (const [endpoint, body] of calls(item.productId, item.sizeId)) {
      const response = await shop.post(endpoint, body);
      expect(response.statusCode, endpoint).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        message: 'No user or guest session found. Please log in.',
      });
    }
  });

  it("answers 403 for another shopper's id and changes nothing", async () => {
    const item = await stockedItem(5);
    const victim = await shop.user();
    const victimGuest = await shop.guest();
    await victim.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 2 });
    const attacker = await shop.guest();
    for (const claim of [{ user_id: victim.userId }, { guest_id: victimGuest.guestId }]) {
      for (const [endpoint, body] of calls(item.productId, item.sizeId)) {
        const response = await attacker.post(endpoint, { ...body, ...claim });
        expect(response.statusCode, `${endpoint} ${JSON.stringify(claim)}`).toBe(403);
      }
    }
    expect((await cartOf(victim)).product[0]?.selected_quantity).toBe(2);
    expect((await cartOf(attacker)).product).toHaveLength(0);
  });

  it('uses the session when the id is missing, and accepts the own id', async () => {
    const item = await stockedItem(5);
    const user = await shop.user();
    await user.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 1, user_id: user.userId });
    expect((await user.post('cart_list', { user_id: user.userId })).json().product).toHaveLength(1);
    expect((await cartOf(user)).product).toHaveLength(1);
  });
});

describe('carts across a login', () => {
  it("merges a guest's cart into the user's: same lines add up, capped at max_quantity", async () => {
    const user = await shop.user();
    const shared = await stockedItem(6);
    const onlyGuest = await stockedItem(6);
    await user.post('add_cart', { product_id: shared.productId, size: shared.sizeId, quantity: 4 });
    await user.post('logout');

    const browser = shop.visitor();
    const guestId: number = (await browser.post('get_guest_id')).json().guest_id;
    await browser.post('add_cart', { product_id: shared.productId, size: shared.sizeId, quantity: 5 });
    await browser.post('add_cart', { product_id: onlyGuest.productId, size: onlyGuest.sizeId, quantity: 2 });
    const login = await browser.post('login', { user_name: user.email, password: user.password });
    expect(login.statusCode).toBe(200);

    const cart = await cartOf(browser);
    const quantities = Object.fromEntries(cart.product.map((l) => [l.product_id, l.selected_quantity]));
    expect(quantities).toEqual({ [shared.productId]: 6, [onlyGuest.productId]: 2 });
    expect(await shop.database.db.select().from(carts).where(eq(carts.guestId, guestId))).toEqual([]);
  });

  it('puts the item named at login or guest start into the cart once the session starts', async () => {
    const item = await stockedItem(5);
    const visitor = shop.visitor();
    const started = await visitor.post('get_guest_id', { product_id: item.productId, size: item.sizeId, quantity: 2 });
    expect(started.statusCode).toBe(200);
    expect((await cartOf(visitor)).product[0]).toMatchObject({ product_id: item.productId, selected_quantity: 2 });

    const user = await shop.user();
    const other = shop.visitor();
    const another = await stockedItem(5);
    await other.post('login', {
      user_name: user.phone,
      password: user.password,
      product_id: another.productId,
      size: another.sizeId,
      quantity: 1,
    });
    expect((await cartOf(other)).product.map((l) => l.product_id)).toContain(another.productId);
  });
});

describe('requests that are not JSON', () => {
  it('refuses a form post to a call that changes something, and changes nothing', async () => {
    const guest = await shop.guest();
    const item = await stockedItem(5);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/add_cart',
        headers: { 'content-type': type, cookie: guest.cookie },
        payload: `product_id=${item.productId}&size=${item.sizeId}&quantity=1`,
      });
      expect(response.statusCode, type).toBe(415);
    }
    expect((await cartOf(guest)).product).toHaveLength(0);
  });
});
