import {
  ErrorAnswer,
  MyOrdersAnswer,
  MyOrdersRequest,
  OrderDetailsAnswer,
  OrderDetailsRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import { myOrders, orderDetails } from './orders.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/** my_orders and order_details of product.md §7, for users and guests, keyed by the session. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

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
      return { success: true as const, data: await orderDetails(db, owner, request.body.order_id) };
    },
  );
};
