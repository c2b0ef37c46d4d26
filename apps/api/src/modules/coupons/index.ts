// The coupons module's public surface: what app.ts and other modules may use.
export { evaluateCoupon } from './coupon-rules';
export {
  type CouponRow,
  type CouponTermsColumns,
  changeCoupon,
  insertCoupon,
  lockCoupon,
  redeemCoupon,
  redemptionsBy,
  releaseRedemption,
  removeCoupon,
} from './coupons.repository';
export { couponRoutes } from './coupons.routes';
export { NO_PREPAID_DISCOUNT, type PrepaidTerms, prepaidDiscountPaise, prepaidTermsOf } from './prepaid';
