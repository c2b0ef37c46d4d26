import {
  AdminCreditNoteParams,
  AdminGstReportQuery,
  AdminIdParams,
  ErrorAnswer,
  OrderInvoiceAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors';
import { creditNotePdfOf, gstReportCsv, invoicePdfOf, orderInvoice, sendPdf } from '../../tax';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };
const tags = ['admin'];
const security = [{ adminToken: [] }];
const noInvoice = () => new AppError('NOT_FOUND', 'This order has no tax invoice.');

/**
 * The GST documents in the console (ADR 032): an order's tax invoice and credit notes, as JSON and PDFs, and the
 * monthly GST report for the accountant.
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        security,
        summary: 'The tax invoice of an order and its credit notes (404 when it has none)',
        params: AdminIdParams,
        response: { 200: OrderInvoiceAnswer, ...failures },
      },
    },
    async (request) => {
      const invoice = await orderInvoice(db, request.params.id);
      if (!invoice) throw noInvoice();
      return { success: true as const, data: invoice };
    },
  );

  app.get(
    '/orders/:id/invoice.pdf',
    {
      schema: { tags, security, summary: 'The tax invoice of an order as a PDF', params: AdminIdParams },
    },
    async (request, reply) => {
      const document = await invoicePdfOf(db, request.params.id);
      if (!document) throw noInvoice();
      return sendPdf(reply, document, 'attachment');
    },
  );

  app.get(
    '/orders/:id/credit_notes/:credit_note_id.pdf',
    {
      schema: {
        tags,
        security,
        summary: 'One credit note of an order as a PDF',
        params: AdminCreditNoteParams,
      },
    },
    async (request, reply) => {
      const document = await creditNotePdfOf(db, request.params.id, request.params.credit_note_id);
      if (!document) throw new AppError('NOT_FOUND', 'Credit note not found.');
      return sendPdf(reply, document, 'attachment');
    },
  );

  app.get(
    '/reports/gst.csv',
    {
      schema: {
        tags,
        security,
        summary: 'The GST report of a month (CSV): B2C sales by state and rate, the HSN summary, and credit notes',
        querystring: AdminGstReportQuery,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kapaas-gst-${request.query.month}.csv"`)
        .send(await gstReportCsv(db, request.query.month)),
  );
};
