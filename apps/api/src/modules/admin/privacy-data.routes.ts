import { AdminDataQuery, AdminEraseAnswer, AdminEraseRequest, AdminIdParams, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseCustomer, eraseForRequest, exportForOwner } from '../privacy';
import { recordAudit } from './audit';
import { forgetCustomerInAudit } from './audit-erasure';
import { PRIVACY_REQUEST_RESOURCE } from './privacy.routes';
import { adminOf } from './resource';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const security = [{ adminToken: [] }];
const config = { ownerOnly: true };
/** The audit log's resource of an owner's export or erasure of a customer's account. */
export const CUSTOMER_DATA_RESOURCE = 'customer_data';

const ERASED_MESSAGE = 'Erased. Their orders and invoices stay for GST, without their identity.';

/**
 * The owner's export and erasure of a person (issue 35), owners only, each audited: for a rights request's person
 * (`/privacy-requests/:id/data`, `/erase`) or a customer's account (`/customers/:id/data`, `/erase`). The erasure asks
 * the owner to type ERASE, and is refused (409) while the person has an open order.
 */
export const adminPrivacyDataRoutes: FastifyPluginAsyncZod<{ mediaDir: string; privateDir: string }> = async (
  app,
  options,
) => {
  const places = {
    db: app.deps.db,
    mediaDir: options.mediaDir,
    privateDir: options.privateDir,
    forgetCustomerInConsole: forgetCustomerInAudit,
  };
  for (const [path, resource] of [
    ['/privacy-requests/:id', PRIVACY_REQUEST_RESOURCE],
    ['/customers/:id', CUSTOMER_DATA_RESOURCE],
  ] as const) {
    const whose = (id: number) => (resource === CUSTOMER_DATA_RESOURCE ? { userId: id } : { requestId: id });
    app.get(
      `${path}/data`,
      {
        config,
        schema: {
          tags: ['admin'],
          summary: "A copy of the person's data, as JSON or the HTML summary (audited)",
          security,
          params: AdminIdParams,
          querystring: AdminDataQuery,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { format } = request.query;
        const files = await exportForOwner(app.deps.db, whose(id));
        await recordAudit(app.deps.db, adminOf(request), {
          action: 'export',
          resource,
          resourceId: id,
          before: null,
          after: { format },
        });
        const name = `kapaas-data-${resource === CUSTOMER_DATA_RESOURCE ? 'customer' : 'request'}-${id}.${format}`;
        return reply
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${name}"`)
          .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
          .send(format === 'json' ? files.json : files.html);
      },
    );

    app.post(
      `${path}/erase`,
      {
        config,
        schema: {
          tags: ['admin'],
          summary: "Erase the person's data as the registry says; refused while an order is open (audited)",
          security,
          params: AdminIdParams,
          body: AdminEraseRequest,
          response: { 200: AdminEraseAnswer, ...failures },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        const { id } = request.params;
        const done =
          resource === CUSTOMER_DATA_RESOURCE
            ? await eraseCustomer(places, id, request.body.confirm)
            : await eraseForRequest(places, id, admin.id, request.body.confirm);
        await recordAudit(app.deps.db, admin, { action: 'erase', resource, resourceId: id, before: null, after: done });
        return { success: true as const, message: ERASED_MESSAGE, orders_kept: done.orders_kept };
      },
    );
  }
};
