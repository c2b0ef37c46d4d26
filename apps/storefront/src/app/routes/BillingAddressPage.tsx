import type { PaymentMethod } from '@kapaas/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckoutSteps } from '../../components/CheckoutSteps';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { useAddressList } from '../../features/addresses/api/useAddressList';
import { AddressChooser } from '../../features/addresses/components/AddressChooser';
import { CART_QUERY_KEY } from '../../features/cart/api/useCartList';
import { CartSummary } from '../../features/cart/components/CartSummary';
import { ProceedToPay } from '../../features/checkout/components/ProceedToPay';
import { useIdentity } from '../../lib/session';
import { pageMeta } from '../seo/pageMeta';

/**
 * /Billing-Address: choose the delivery address and pay (product.md §2, Billing address). The address book, the cart's
 * totals panel and the payment choice and button come from their features; this page joins them: the totals are
 * priced for the chosen address, and show the cash-on-delivery fee when that is how the shopper pays.
 */
export function BillingAddressPage() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('online');
  const addresses = useAddressList();

  return (
    <div className="container page">
      <PageHeading>Billing Address</PageHeading>
      <CheckoutSteps current={2} />
      {identity.kind === 'anonymous' ? (
        <SessionNotice />
      ) : (
        <div className="row g-4">
          <div className="col-lg-8">
            <AddressChooser onSelectedChange={setAddressId} />
          </div>
          <div className="col-lg-4">
            <CartSummary
              checkout={{ addressId, paymentMethod }}
              action={({
                cart,
                empty,
                blocked,
                pricing,
                couponId,
                codRefusal,
                paymentMethod: method,
                prepaidSaving,
                codAdvance,
              }) => (
                <ProceedToPay
                  addressId={addressId}
                  deliveryPhone={addresses.data?.find((a) => a.address_id === addressId)?.phone_number ?? null}
                  couponId={couponId}
                  lines={cart.product}
                  cartNotReady={empty || blocked || pricing}
                  onPaid={() => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY })}
                  payment={{
                    value: method,
                    onChange: setPaymentMethod,
                    codFee: cart.cod.fee,
                    codRefusal,
                    prepaidSaving,
                    codAdvance,
                  }}
                />
              )}
            />
          </div>
        </div>
      )}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Billing Address | Kapaas', noindex: true });

export default BillingAddressPage;
