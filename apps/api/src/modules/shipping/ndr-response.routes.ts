import {
  ErrorAnswer,
  MessageAnswer,
  ShipmentNdrDetailsAnswer,
  ShipmentNdrDetailsRequest,
  ShipmentNdrResponseRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../lib/rate-limit';
import { onWhatsAppReply } from '../whatsapp';
import { answerFailedDelivery, ndrDetails } from './ndr-response';
import { ndrTapHandler } from './ndr-whatsapp';

const failures = { 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer, 429: ErrorAnswer, 502: ErrorAnswer };

/** What the shopper is told once the courier has their answer. */
export const NDR_ANSWERED = 'Thank you. We have asked the courier to deliver your parcel again.';

/**
 * The undelivered message's page (issue 33): public, no session; the link's signed token is the authority
 * (ndr-response.ts). Both calls count against the client address's limit. The message's WhatsApp buttons answer
 * through ndr-whatsapp.ts.
 */
export const shipmentAnswerRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, options) => {
  // The same answers from the undelivered message's buttons on WhatsApp; removed with the app, so that no closed
  // shop's handler stays registered.
  const offTaps = onWhatsAppReply(ndrTapHandler(app.deps));
  app.addHook('onClose', async () => {
    offTaps();
  });

  app.post(
    '/shipment_ndr_details',
    {
      schema: {
        tags: ['orders'],
        summary: "A failed delivery's link: the order, the courier and its reason, and the days the shopper may choose",
        body: ShipmentNdrDetailsRequest,
        response: { 200: ShipmentNdrDetailsAnswer, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await ndrDetails(app.deps, options.limits, request.ip, request.body.token),
    }),
  );

  app.post(
    '/shipment_ndr_response',
    {
      schema: {
        tags: ['orders'],
        summary:
          "After a failed delivery, from the message's link: ask the courier to try again on a chosen day, at a corrected phone or address",
        body: ShipmentNdrResponseRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await answerFailedDelivery({ ...app.deps, log: request.log }, options.limits, request.ip, request.body);
      return { success: true as const, message: NDR_ANSWERED };
    },
  );
};
