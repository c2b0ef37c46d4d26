import {
  CouponDiscountAnswer,
  CouponDiscountRequest,
  CouponListAnswer,
  CouponListRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ClaimedOwner, type Owner, resolveOwner } from '../../lib/owner';
import { applicableCoupons, previewDiscount } from './coupons.service';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * Who asks about coupons: anyone may, so without a session and without a named owner it is an
 * anonymous visitor (no per-customer history). A named owner must be the session's, as elsewhere.
 */
async function askingOwner(request: FastifyRequest, claimed: ClaimedOwner): Promise<Owner | null> {
  const named = claimed.user_id !== undefined || claimed.guest_id !== undefined;
  if (!named && !(await request.identity())) return null;
  return resolveOwner(request, claimed);
}

/** The coupon calls of product.md §7; their names keep their frozen capitals (docs/customer-api.md). Open to anonymous visitors. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const owner = await askingOwner(request, request.body);
      return { success: true as const, coupons: await applicableCoupons(app.deps.db, owner, request.body) };
    },
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
    async (request) => {
      const owner = await askingOwner(request, request.body);
      return { success: true as const, coupons: await previewDiscount(app.deps.db, owner, request.body) };
    },
  );
};
