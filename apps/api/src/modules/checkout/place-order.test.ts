import { asc, eq, orderEvents } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { AppError } from '../../lib/errors';
import { ProviderError, type RazorpayClient } from '../razorpay/razorpay.client';
import { checkoutFixtures } from './checkout.fixtures';
import { placeOrder } from './place-order';
import type { CheckoutDeps } from './settlement';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const f = checkoutFixtures(() => shop);

/** The app's own dependencies, with the provider client's calls replaced where a test says. */
function deps(client: Partial<RazorpayClient>): CheckoutDeps {
  const { app } = shop;
  return { ...app.deps, payments: { ...app.payments, client: { ...app.payments.client, ...client } } };
}

const providerDown = () =>
  Promise.reject(new ProviderError({ status: 502, code: 'GATEWAY_ERROR', description: 'Orders are unavailable' }));

describe('placeOrder as steps', () => {
  it('when the provider order cannot be opened, undoes holding the order: payment_failed, stock released', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const owner = { kind: 'guest' as const, guestId: shopper.guestId };
    const input = {
      addressId,
      couponId: null,
      paymentMethod: 'online' as const,
      lines: [{ productId: item.productId, sizeId: item.sizeId, quantity: 2 }],
    };

    const failed = await placeOrder(deps({ createOrder: providerDown }), owner, input).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).options).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });

    // The shopper tries again with the provider back: a new order holds the stock and opens its payment.
    const placed = await placeOrder(shop.app.deps, owner, input);
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 2 });
    const abandoned = await f.orderRow(placed.order_id - 1);
    expect(abandoned.status).toBe('payment_failed');
    expect(abandoned.razorpayOrderId).toBeNull();
    const history = await shop.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, abandoned.id))
      .orderBy(asc(orderEvents.id));
    expect(history.map((event) => event.status)).toEqual(['pending_payment', 'payment_failed']);
    expect(history[1]?.note).toContain('Orders are unavailable');
  });
});
