// The coupons module's public surface: what app.ts and other modules may use.
export { evaluateCoupon, formatRupees } from './coupon-rules';
export { type CouponRow, lockCoupon, redeemCoupon, redemptionsBy } from './coupons.repository';
export { couponRoutes } from './coupons.routes';
