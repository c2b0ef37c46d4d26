import { ErrorAnswer, OrderInvoiceAnswer, OrderInvoicePdfParams, OrderInvoiceRequest } from '@kapaas/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import { type InvoiceDocument, ownInvoice, pdfOfInvoice } from './invoice.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/**
 * order_invoice (ADR 032): the tax invoice of one of the shopper's orders, as JSON and as a PDF. The session decides
 * whose orders these are; another shopper's order answers 404, exactly like an order without an invoice.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/order_invoice',
    {
      schema: {
        tags: ['orders'],
        summary: 'The GST tax invoice of one of the shopper’s paid orders, with its credit notes',
        body: OrderInvoiceRequest,
        response: { 200: OrderInvoiceAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return { success: true as const, data: await ownInvoice(db, owner, request.body.order_id) };
    },
  );

  app.get(
    '/order_invoice/:order_id.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'The GST tax invoice of one of the shopper’s paid orders, as a PDF (application/pdf)',
        params: OrderInvoicePdfParams,
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      const invoice = await ownInvoice(db, owner, request.params.order_id);
      return sendPdf(reply, await pdfOfInvoice(invoice), 'inline');
    },
  );
};

/** Answers a GST document as a PDF that no shared cache keeps. */
export function sendPdf(reply: FastifyReply, document: InvoiceDocument, disposition: 'inline' | 'attachment') {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${document.fileName}"`)
    .send(document.pdf);
}
