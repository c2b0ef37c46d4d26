import {
  CouponsReportAnswer,
  ErrorAnswer,
  FitReportAnswer,
  FitReportQuery,
  PaymentsReportAnswer,
  ProductsReportAnswer,
  ProductsReportQuery,
  ReportRangeQuery,
  ReturnsReportAnswer,
  SalesReportAnswer,
  SalesReportQuery,
  StockReportAnswer,
  StockReportQuery,
  TaxReportAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponsReport } from './coupons';
import { fitReport } from './fit';
import { paymentsReport } from './payments';
import { productsReport } from './products';
import { reading } from './reading';
import { returnsReport } from './returns';
import { salesReport } from './sales';
import { stockReport } from './stock';
import { taxReport } from './tax';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };
const tags = ['admin'];
const security = [{ adminToken: [] }];

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The owner's reports (issue 37, ADR 054) under /admin/api/reports/, registered inside the admin API, whose hook
 * answers 401 without an admin's token. Staff read every report but tax, which is the owners' (403).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  moneyRoutes(app);
  catalogueRoutes(app);

  const db = () => app.deps.db;
  app.get(
    '/reports/tax',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        security,
        summary: 'GST collected by month (owners only): CGST, SGST and IGST, equal to the GST report to the paisa',
        querystring: ReportRangeQuery,
        response: { 200: TaxReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await reading(db(), (tx) => taxReport(tx, request.query)) }),
  );
};

/** Sales, payments and coupons: what the orders of a period brought. */
function moneyRoutes(app: App) {
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
    async (request) => ({ success: true as const, data: await reading(db(), (tx) => salesReport(tx, request.query)) }),
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
    async (request) => ({
      success: true as const,
      data: await reading(db(), (tx) => paymentsReport(tx, request.query)),
    }),
  );

  app.get(
    '/reports/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Each coupon’s uses by sold orders, the discount given and the revenue of those orders',
        querystring: ReportRangeQuery,
        response: { 200: CouponsReportAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reading(db(), (tx) => couponsReport(tx, request.query)),
    }),
  );
}

/** Products, returns and stock: how the catalogue sold, came back and what is left. */
function catalogueRoutes(app: App) {
  const db = () => app.deps.db;
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
    async (request) => ({
      success: true as const,
      data: await reading(db(), (tx) => productsReport(tx, request.query)),
    }),
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
    async (request) => ({
      success: true as const,
      data: await reading(db(), (tx) => returnsReport(tx, request.query)),
    }),
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
    async (request) => ({ success: true as const, data: await reading(db(), (tx) => stockReport(tx, request.query)) }),
  );

  app.get(
    '/reports/fit',
    {
      schema: {
        tags,
        security,
        summary:
          'Per product and size: size-reason returns and exchanges, fit answers, advice kept; runs small or large',
        querystring: FitReportQuery,
        response: { 200: FitReportAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await reading(db(), (tx) => fitReport(tx, request.query)) }),
  );
}
