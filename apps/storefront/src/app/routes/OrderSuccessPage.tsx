import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { PayOnlineOfferFor } from '../../features/checkout/components/PayOnlineOffer';
import { shownOrderOf } from '../../features/checkout/orderSuccessState';
import { ORDER_PAYMENT_LABELS } from '../../features/orders/components/orderPayment';
import { paidByText } from '../../features/orders/components/PaidBy';
import '../../features/orders/orders.css';
import { deliveryByText } from '../../lib/deliveryDate';
import { formatRupees } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useOrderDetails } from '../../lib/queries/useOrderDetails';
import { pageMeta } from '../seo/pageMeta';

/** Told when the shop confirms cash-on-delivery orders by phone before packing them. */
export const COD_CALL_NOTE = 'We will call you to confirm the order before we pack it.';

/** Told instead when the server says it asked the confirmation on WhatsApp, at this number (issue 36). */
const confirmNote = (whatsappNumber: string | null | undefined) =>
  whatsappNumber
    ? `We have sent you a WhatsApp message at ${whatsappNumber}: tap Confirm order and we will pack it (or we will call you).`
    : COD_CALL_NOTE;

/**
 * /Order-success: the confirmation after payment, or after a cash-on-delivery order is placed (product.md §2, Order
 * success). The checkout passes the order along in the navigation state; opened directly, the order id reads "N/A".
 */
export function OrderSuccessPage() {
  const order = shownOrderOf(useLocation().state);
  const { orderId } = order;
  const cod = order.paymentMethod === 'cod';
  const deliveryBy = deliveryByText(order.deliveryBy);
  const placed = /^\d+$/.test(orderId) ? Number(orderId) : null;
  const note = confirmNote(order.whatsappNumber);
  const due =
    order.amountDue > 0 ? (
      <p className="order-success__due">Pay {formatRupees(order.amountDue)} in cash on delivery.</p>
    ) : null;

  return (
    <div className="container page text-center status-page">
      <svg
        className="order-success__mark"
        viewBox="0 0 64 64"
        width="72"
        height="72"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="32" cy="32" r="30" />
        <path d="m20 33 8 8 16-18" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
      </svg>
      <PageHeading>Order Placed Successfully !</PageHeading>
      <p className="lead">
        Order ID: <strong>{orderId}</strong>
      </p>
      {placed !== null ? (
        <PlacedOrderPayment
          orderId={placed}
          cod={cod}
          due={due}
          pendingConfirmation={order.status === 'cod_pending_confirmation'}
          note={note}
        />
      ) : (
        cod && <CodPayment due={due} pendingConfirmation={order.status === 'cod_pending_confirmation'} note={note} />
      )}
      {deliveryBy !== null && <p className="order-success__delivery">{deliveryBy}</p>}
      <p className="order-success__note">
        Thank you for shopping with Kapaas. We pack every order with care within 2–4 business days; you can follow it
        from My Orders.
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-3">
        <Link className="btn btn-primary" to={paths.orders}>
          Track Order
        </Link>
        <Link className="btn btn-outline-primary" to={paths.home}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/** "Payment: Cash on delivery", what is due at the door, and the note on the confirmation call. */
function CodPayment({
  due,
  pendingConfirmation,
  note,
  children,
}: {
  due: ReactNode;
  pendingConfirmation: boolean;
  /** How the order is confirmed: the shop's call, or a tap on WhatsApp. */
  note: string;
  children?: ReactNode;
}) {
  return (
    <div className="order-success__cod">
      <p className="mb-1">
        Payment: <strong>{ORDER_PAYMENT_LABELS.cod}</strong>
      </p>
      {due}
      {pendingConfirmation && <p className="mb-0">{note}</p>}
      {children}
    </div>
  );
}

interface PlacedOrderPaymentProps {
  orderId: number;
  /** What the checkout asked for (the navigation state). */
  cod: boolean;
  due: ReactNode;
  pendingConfirmation: boolean;
  note: string;
}

/**
 * How the order is paid ("Paid by UPI", "Advance paid by UPI, ₹Z to pay on delivery"), as the server has it: the
 * navigation state only knows what the checkout asked, not the method the shopper chose in the payment dialog, nor
 * that a cash-on-delivery order was paid online since. Until the server answers, the state's words show.
 */
function PlacedOrderPayment({ orderId, cod, due, pendingConfirmation, note }: PlacedOrderPaymentProps) {
  const order = useOrderDetails(orderId).data;
  const paid = order ? paidByText(order) : null;
  if (!cod) return paid === null ? null : <p className="order-success__paid-by mb-1">{paid}</p>;
  const stillCod = order ? order.payment_method === 'cod' : true;
  const waiting = order ? order.status === 'cod_pending_confirmation' : pendingConfirmation;
  // One tree whatever the answer, so that the offer just paid keeps saying so ("Nothing to pay at the door").
  return (
    <div className="order-success__cod">
      {stillCod ? (
        <p className="mb-1">
          Payment: <strong>{ORDER_PAYMENT_LABELS.cod}</strong>
        </p>
      ) : (
        paid !== null && <p className="order-success__paid-by mb-1">{paid}</p>
      )}
      {stillCod && (paid === null ? due : <p className="order-success__due">{paid}</p>)}
      {stillCod && waiting && <p className="mb-0">{note}</p>}
      <PayOnlineOfferFor orderId={orderId} />
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Order Placed Successfully ! | Kapaas', noindex: true });

export default OrderSuccessPage;
