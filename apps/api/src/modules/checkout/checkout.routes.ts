import {
  CodPayOnlineAnswer,
  CodPayOnlineRequest,
  ErrorAnswer,
  OrderPlaceAnswer,
  OrderPlaceRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import type { Limits } from '../../lib/rate-limit';
import { shownNoticeVersion } from '../consent';
import { recordCheckoutConsents } from './checkout-consents';
import { startCodPayOnline } from './cod-pay-online';
import { confirmPayment } from './confirmation';
import { placeOrder } from './place-order';
import type { CheckoutDeps } from './settlement';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  429: ErrorAnswer,
  502: ErrorAnswer,
};

/** Zero, null or "" mean "no coupon" in the original storefront's bodies. */
function couponOf(value: number | null | '' | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/**
 * order_place (product.md §7, product.md §14): the first call places the order and opens the provider
 * order; the second (it carries razorpay_signature) verifies the payment and settles the order.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, { limits }) => {
  const log = app.deps.log.child({ module: 'checkout' });
  const deps = (): CheckoutDeps => ({ ...app.deps, log });

  app.post(
    '/order_place',
    {
      schema: {
        tags: ['orders'],
        summary:
          'First call: reserve stock, price the order on the server and open the payment. Second call (with razorpay_signature): verify and settle, exactly once',
        body: OrderPlaceRequest,
        response: { 200: OrderPlaceAnswer, ...failures },
      },
    },
    async (request) => {
      const body = request.body;
      const owner = await resolveOwner(request, body);
      // The schema has checked that each call's fields are all there.
      if (body.razorpay_signature !== undefined || body.payment_id !== undefined) {
        return confirmPayment(deps(), owner, {
          orderId: body.order_id as number,
          paymentId: body.payment_id as string,
          signature: body.razorpay_signature as string,
        });
      }
      // A version the shop never published is refused before anything is reserved.
      const noticeVersion = await shownNoticeVersion(deps().db, body.notice_version);
      const placed = await placeOrder(deps(), owner, {
        addressId: body.address_id as number,
        couponId: couponOf(body.coupon_id),
        lines: (body.product_details ?? []).map((line) => ({
          productId: line.product_id,
          sizeId: line.size,
          quantity: line.quantity,
        })),
        paymentMethod: body.payment_method ?? 'online',
        placedFrom: { address: request.ip, codOrdersPerAddress: limits.codOrdersPerAddress },
        recordConsents: (db) =>
          recordCheckoutConsents(db, owner, {
            addressId: body.address_id as number,
            noticeVersion,
            clientAddress: request.ip,
            purposes: body.consents ?? [],
            whatsAppUpdates: body.whatsapp_updates === true,
          }),
      });
      return placed;
    },
  );

  app.post(
    '/cod_pay_online',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Pay the caller's own cash-on-delivery order online instead, before it ships (its parcel not with the courier): opens the payment for its total paid online (no COD fee, less the prepaid discount); order_place's second call confirms it",
        body: CodPayOnlineRequest,
        response: { 200: CodPayOnlineAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return startCodPayOnline(deps(), owner, request.body.order_id);
    },
  );
};
