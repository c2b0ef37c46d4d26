import {
  ErrorAnswer,
  MyOrdersAnswer,
  MyOrdersRequest,
  OrderDetailsAnswer,
  OrderDetailsRequest,
  TrackOrderAnswer,
  TrackOrderRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import type { Limits } from '../../lib/rate-limit';
import { onWhatsAppReply } from '../whatsapp';
import { codTapHandler } from './cod-whatsapp';
import { myOrders, orderDetails, type PayOnlineOf, type ShipmentOf, trackOrder } from './orders.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/** What the routes are handed: the limits, the shipping module's view of an order's parcel, the checkout's offer. */
export interface OrderRouteOptions {
  limits: Limits;
  shipmentOf: ShipmentOf;
  payOnlineOf: PayOnlineOf;
}

/**
 * my_orders and order_details of product.md §7, for users and guests, keyed by the session; track_order, public, for
 * whoever has the order's number and phone number.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, options) => {
  const { db } = app.database;
  // The COD confirmation's taps on WhatsApp; removed with the app, so that no closed shop's handler stays registered.
  const offTaps = onWhatsAppReply(codTapHandler(app.deps));
  app.addHook('onClose', async () => {
    offTaps();
  });

  app.post(
    '/my_orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first; months 1, 2 or 3 narrows them",
        body: MyOrdersRequest,
        response: { 200: MyOrdersAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return { success: true as const, data: await myOrders(db, owner, request.body.months) };
    },
  );

  app.post(
    '/order_details',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the shopper’s orders with its address, coupon, payment and status history',
        body: OrderDetailsRequest,
        response: { 200: OrderDetailsAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      const { shipmentOf, payOnlineOf } = options;
      return {
        success: true as const,
        data: await orderDetails(db, owner, request.body.order_id, shipmentOf, payOnlineOf),
      };
    },
  );

  app.post(
    '/track_order',
    {
      schema: {
        tags: ['orders'],
        summary: "Where an order and its parcel stand, to its number and its address's phone number; nothing personal",
        body: TrackOrderRequest,
        response: { 200: TrackOrderAnswer, 400: ErrorAnswer, 404: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trackOrder(db, options.limits, request.ip, request.body, options.shipmentOf),
    }),
  );
};
