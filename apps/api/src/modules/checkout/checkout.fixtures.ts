import { createHmac } from 'node:crypto';
import { CheckoutHandlerResponse, OrderCreatedAnswer } from '@kapaas/contract';
import {
  and,
  asc,
  cities,
  coupons,
  eq,
  orders,
  payments,
  productSizes,
  products,
  shippingZones,
  states,
} from '@kapaas/db';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Shopper, TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX, SANDBOX_WEBHOOK_SECRET, WEBHOOK_PATH } from '../../dev/razorpay-sandbox/sandbox.constants';
import { expireDueOrders } from './expiry';

/** Coupons made by the fixtures in this process, for codes no two share. */
let couponsMade = 0;

/** Test helpers for checkout: items with known stock, a saved address, placing and paying. */
/**
 * Where a test address is: a state of the demo shop, a real PIN code in it and, optionally, the phone number and the
 * street line. Left out, each saved address gets a phone number and a house number of its own.
 */
export interface DeliveryPlace {
  state: string;
  pin: string;
  phone?: string;
  street?: string;
  /** The address's e-mail; the same for every household unless given (a COD advance's first order tells them apart). */
  email?: string;
}

/** The fixtures' usual address, in Kochi: the rest-of-India zone of the demo shop, registered in Maharashtra. */
export const KOCHI = { state: 'Kerala', pin: '682017' } as const;

export function checkoutFixtures(shop: () => TestShop) {
  const usedProducts = new Set<number>();
  let households = 0;
  const db = () => shop().database.db;

  /** A product and size no other test uses, its stock set to exactly `stock` and nothing reserved. */
  async function stockedItem(stock: number) {
    const rows = await db()
      .select({
        productId: productSizes.productId,
        sizeId: productSizes.sizeId,
        pricePaise: products.pricePaise,
        discountPricePaise: products.discountPricePaise,
      })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .where(eq(products.status, 'active'))
      .orderBy(asc(productSizes.id));
    const row = rows.find((r) => !usedProducts.has(r.productId));
    if (!row) throw new Error('no product left to test with');
    usedProducts.add(row.productId);
    await db()
      .update(productSizes)
      .set({ stock, reserved: 0 })
      .where(and(eq(productSizes.productId, row.productId), eq(productSizes.sizeId, row.sizeId)));
    return { ...row, unitPaise: row.discountPricePaise ?? row.pricePaise };
  }
  type Item = Awaited<ReturnType<typeof stockedItem>>;

  async function stockOf(item: Item) {
    const [row] = await db()
      .select({ stock: productSizes.stock, reserved: productSizes.reserved })
      .from(productSizes)
      .where(and(eq(productSizes.productId, item.productId), eq(productSizes.sizeId, item.sizeId)));
    if (!row) throw new Error('stock row vanished');
    return row;
  }

  async function addToCart(shopper: Shopper, item: Item, quantity: number) {
    const added = await shopper.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity });
    expect(added.statusCode, added.body).toBe(200);
  }

  /**
   * Saves a delivery address for the shopper and answers its id: in Kochi, Kerala, unless `place` names another
   * state, a real PIN code of it, a phone number and a street line. Each address the place does not give a phone
   * number and a street is another household's: the shop counts open cash-on-delivery orders per phone number and
   * per delivery address, so fixture shoppers who share them would hold each other's.
   */
  async function addressOf(shopper: Shopper, place: DeliveryPlace = KOCHI): Promise<number> {
    households += 1;
    const [state] = await db().select().from(states).where(eq(states.name, place.state));
    if (!state) throw new Error(`the demo shop has no ${place.state}`);
    const [city] = await db().select().from(cities).where(eq(cities.stateId, state.id)).limit(1);
    if (!city) throw new Error(`${place.state} has no city`);
    const response = await shopper.post('add_address', {
      first_name: 'Asha',
      last_name: 'Menon',
      address: place.street ?? `${households} Lake View Road, Kaloor`,
      state: state.id,
      city: city.id,
      pin_code: place.pin,
      email_id: place.email ?? 'asha@example.in',
      phone_number: place.phone ?? `9847${String(households).padStart(6, '0')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().address_id as number;
  }

  /** The first call, with the lines as the storefront sends them (amounts it made up included). */
  function place(
    shopper: Shopper,
    addressId: number,
    lines: { item: Item; quantity: number }[],
    extra: Record<string, unknown> = {},
  ): Promise<LightMyRequestResponse> {
    return shopper.post('order_place', {
      address_id: addressId,
      product_details: lines.map(({ item, quantity }) => ({
        product_id: item.productId,
        size: item.sizeId,
        quantity,
        product_amount: item.unitPaise / 100,
        product_total: (item.unitPaise * quantity) / 100,
      })),
      ...extra,
    });
  }

  /** A guest with `quantity` of the item in the cart and an address, ready to check out. */
  async function readyGuest(item: Item, quantity = 1, place: DeliveryPlace = KOCHI) {
    const guest = await shop().guest();
    await addToCart(guest, item, quantity);
    const addressId = await addressOf(guest, place);
    return { shopper: guest, addressId };
  }

  /** Places an order that must succeed and answers the first call's answer. */
  async function placed(shopper: Shopper, addressId: number, item: Item, quantity = 1, extra = {}) {
    const response = await place(shopper, addressId, [{ item, quantity }], extra);
    expect(response.statusCode, response.body).toBe(200);
    return OrderCreatedAnswer.parse(response.json());
  }

  /** Pays a provider order in the sandbox as the checkout dialog would; answers the handler's response. */
  async function pay(providerOrderId: string, card = '4111 1111 1111 1111') {
    const response = await shop().app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/pay`,
      payload: { order_id: providerOrderId, card_number: card },
    });
    return response;
  }

  async function paid(providerOrderId: string) {
    const response = await pay(providerOrderId);
    expect(response.statusCode, response.body).toBe(200);
    return CheckoutHandlerResponse.parse(response.json());
  }

  /** The second call, as the storefront makes it from the handler's response. */
  function confirm(shopper: Shopper, orderId: number, handler: CheckoutHandlerResponse, extra = {}) {
    return shopper.post('order_place', {
      order_id: orderId,
      payment_id: handler.razorpay_payment_id,
      razorpay_order_id: handler.razorpay_order_id,
      razorpay_signature: handler.razorpay_signature,
      ...extra,
    });
  }

  /** Waits until the sandbox's webhooks sent so far have been delivered. */
  const webhooksDelivered = async () => {
    await shop().app.paymentsSandbox?.deliveries.idle();
  };

  async function orderRow(orderId: number) {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error(`order ${orderId} not found`);
    return row;
  }

  const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));

  /** A coupon of its own for a test: ₹100 off, the given limits. */
  async function couponWith(limits: {
    usageLimit?: number | null;
    perCustomerLimit?: number | null;
    minOrderPaise?: number;
  }) {
    // A counter of its own: two coupons asked for in one millisecond (PostgreSQL is that quick) had the same code.
    couponsMade += 1;
    const code = `TEST${couponsMade}X${Date.now().toString(36)}`.toUpperCase();
    const [row] = await db()
      .insert(coupons)
      .values({
        name: `Test coupon ${code}`,
        code,
        type: 'Amount',
        amountPaise: 10_000,
        usageLimit: limits.usageLimit ?? null,
        perCustomerLimit: limits.perCustomerLimit ?? null,
        minOrderPaise: limits.minOrderPaise ?? 0,
      })
      .returning();
    if (!row) throw new Error('coupon insert returned nothing');
    return row;
  }

  /**
   * The shipping an order to the fixture's Kerala address pays for items worth `itemsPaise` after the coupon: a shop
   * registered in Maharashtra sends there at its rest-of-India terms, free from the zone's threshold.
   */
  async function shippingPaise(itemsPaise: number) {
    const [row] = await db().select().from(shippingZones).where(eq(shippingZones.zone, 'rest'));
    if (!row) throw new Error('the shop has no rest-of-India zone');
    return row.freeAbovePaise !== null && itemsPaise >= row.freeAbovePaise ? 0 : row.chargePaise;
  }

  /** Runs the expiry sweep as if `minutes` had passed. */
  function expireAfter(minutes: number) {
    const { app } = shop();
    return expireDueOrders(
      { db: app.database.db, payments: app.payments, catalogue: app.catalogue, log: app.log },
      new Date(Date.now() + minutes * 60_000),
    );
  }

  /** Sends a Razorpay webhook about a payment entity, signed with the sandbox's secret, as Razorpay would. */
  function sendWebhook(event: string, entity: object) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event,
      contains: ['payment'],
      payload: { payment: { entity } },
      created_at: Math.floor(Date.now() / 1000),
    });
    return shop().app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex'),
        'x-razorpay-event-id': `evt_${Math.random().toString(36).slice(2)}`,
      },
    });
  }

  return {
    sendWebhook,
    stockedItem,
    stockOf,
    addToCart,
    addressOf,
    place,
    readyGuest,
    placed,
    pay,
    paid,
    confirm,
    webhooksDelivered,
    orderRow,
    paymentsOf,
    couponWith,
    shippingPaise,
    expireAfter,
  };
}
