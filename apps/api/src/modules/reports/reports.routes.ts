import {
  ErrorAnswer,
  PaymentsReportAnswer,
  ProductsReportAnswer,
  ProductsReportQuery,
  ReportRangeQuery,
  ReturnsReportAnswer,
  SalesReportAnswer,
  SalesReportQuery,
  StockReportAnswer,
  StockReportQuery,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsReport } from './payments';
import { productsReport } from './products';
import { returnsReport } from './returns';
import { salesReport } from './sales';
import { stockReport } from './stock';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };
const tags = ['admin'];
const security = [{ adminToken: [] }];

/**
 * The owner's reports (issue 37, ADR 054) under /admin/api/reports/, registered inside the admin API, whose hook
 * answers 401 without an admin's token. Staff read every report but tax, which is the owners' (403).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  app.get(
    '/reports/sales',
    {
      schema: {
        tags,
        security,
        summary: 'Net sales, orders, units, average order value and customers over India’s days, with the chart',
        querystring: SalesReportQuery,
        response: { 200: SalesReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await salesReport(db(), request.query) }),
  );

  app.get(
    '/reports/payments',
    {
      schema: {
        tags,
        security,
        summary: 'Prepaid against cash on delivery, orders by payment method, COD returned to origin by state and zone',
        querystring: ReportRangeQuery,
        response: { 200: PaymentsReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await paymentsReport(db(), request.query) }),
  );

  app.get(
    '/reports/products',
    {
      schema: {
        tags,
        security,
        summary:
          'Per product or category: views, add-to-carts, orders, units, revenue, conversion, returns, rating, fit',
        querystring: ProductsReportQuery,
        response: { 200: ProductsReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await productsReport(db(), request.query) }),
  );

  app.get(
    '/reports/returns',
    {
      schema: {
        tags,
        security,
        summary: 'Pieces asked back by reason and by size, against the units sold, and the products that run small',
        querystring: ReportRangeQuery,
        response: { 200: ReturnsReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await returnsReport(db(), request.query) }),
  );

  app.get(
    '/reports/stock',
    {
      schema: {
        tags,
        security,
        summary: 'Units left per size, sell-through, days of cover at the pace of the period (else 30 days), sold out',
        querystring: StockReportQuery,
        response: { 200: StockReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await stockReport(db(), request.query) }),
  );
};
