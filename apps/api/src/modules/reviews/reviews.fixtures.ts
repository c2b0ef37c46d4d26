import { OrderCreatedAnswer } from '@kapaas/contract';
import { categories, cities, eq, products, reviews, states } from '@kapaas/db';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Shopper, TestShop } from '../../../test/shop';
import { type AdminClient, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { photoForm } from '../photos/photos.fixtures';

type Item = Awaited<ReturnType<ReturnType<typeof checkoutFixtures>['stockedItem']>>;

/** Test helpers for reviews: shoppers who bought products and received them (or not yet), and photos. */
export function reviewFixtures(shop: () => TestShop, staff: () => AdminClient) {
  const checkout = checkoutFixtures(shop);
  let phones = 0;

  /**
   * A product no other test of the file uses and nobody reviewed yet (the demo shop's buyers reviewed some), with plenty
   * of stock in one size. Its category is returnable (ADR 058), so that the photo tests may also send it back.
   */
  async function product() {
    const db = shop().database.db;
    for (;;) {
      const item = await checkout.stockedItem(200);
      const reviewed = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.productId, item.productId))
        .limit(1);
      const [category] = await db
        .select({ rule: categories.returnRule })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, item.productId));
      if (reviewed.length === 0 && category?.rule === 'returnable') return item;
    }
  }

  async function addressOf(shopper: Shopper, name: { first: string; last: string }) {
    const db = shop().database.db;
    const [state] = await db.select().from(states).where(eq(states.name, 'Kerala'));
    if (!state) throw new Error('the demo shop has no Kerala');
    const [city] = await db.select().from(cities).where(eq(cities.stateId, state.id)).limit(1);
    if (!city) throw new Error('Kerala has no city');
    phones += 1;
    const response = await shopper.post('add_address', {
      first_name: name.first,
      last_name: name.last,
      address: '22 Market Road, Ernakulam',
      state: state.id,
      city: city.id,
      pin_code: '682017',
      email_id: `${name.first.toLowerCase()}${phones}@example.in`,
      phone_number: `98460${String(phones).padStart(5, '0')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().address_id as number;
  }

  /**
   * An order of one piece of each item, paid online and moved by the staff as far as `until`
   * (delivered unless told otherwise). Answers the order's id.
   */
  async function ordered(
    shopper: Shopper,
    items: Item[],
    options: { until?: 'paid' | 'shipped' | 'delivered'; name?: { first: string; last: string } } = {},
  ) {
    for (const item of items) await checkout.addToCart(shopper, item, 1);
    const addressId = await addressOf(shopper, options.name ?? { first: 'Ananya', last: 'Rao' });
    const placed = await checkout.place(
      shopper,
      addressId,
      items.map((item) => ({ item, quantity: 1 })),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = OrderCreatedAnswer.parse(placed.json());
    const handler = await checkout.paid(order.razorpay_order_id);
    expect((await checkout.confirm(shopper, order.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    const until = options.until ?? 'delivered';
    const moves =
      until === 'paid' ? [] : until === 'shipped' ? ['packed', 'shipped'] : ['packed', 'shipped', 'delivered'];
    for (const status of moves) expectStatus(await staff().post(`/orders/${order.order_id}/status`, { status }), 200);
    return order.order_id;
  }

  /** A new guest who received one piece of each item. */
  async function guestBuyer(items: Item[], name?: { first: string; last: string }) {
    const guest = await shop().guest();
    await ordered(guest, items, { name });
    return guest;
  }

  /** POST /api/photo_upload as the review form sends it: a photo for the review of `productId`. */
  function upload(shopper: Shopper, productId: number, bytes: Buffer, contentType = 'image/png') {
    const body = photoForm(bytes, { purpose: 'review', product_id: productId }, contentType);
    return shop().app.inject({
      method: 'POST',
      url: '/api/photo_upload',
      headers: { 'content-type': body.contentType, ...(shopper.cookie ? { cookie: shopper.cookie } : {}) },
      payload: body.payload,
    });
  }

  const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 230, g: 200, b: 170 } } })
      .toFormat(format)
      .toBuffer();

  return { checkout, product, ordered, guestBuyer, upload, picture };
}

/** A review body as review_add takes it. */
export const reviewOf = (productId: number, rating = 5, fit = 'true_to_size', extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  rating,
  text: 'Soft organic cotton, washes well and the colour stays.',
  fit,
  ...extra,
});
