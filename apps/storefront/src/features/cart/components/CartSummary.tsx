import type { CartListAnswer, PaymentMethod } from '@kapaas/contract';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { deliveryByText } from '#storefront/lib/deliveryDate.ts';
import { formatRupees } from '#storefront/lib/money.ts';
import { paths } from '#storefront/lib/paths.ts';
import { forgetCouponId } from '#storefront/lib/storedCoupon.ts';
import { type CheckoutChoice, useCartTotals } from '../hooks/useCartTotals';
import { freeShippingHint, undeliverable } from '../lib/pricing';

/** What the panel's button needs to know to decide whether the shopper may go on. */
export interface CartSummaryState {
  cart: CartListAnswer;
  /** No lines at all. */
  empty: boolean;
  /** Some line cannot be bought as it is (product.md §13: unavailable items block checkout until removed). */
  blocked: boolean;
  /** The chosen coupon, which the server prices again when the order is placed. */
  couponId: number | null;
  /** True while the coupon's discount is being checked, or the chosen address priced: the total shown is not final yet. */
  pricing: boolean;
  /** Why cash on delivery cannot be chosen for this cart (server's reason, or outside the order limits), or null. */
  codRefusal: string | null;
  /** How the order is paid, as far as the cart allows: cash on delivery only when it is not refused. */
  paymentMethod: PaymentMethod;
  /** What paying online saves (the prepaid discount, ADR 047), for the payment choice to say; 0 when none. */
  prepaidSaving: number;
  /** Cash on delivery's advance (issue 34): paid online now, and the rest on delivery, in rupees; null: none. */
  codAdvance: { now: number; onDelivery: number } | null;
}

interface CartSummaryProps {
  /** The panel's button: CONTINUE on the cart, PROCEED TO PAY on the billing page. */
  action: (state: CartSummaryState) => ReactNode;
  /**
   * On the billing page: the address the cart is priced for (shipping, delivery date, cash on delivery) and how the
   * shopper pays; the panel then shows the delivery date and, for cash on delivery, its fee.
   */
  checkout?: CheckoutChoice;
}

export const COD_FEE_LABEL = 'Cash on delivery fee';

export const PREPAID_DISCOUNT_LABEL = 'Prepaid discount (paying online)';

export const BLOCKED_CART_MESSAGE = 'Remove the unavailable items from your cart to continue.';

/**
 * The totals panel of the cart and billing pages (product.md §2): the item count, each line, the coupon (Select Coupon,
 * or the applied one with a remove control), the total, and the page's button.
 */
export function CartSummary({ action, checkout }: CartSummaryProps) {
  const totals = useCartTotals(checkout);
  const { cart, couponId, coupon, couponPending, couponNotice, shipping, codFee, prepaidDiscount, total } = totals;
  const headingId = useId();

  if (cart.isPending) return <LoadingState label="Loading your cart totals" />;
  if (cart.isError) return <QueryErrorAlert error={cart.error} onRetry={() => cart.refetch()} />;

  const lines = cart.data.product;
  const empty = lines.length === 0;
  const blocked = lines.some((line) => !line.available);
  const hint = freeShippingHint(cart.data, shipping);
  const deliveryBy = checkout && !empty ? deliveryByText(cart.data.delivery_by) : null;

  return (
    <section className="cart-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-summary__heading">
        Cart Totals
      </h2>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>Cart Items</dt>
          <dd>{cart.data.total_items}</dd>
        </div>
        {lines.map((line) => (
          <div
            key={`${line.product_id}-${line.size_id}`}
            className={`cart-summary__row cart-summary__line${line.available ? '' : ' cart-summary__line--unavailable'}`}
          >
            <dt>
              {line.name} <span className="text-nowrap">× {line.selected_quantity}</span>
              {!line.available && <span className="cart-summary__flag">Unavailable</span>}
            </dt>
            <dd>{line.available ? formatRupees(line.total) : '—'}</dd>
          </div>
        ))}
        {!empty && (
          <div className="cart-summary__row cart-summary__coupon">
            {couponId === null ? (
              <>
                <dt>Coupon</dt>
                <dd>
                  <Link to={paths.coupons}>Select Coupon</Link>
                </dd>
              </>
            ) : couponPending ? (
              <>
                <dt>Coupon</dt>
                <dd>Checking coupon…</dd>
              </>
            ) : coupon ? (
              <>
                <dt>
                  Coupon <span className="cart-summary__code">{coupon.coupon_code}</span>
                  <button
                    type="button"
                    className="btn btn-link btn-sm cart-summary__remove-coupon"
                    onClick={forgetCouponId}
                    aria-label={`Remove coupon ${coupon.coupon_code}`}
                  >
                    Remove
                  </button>
                </dt>
                <dd className="cart-summary__discount">−{formatRupees(coupon.discounted_amount)}</dd>
              </>
            ) : (
              <>
                <dt>Coupon</dt>
                <dd>
                  <Link to={paths.coupons}>Select Coupon</Link>
                </dd>
              </>
            )}
          </div>
        )}
        {!empty && (
          <div className="cart-summary__row cart-summary__shipping">
            <dt>
              Shipping
              {hint !== null && <span className="cart-summary__hint">{hint}</span>}
            </dt>
            <dd>
              {undeliverable(cart.data)
                ? 'We do not deliver to this PIN code yet'
                : couponPending
                  ? '…'
                  : shipping > 0
                    ? formatRupees(shipping)
                    : 'Free'}
            </dd>
          </div>
        )}
        {!empty && prepaidDiscount > 0 && (
          <div className="cart-summary__row">
            <dt>{PREPAID_DISCOUNT_LABEL}</dt>
            <dd className="cart-summary__discount">−{formatRupees(prepaidDiscount)}</dd>
          </div>
        )}
        {codFee > 0 && (
          <div className="cart-summary__row">
            <dt>{COD_FEE_LABEL}</dt>
            <dd>{formatRupees(codFee)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__total">
          <dt>Total</dt>
          <dd>{couponPending ? '…' : formatRupees(total)}</dd>
        </div>
      </dl>
      {deliveryBy !== null && <p className="cart-summary__delivery">{deliveryBy}</p>}
      {couponNotice !== null && (
        <p className="cart-summary__coupon-notice" role="alert">
          {couponNotice}
        </p>
      )}
      {blocked && (
        <p className="cart-summary__blocked" role="note">
          {BLOCKED_CART_MESSAGE}
        </p>
      )}
      {action({
        cart: cart.data,
        empty,
        blocked,
        couponId,
        pricing: couponPending || totals.repricing,
        codRefusal: totals.codRefusal,
        paymentMethod: totals.paymentMethod,
        prepaidSaving: totals.prepaidSaving,
        codAdvance: totals.codAdvance,
      })}
    </section>
  );
}
