import type { CouponSummary } from '@kapaas/contract';
import { useNavigate } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { formatRupees } from '#storefront/lib/money.ts';
import { storeCouponId } from '#storefront/lib/storedCoupon.ts';
import { useCouponList } from '../api/useCouponList';
import '../coupons.css';
import { paths } from '#storefront/lib/paths.ts';

export const NO_COUPONS_MESSAGE = 'No Coupouns Available';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

interface CouponListProps {
  /** The cart's items total in rupees: only coupons that apply to it are listed. */
  totalAmount: number;
}

/** The coupon cards of /Coupouns (product.md §2); Apply remembers the coupon and goes to the cart, which prices it. */
export function CouponList({ totalAmount }: CouponListProps) {
  const coupons = useCouponList(totalAmount);
  const navigate = useNavigate();

  if (coupons.isPending) return <LoadingState label="Loading coupons" />;
  // Product.md §8: a failed list reads as no coupons, like an empty one.
  if (coupons.isError || coupons.data.length === 0) {
    return (
      <div className="empty-state">
        <p className="mb-0">{NO_COUPONS_MESSAGE}</p>
      </div>
    );
  }

  const apply = (coupon: CouponSummary) => {
    storeCouponId(coupon.coupon_id);
    navigate(paths.cart);
  };

  return (
    <ul className="coupon-list">
      {coupons.data.map((coupon) => (
        <li key={coupon.coupon_id}>
          <article className="coupon-card" aria-labelledby={`coupon-${coupon.coupon_id}`}>
            <h2 className="coupon-card__title" id={`coupon-${coupon.coupon_id}`}>
              Extra {formatRupees(coupon.amount)} or {coupon.percentage} % off on {coupon.coupon_name}
            </h2>
            <p className="coupon-card__code">
              Code: <strong>{coupon.coupon_code}</strong>
            </p>
            <p className="coupon-card__terms">
              Saves {formatRupees(coupon.discounted_amount)} on this cart
              {coupon.min_order_value > 0 && <> · on orders from {formatRupees(coupon.min_order_value)}</>}
              {coupon.valid_to && <> · valid until {dateFormat.format(new Date(coupon.valid_to))}</>}
            </p>
            <button
              type="button"
              className="btn btn-primary coupon-card__apply"
              onClick={() => apply(coupon)}
              aria-label={`Apply ${coupon.coupon_code}`}
            >
              Apply
            </button>
          </article>
        </li>
      ))}
    </ul>
  );
}
