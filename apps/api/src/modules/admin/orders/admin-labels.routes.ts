import { AdminIdParams, AdminPrintRequest, ErrorAnswer } from '@kapaas/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierLabelPdf, type PdfFile, printLabelsAndSlips } from '../../shipping';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  502: ErrorAnswer,
};
const tags = ['admin'];
const security = [{ adminToken: [] }];

/** A PDF to save or print: it names a shopper and an address, so no shared cache keeps it. */
function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);
}

/**
 * What the owner prints to send parcels (issue 33, ADR 044): an order's courier label, and the batch print of the
 * chosen orders' labels and packing slips as one PDF.
 */
export const adminLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, courier: app.courier });

  app.get(
    '/orders/:id/label.pdf',
    {
      schema: {
        tags,
        security,
        summary:
          "The courier's label of an order shipped with the courier, as a PDF (404 when it was not; 502 when the courier cannot be reached)",
        params: AdminIdParams,
        response: failures,
      },
    },
    async (request, reply) => sendPdf(reply, await courierLabelPdf(deps(), request.params.id)),
  );

  app.post(
    '/orders/print.pdf',
    {
      schema: {
        tags,
        security,
        summary:
          'One PDF of the chosen orders (at most 100): each courier label then its packing slip (pieces and sizes, no prices), or labels or slips alone (what); refused whole, naming the orders, when one is unknown (404), not to pack or on its way (409), or its label cannot be had (409, 502)',
        body: AdminPrintRequest,
        response: failures,
      },
    },
    async (request, reply) => sendPdf(reply, await printLabelsAndSlips(deps(), request.body)),
  );
};
