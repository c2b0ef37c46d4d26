import {
  CouponDiscountAnswer,
  CouponDiscountRequest,
  CouponListAnswer,
  CouponListRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponService } from './coupons.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** The coupon calls of product.md §7; their names keep their frozen capitals (docs/customer-api.md). Open to anonymous visitors. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = new CouponService(app.database.db);

  app.post(
    '/Coupon_list',
    {
      schema: {
        tags: ['coupons'],
        summary: 'The coupons that apply to a cart total now',
        body: CouponListRequest,
        response: { 200: CouponListAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, coupons: await coupons.listApplicable(request, request.body) }),
  );

  app.post(
    '/Coupon_discount_details',
    {
      schema: {
        tags: ['coupons'],
        summary: 'The discount one coupon gives on a cart total (409 with the reason when it does not apply)',
        body: CouponDiscountRequest,
        response: { 200: CouponDiscountAnswer, ...failures },
      },
    },
    async (request) => ({ success: true as const, coupons: await coupons.previewDiscount(request, request.body) }),
  );
};
