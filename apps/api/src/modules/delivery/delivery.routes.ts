import { DeliveryCheckAnswer, DeliveryCheckRequest, ErrorAnswer } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDelivery } from './delivery.service';

/** delivery_check: anyone may ask whether the shop delivers to a PIN code, and by when. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
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
      checkDelivery(app.database.db, { pinCode: request.body.pin_code, productId: request.body.product_id }),
  );
};
