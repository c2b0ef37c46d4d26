import { DeliveryCheckAnswer, DeliveryCheckRequest, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierEtds } from './courier-etd';
import { checkDelivery } from './delivery.service';

/**
 * delivery_check: anyone may ask whether the shop delivers to a PIN code, and by when. With a courier (Shiprocket
 * or the sandbox) the date is the courier's, asked once per PIN code a day (courier-etd.ts).
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const etds = app.courier.configured
    ? courierEtds(app.courier, { log: (message, error) => app.log.warn({ err: error }, message) })
    : undefined;
  app.post(
    '/delivery_check',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'Whether the shop delivers to a PIN code, by when if ordered now, and whether cash on delivery is offered',
        body: DeliveryCheckRequest,
        response: { 200: DeliveryCheckAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request) =>
      checkDelivery(
        app.database.db,
        { pinCode: request.body.pin_code, productId: request.body.product_id },
        new Date(),
        etds,
      ),
  );
};
