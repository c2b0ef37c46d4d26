import {
  AdminCodCollectedRequest,
  AdminDashboardAnswer,
  AdminIdParams,
  AdminOrderAnswer,
  AdminOrderExportQuery,
  AdminOrderListAnswer,
  AdminOrderListQuery,
  AdminOrderStatusRequest,
  AdminRefundRequest,
  AdminReturnReceivedRequest,
  AdminShipmentAnswer,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors';
import { startOfShopDay } from '../../../lib/shop-day';
import { sendCsv } from '../csv';
import { adminOf } from '../resource';
import {
  type AdminOrderDeps,
  changeOrderStatus,
  dashboardFigures,
  findOrder,
  listOrders,
  ordersCsv,
  recordCodCollected,
  recordReturnReceived,
  refundOrder,
  shipOrderWithCourier,
} from './admin-orders.service';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  502: ErrorAnswer,
  503: ErrorAnswer,
};

/** A date alone in `from`/`to` means that day in India, the shop's day. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of `from`: midnight in India when it is a date, else the instant given. */
function startOf(from: string): Date {
  return DATE_ONLY.test(from) ? startOfShopDay(from) : new Date(from);
}

/** The end of `to`: when it is a date, the next midnight in India, so that to=2026-11-20 includes the whole 20th. */
function endOf(to: string): Date {
  return DATE_ONLY.test(to) ? new Date(startOf(to).getTime() + 86_400_000) : new Date(to);
}

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['admin'];
const security = [{ adminToken: [] }];

/** What the order services need, taken from the app. */
const depsOf = (app: AdminApp): AdminOrderDeps => ({
  db: app.database.db,
  payments: app.payments,
  catalogue: app.catalogue,
  log: app.log,
  // A COD order the owner confirms is sold: the funnel counts it (ADR 053).
  funnel: app.deps.funnel,
});

/** The `from`/`to` of a query as instants (a date alone is that day in India). */
function period(query: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: query.from === undefined ? undefined : startOf(query.from),
    to: query.to === undefined ? undefined : endOf(query.to),
  };
}

/** GET /orders and GET /orders.csv. */
function listRoutes(app: AdminApp) {
  app.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary:
          'Orders, newest first, filtered by status, date (from/to), customer (user_id/guest_id), payment status and method',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderListAnswer, ...failures },
      },
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await listOrders(app.database.db, { ...query, ...period(query) });
      return { success: true as const, data: items, page: query.page, per_page: query.per_page, total };
    },
  );

  app.get(
    '/orders.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Every order the filters match as a CSV file (text/csv), for the books',
        querystring: AdminOrderExportQuery,
      },
    },
    async (request, reply) => {
      const csv = await ordersCsv(app.database.db, { ...request.query, ...period(request.query) });
      return sendCsv(reply, 'orders', csv);
    },
  );
}

/** GET /orders/:id. */
function detailRoute(app: AdminApp) {
  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order: lines, payments and refunds, history, and the statuses it may move to',
        params: AdminIdParams,
        response: { 200: AdminOrderAnswer, ...failures },
      },
    },
    async (request) => {
      const order = await findOrder(app.database.db, request.params.id);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
      return { success: true as const, data: order };
    },
  );
}

/** POST /orders/:id/status and POST /orders/:id/refund: the changes, made as the admin logged in. */
function changeRoutes(app: AdminApp) {
  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags,
        security,
        summary:
          'Confirm a cash-on-delivery order, or mark an order packed, shipped, delivered, returned to origin or cancelled (only the moves of product.md §14; else 409)',
        params: AdminIdParams,
        body: AdminOrderStatusRequest,
        response: { 200: AdminOrderAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await changeOrderStatus(depsOf(app), adminOf(request), request.params.id, request.body.status, {
        note: request.body.note,
        customerNote: request.body.customer_note,
      }),
    }),
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        tags,
        security,
        summary:
          'Refund through the payment provider; without amount, all of it (a paid order is cancelled and restocked)',
        params: AdminIdParams,
        body: AdminRefundRequest,
        response: { 200: AdminOrderAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refundOrder(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );
}

/** POST /orders/:id/cod-collected and POST /orders/:id/return-received: what happens after a cash-on-delivery parcel left. */
function codRoutes(app: AdminApp) {
  app.post(
    '/orders/:id/cod-collected',
    {
      schema: {
        tags,
        security,
        summary:
          'Record the cash of a delivered cash-on-delivery order: it is paid from now (409 unless delivered, COD and not yet recorded)',
        params: AdminIdParams,
        body: AdminCodCollectedRequest,
        response: { 200: AdminOrderAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recordCodCollected(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/orders/:id/return-received',
    {
      schema: {
        tags,
        security,
        summary:
          'A parcel returned to origin is back: its pieces go back on sale (409 unless returned_to_origin and not yet received)',
        params: AdminIdParams,
        body: AdminReturnReceivedRequest,
        response: { 200: AdminOrderAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recordReturnReceived(depsOf(app), adminOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        security,
        summary:
          'Figures of the console dashboard: the cash still to collect on cash-on-delivery orders, the returns to handle',
        response: { 200: AdminDashboardAnswer, ...failures },
      },
    },
    async () => ({ success: true as const, data: await dashboardFigures(app.database.db) }),
  );
}

/** POST /orders/:id/shipment: "Ship with courier" (ADR 044). */
function shipmentRoutes(app: AdminApp) {
  app.post(
    '/orders/:id/shipment',
    {
      schema: {
        tags,
        security,
        summary:
          'Ship a packed order with the courier: serviceability, the courier order, the AWB and the pickup, then shipped (once: a second call answers the same parcel; 409 unless packed or when the courier refuses the address, 503 when it cannot be reached)',
        params: AdminIdParams,
        response: { 200: AdminShipmentAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shipOrderWithCourier({ ...depsOf(app), courier: app.courier }, adminOf(request), request.params.id),
    }),
  );
}

/**
 * /orders: list and detail, status changes along product.md §14, refunds through the provider, and cash on delivery's
 * cash and returned parcels; shipping with the courier; /dashboard.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app);
  detailRoute(app);
  changeRoutes(app);
  codRoutes(app);
  shipmentRoutes(app);
};
