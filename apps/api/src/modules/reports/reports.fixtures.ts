import { AdminOrderAnswer } from '@kapaas/contract';
import { cities, eq, shopSettings, sql, states } from '@kapaas/db';
import { expect } from 'vitest';
import type { Shopper, TestShop } from '../../../test/shop';
import { type AdminClient, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

/** Midnight IST at the start of a day, plus some minutes: the instants a test puts its orders at. */
export const ist = (day: string, time = '00:00:00.000') => new Date(`${day}T${time}+05:30`);

/**
 * Test helpers for the reports: orders placed, paid, refunded and sent back through the API as a shopper and the
 * console make them, then dated on the days a test chooses (the database's timestamps are set directly, as the shop's
 * clock cannot be turned back), and their figures read back from the console's order page, not from the reports.
 */
export function reportFixtures(shop: () => TestShop, staff: () => AdminClient) {
  const checkout = checkoutFixtures(shop);
  const db = () => shop().database.db;
  let phones = 0;

  /** An address under a phone number of its own (each guest is a customer of its own), in Kerala unless told. */
  async function addressOf(
    shopper: Shopper,
    place: { state: string; pin: string } = { state: 'Kerala', pin: '682017' },
  ) {
    const [state] = await db().select().from(states).where(eq(states.name, place.state));
    if (!state) throw new Error(`the demo shop has no ${place.state}`);
    const [city] = await db().select().from(cities).where(eq(cities.stateId, state.id)).limit(1);
    if (!city) throw new Error(`${place.state} has no city`);
    phones += 1;
    const response = await shopper.post('add_address', {
      first_name: 'Meera',
      last_name: 'Iyer',
      address: `${phones} Temple Street`,
      state: state.id,
      city: city.id,
      pin_code: place.pin,
      email_id: 'meera@example.in',
      phone_number: `97450${String(phones).padStart(5, '0')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().address_id as number;
  }

  type Item = Awaited<ReturnType<typeof checkout.stockedItem>>;

  /** An order paid online by the shopper (a new guest unless given), of `quantity` pieces of a fresh item. */
  async function online(
    options: {
      shopper?: Shopper;
      quantity?: number;
      item?: Item;
      couponId?: number;
      place?: { state: string; pin: string };
    } = {},
  ) {
    const quantity = options.quantity ?? 1;
    const item = options.item ?? (await checkout.stockedItem(20));
    const shopper = options.shopper ?? (await shop().guest());
    await checkout.addToCart(shopper, item, quantity);
    const addressId = await addressOf(shopper, options.place);
    const extra = options.couponId ? { coupon_id: options.couponId } : {};
    const placed = await checkout.placed(shopper, addressId, item, quantity, extra);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    return { orderId: placed.order_id, item, quantity, shopper, ...(await figures(placed.order_id)) };
  }

  /** A guest's cash-on-delivery order (confirmed at once), enough pieces for the shop's minimum. */
  async function cod(options: { place?: { state: string; pin: string }; item?: Item } = {}) {
    await db().update(shopSettings).set({ codEnabled: true, codConfirmAbovePaise: null }).where(eq(shopSettings.id, 1));
    const item = options.item ?? (await checkout.stockedItem(40));
    const quantity = Math.ceil(29_900 / item.unitPaise);
    const shopper = await shop().guest();
    await checkout.addToCart(shopper, item, quantity);
    const addressId = await addressOf(shopper, options.place);
    const placed = await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    return { orderId, item, quantity, shopper, ...(await figures(orderId)) };
  }

  /** The order as the console shows it: its total in paise and status. */
  async function figures(orderId: number) {
    const order = AdminOrderAnswer.parse(expectStatus(await staff().get(`/orders/${orderId}`), 200)).data;
    const paise = (rupees: number) => Math.round(rupees * 100);
    return {
      totalPaise: paise(order.total),
      // What the pieces brought after the coupon and the prepaid discount (no shipping, no COD fee).
      goodsPaise: paise(order.items_total) - paise(order.discount) - paise(order.prepaid_discount),
      discountPaise: paise(order.discount),
      status: order.status,
    };
  }

  const moveTo = async (orderId: number, ...statuses: string[]) => {
    for (const status of statuses) expectStatus(await staff().post(`/orders/${orderId}/status`, { status }), 200);
  };

  /**
   * Dates an order at an instant: placed, paid (when it is), invoiced and every step of its history then. Credit
   * notes are dated apart (`creditedAt`).
   */
  async function dated(orderId: number, instant: Date) {
    const iso = instant.toISOString();
    await db().execute(sql`UPDATE orders SET created_at = ${iso}::timestamptz,
      paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE ${iso}::timestamptz END WHERE id = ${orderId}`);
    await db().execute(sql`UPDATE order_events SET created_at = ${iso}::timestamptz WHERE order_id = ${orderId}`);
    await db().execute(sql`UPDATE tax_invoices SET issued_at = ${iso}::timestamptz WHERE order_id = ${orderId}`);
  }

  /** Dates the credit notes of an order's invoice at an instant. */
  async function creditedAt(orderId: number, instant: Date) {
    await db().execute(sql`UPDATE credit_notes SET issued_at = ${instant.toISOString()}::timestamptz
      WHERE invoice_id IN (SELECT id FROM tax_invoices WHERE order_id = ${orderId})`);
  }

  /** The credit notes of an order, in paise. */
  async function creditsOf(orderId: number): Promise<number> {
    const result = await db().execute(sql`SELECT coalesce(sum(c.amount_paise), 0)::int AS paise FROM credit_notes c
      JOIN tax_invoices t ON t.id = c.invoice_id WHERE t.order_id = ${orderId}`);
    return (result as unknown as { rows: { paise: number }[] }).rows[0]?.paise ?? 0;
  }

  return { checkout, addressOf, online, cod, figures, moveTo, dated, creditedAt, creditsOf };
}
