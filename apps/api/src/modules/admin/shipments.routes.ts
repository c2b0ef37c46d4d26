import {
  AdminAwbParams,
  AdminNdrActionRequest,
  AdminShipmentAnswer,
  AdminShipmentListAnswer,
  type AdminShipmentListItem,
  AdminShipmentListQuery,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnFailedDelivery, type ListedShipment, listShipments } from '../shipping';
import { recordAudit } from './audit';
import { toAdminShipment } from './orders/admin-orders.service';
import { adminOf } from './resource';

const tags = ['admin'];
const security = [{ adminToken: [] }];
const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  502: ErrorAnswer,
};

function listItem({ shipment, customerName, phone }: ListedShipment): AdminShipmentListItem {
  return {
    ...toAdminShipment(shipment),
    order_id: shipment.orderId,
    customer_name: customerName,
    phone_number: phone,
    status_at: shipment.statusAt?.toISOString() ?? null,
    // Answered for this failed attempt: an answer to an earlier one says nothing of the latest.
    answered:
      shipment.answeredAttempt === shipment.attempts && shipment.answeredVia && shipment.answeredAt
        ? { via: shipment.answeredVia, at: shipment.answeredAt.toISOString() }
        : null,
  };
}

/**
 * /shipments (ADR 044): the parcels booked with the courier, by status (`undelivered` is the queue of failed
 * deliveries, each with the courier's reason, the attempts and the shopper's contact), and the owner's answer to a
 * failed delivery, sent to the courier and written in the order's history and the audit log.
 */
export const adminShipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shipments',
    {
      schema: {
        tags,
        security,
        summary: 'Parcels booked with the courier, by status (status=undelivered: the failed deliveries to act on)',
        querystring: AdminShipmentListQuery,
        response: { 200: AdminShipmentListAnswer, ...failures },
      },
    },
    async (request) => {
      const { items, total } = await listShipments(app.database.db, request.query);
      const { page, per_page } = request.query;
      return { success: true as const, data: items.map(listItem), total, page, per_page };
    },
  );

  app.post(
    '/shipments/:awb/ndr-action',
    {
      schema: {
        tags,
        security,
        summary:
          'After a failed delivery: ask the courier to try again (a day, a phone, an address) or to bring the parcel back (409 unless undelivered)',
        params: AdminAwbParams,
        body: AdminNdrActionRequest,
        response: { 200: AdminShipmentAnswer, ...failures },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const deps = { db: app.database.db, catalogue: app.catalogue, log: request.log, courier: app.courier };
      const shipment = await actOnFailedDelivery(deps, request.params.awb, request.body, admin.email);
      await recordAudit(app.database.db, admin, {
        action: `ndr_${request.body.action}`,
        resource: 'orders',
        resourceId: shipment.orderId,
        before: null,
        after: request.body,
      });
      return { success: true as const, data: toAdminShipment(shipment) };
    },
  );
};
