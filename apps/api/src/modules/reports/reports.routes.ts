import {
  ErrorAnswer,
  PaymentsReportAnswer,
  ReportRangeQuery,
  SalesReportAnswer,
  SalesReportQuery,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsReport } from './payments';
import { salesReport } from './sales';

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
};
