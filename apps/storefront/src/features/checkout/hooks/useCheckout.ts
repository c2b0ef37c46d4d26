import type {
  CheckoutHandlerResponse,
  CodAdvanceAnswer,
  CodOrderPlacedAnswer,
  ConsentPurpose,
  OrderCreatedAnswer,
  OrderPlaceLine,
  PaymentMethod,
} from '@kapaas/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { noticeVersionNow } from '#storefront/lib/queries/usePrivacyNotice.ts';
import { type Identity, useIdentity } from '#storefront/lib/session.ts';
import { forgetCouponId } from '#storefront/lib/storedCoupon.ts';
import { confirmPayment, createOrder, placeCodOrder } from '../api/orderPlace';
import { loadCheckoutScript, shopTeal } from '../lib/razorpay';
import type { OrderSuccessState } from '../orderSuccessState';

/** The payment texts: those of product.md §8 exactly, and the shop's own for a declined card and a closed dialog. */
export const CHECKOUT_TEXTS = {
  sessionExpired: 'Your session has expired. Please log in again.',
  createFailed: 'Failed to create order.',
  unexpected: 'An unexpected error occurred.',
  confirmFailed: 'Payment successful, but order confirmation failed.',
  verifyServerError: 'A server error occurred during payment verification.',
  declined: 'The payment did not go through.',
  notPaid: 'Your order is not paid yet: you can try again.',
  dismissed: 'Payment cancelled.',
} as const;

/** What the shopper is buying, as the billing page knows it. */
export interface Purchase {
  addressId: number;
  couponId: number | null;
  lines: OrderPlaceLine[];
  /** The consent boxes ticked at checkout (issue 35); the notice version is added as the order is placed. */
  consents?: ConsentPurpose[] | undefined;
  noticeVersion?: number | undefined;
  /** The "Get order updates on WhatsApp" box (issue 36). */
  whatsappUpdates?: boolean | undefined;
}

/**
 * idle: nothing under way; creating: first order_place call and checkout.js; paying: the dialog is open; confirming:
 * second call; placing: the one order_place call of a cash-on-delivery order.
 */
export type CheckoutPhase = 'idle' | 'creating' | 'paying' | 'confirming' | 'placing';

export interface CheckoutNotice {
  tone: 'error' | 'warning';
  text: string;
}

/** An order opened with the provider and not paid yet: paying again for the same purchase reuses it. */
interface OpenOrder {
  purchase: string;
  answer: OrderCreatedAnswer;
}

/** A pending order this close to expiring is not reused: the shopper would run out of time in the dialog. */
const REUSE_MARGIN_MS = 2 * 60_000;

/** The server's reason for a refusal, or `fallback` when its answer gave none (the client then fills in its own). */
function serverReason(error: ApiError, fallback: string): string {
  return error.message && error.message !== NETWORK_ERROR_MESSAGE ? error.message : fallback;
}

function createFailureText(error: unknown): string {
  // An answer from the server carries its reason; a lost connection or anything else is unexpected (product.md §8).
  if (error instanceof ApiError && error.status !== 0) return serverReason(error, CHECKOUT_TEXTS.createFailed);
  return CHECKOUT_TEXTS.unexpected;
}

function confirmFailureText(error: unknown): string {
  // A refusal (bad signature, unknown order) has the server's words; a crash or a lost connection does not.
  if (error instanceof ApiError && error.isClientError) return serverReason(error, CHECKOUT_TEXTS.confirmFailed);
  return CHECKOUT_TEXTS.verifyServerError;
}

function prefillOf(identity: Identity) {
  if (identity.kind !== 'user') return undefined;
  return { name: identity.name, email: identity.email ?? undefined, contact: identity.phone ?? undefined };
}

/** What the order-success page shows of an order paid online. */
function paidOnline(order: OrderCreatedAnswer): OrderSuccessState {
  return {
    orderId: order.order_id,
    paymentMethod: 'online',
    deliveryBy: order.delivery_by,
    amountDue: 0,
    status: null,
  };
}

/** What the order-success page shows of a cash-on-delivery order whose advance was paid (issue 34): the rest is due. */
function advancePaid(order: CodAdvanceAnswer): OrderSuccessState {
  return {
    orderId: order.order_id,
    paymentMethod: 'cod',
    deliveryBy: order.delivery_by,
    amountDue: order.amount_due_on_delivery,
    status: 'cod_confirmed',
  };
}

/** What the order-success page shows of a cash-on-delivery order. */
function placedForCash(order: CodOrderPlacedAnswer): OrderSuccessState {
  return {
    orderId: order.order_id,
    paymentMethod: 'cod',
    deliveryBy: order.delivery_by,
    amountDue: order.amount_due_on_delivery,
    status: order.status,
    whatsappNumber: order.confirm_on_whatsapp ? (order.whatsapp_number ?? null) : null,
  };
}

/** What the provider's dialog reports to the checkout. */
interface DialogEvents {
  /** The card was taken: the payment is to be confirmed. */
  paid: (payment: CheckoutHandlerResponse) => void;
  /** A card was declined; the dialog stays open for another. */
  declined: (text: string) => void;
  /** The dialog closed unpaid: what to tell the shopper, and how loudly. */
  closed: (text: string, tone: CheckoutNotice['tone']) => void;
}

/** checkout.js's dialog for `order` (or a COD order's advance), loaded and not yet open. A declined card's reason is kept for when it closes. */
async function paymentDialog(order: OrderCreatedAnswer | CodAdvanceAnswer, identity: Identity, on: DialogEvents) {
  const Razorpay = await loadCheckoutScript(order.checkout_url);
  let declined: string | null = null;
  const checkout = new Razorpay({
    key: order.key,
    amount: order.amount,
    currency: order.currency,
    name: 'Kapaas',
    description: order.payment_method === 'cod' ? `Advance for order #${order.order_id}` : `Order #${order.order_id}`,
    order_id: order.razorpay_order_id,
    prefill: prefillOf(identity),
    theme: { color: shopTeal() },
    handler: on.paid,
    modal: {
      ondismiss: () =>
        on.closed(
          declined ? `${declined} ${CHECKOUT_TEXTS.notPaid}` : `${CHECKOUT_TEXTS.dismissed} ${CHECKOUT_TEXTS.notPaid}`,
          declined ? 'error' : 'warning',
        ),
    },
  });
  checkout.on('payment.failed', (response) => {
    // The dialog stays open for another card; the reason is kept for when it closes.
    declined = response.error?.description || CHECKOUT_TEXTS.declined;
    on.declined(`${declined} ${CHECKOUT_TEXTS.notPaid}`);
  });
  return checkout;
}

/** The phase and the notice the pay button shows, and the two ways a checkout falls back to idle. */
function useCheckoutStatus() {
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);

  const fail = (text: string, tone: CheckoutNotice['tone'] = 'error') => {
    setPhase('idle');
    setNotice({ tone, text });
  };

  /** A failed first call: a lost session is alerted as product.md §8 says, anything else told beside the button. */
  const createFailed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      setPhase('idle');
      window.alert(CHECKOUT_TEXTS.sessionExpired);
      return;
    }
    fail(createFailureText(error));
  };

  return { phase, setPhase, notice, setNotice, fail, createFailed };
}

type CheckoutStatus = ReturnType<typeof useCheckoutStatus>;

/** The order is placed (paid online, or for cash on delivery): the cart is read again and the shopper sees it. */
function useOrderPlaced(onPaid: (() => void) | undefined) {
  const navigate = useNavigate();
  return (state: OrderSuccessState) => {
    forgetCouponId();
    onPaid?.();
    navigate(paths.orderSuccess, { state });
  };
}

/**
 * Paying online: order_place creates the order (or the open one for the same purchase is reused), checkout.js takes
 * the card, order_place again verifies the payment.
 */
function useOnlinePayment(identity: Identity, status: CheckoutStatus, placed: (state: OrderSuccessState) => void) {
  const openOrder = useRef<OpenOrder | null>(null);

  const orderFor = async (purchase: Purchase): Promise<OrderCreatedAnswer> => {
    const key = JSON.stringify(purchase);
    const open = openOrder.current;
    if (open?.purchase === key && Date.parse(open.answer.expires_at) - Date.now() > REUSE_MARGIN_MS) {
      return open.answer;
    }
    const answer = await createOrder({ identity, ...purchase });
    openOrder.current = { purchase: key, answer };
    return answer;
  };

  const confirm = async (order: OrderCreatedAnswer, payment: CheckoutHandlerResponse) => {
    status.setPhase('confirming');
    status.setNotice(null);
    openOrder.current = null;
    try {
      await confirmPayment(identity, order.order_id, payment);
    } catch (error) {
      status.fail(confirmFailureText(error));
      return;
    }
    placed(paidOnline(order));
  };

  return async (purchase: Purchase) => {
    status.setPhase('creating');
    let order: OrderCreatedAnswer;
    try {
      order = await orderFor(purchase);
    } catch (error) {
      status.createFailed(error);
      return;
    }
    try {
      const checkout = await paymentDialog(order, identity, {
        paid: (payment) => void confirm(order, payment),
        declined: (text) => status.setNotice({ tone: 'error', text }),
        closed: status.fail,
      });
      status.setPhase('paying');
      checkout.open();
    } catch {
      status.fail(CHECKOUT_TEXTS.unexpected);
    }
  };
}

/**
 * A cash-on-delivery order's advance (issue 34): the dialog opens for it as for an online order, and order_place's
 * second call confirms it; the order is then confirmed, the rest due at the door. Closed unpaid, the order waits and
 * expires like an unpaid online order; placing it again makes another.
 */
function useAdvancePayment(identity: Identity, status: CheckoutStatus, placed: (state: OrderSuccessState) => void) {
  const confirm = async (order: CodAdvanceAnswer, payment: CheckoutHandlerResponse) => {
    status.setPhase('confirming');
    status.setNotice(null);
    try {
      await confirmPayment(identity, order.order_id, payment);
    } catch (error) {
      status.fail(confirmFailureText(error));
      return;
    }
    placed(advancePaid(order));
  };

  return async (order: CodAdvanceAnswer) => {
    try {
      const checkout = await paymentDialog(order, identity, {
        paid: (payment) => void confirm(order, payment),
        declined: (text) => status.setNotice({ tone: 'error', text }),
        closed: status.fail,
      });
      status.setPhase('paying');
      checkout.open();
    } catch {
      status.fail(CHECKOUT_TEXTS.unexpected);
    }
  };
}

/**
 * The payment of product.md §4: order_place creates the order, checkout.js (loaded from the URL the server gives) takes
 * the card, order_place again verifies the payment, then the shopper sees /Order-success. A declined card or a
 * closed dialog leaves the order unpaid and the shopper may pay again.
 */
export function useCheckout(onPaid?: () => void) {
  const identity = useIdentity();
  const status = useCheckoutStatus();
  const placed = useOrderPlaced(onPaid);
  const payOnline = useOnlinePayment(identity, status, placed);
  const payAdvance = useAdvancePayment(identity, status, placed);

  /** Cash on delivery: one order_place call places the order, unless the shop asks an advance, paid in the dialog. */
  const placeCod = async (purchase: Purchase) => {
    status.setPhase('placing');
    let answer: CodOrderPlacedAnswer | CodAdvanceAnswer;
    try {
      answer = await placeCodOrder({ identity, ...purchase });
    } catch (error) {
      status.createFailed(error);
      return;
    }
    if ('razorpay_order_id' in answer) await payAdvance(answer);
    else placed(placedForCash(answer));
  };

  const pay = async (purchase: Purchase, method: PaymentMethod = 'online') => {
    if (identity.kind === 'anonymous') {
      window.alert(CHECKOUT_TEXTS.sessionExpired);
      return;
    }
    status.setNotice(null);
    // Consents ticked go with the version of the notice the page linked to, which the server records with them.
    const withNotice =
      (purchase.consents && purchase.consents.length > 0) || purchase.whatsappUpdates
        ? { ...purchase, noticeVersion: await noticeVersionNow() }
        : purchase;
    await (method === 'cod' ? placeCod(withNotice) : payOnline(withNotice));
  };

  return { pay, phase: status.phase, busy: status.phase !== 'idle', notice: status.notice };
}
