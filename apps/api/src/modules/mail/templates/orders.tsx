// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { formatPaise } from '@kapaas/contract';
import { shownWhatsAppNumber } from '../../../lib/whatsapp-number';
import { shopUrl } from '../links';
import { type OrderForMail, orderForMail, payLinkForMail } from '../mail.repository';
import type { Built, Template, TemplateContext } from '../render';
import { Action, Layout, Para, Title } from './Layout';
import { DeliveryAddress, OrderLines } from './order-parts';

// The shopper's messages about an order. The payload names the order (`order_id`) and carries what
// the event said that the order does not keep: the owner's note to the shopper (a tracking number),
// a refund's amount.

const orderNumber = (order: OrderForMail) => `#${order.id}`;

/** "Thu, 10 Dec", the way the checkout promised the date. */
const deliveryDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function loadOrder(context: TemplateContext): Promise<OrderForMail> {
  const id = context.row.payload.order_id;
  const order = typeof id === 'number' ? await orderForMail(context.db, id) : null;
  if (!order) throw new Error(`the message's order ${String(id)} was not found`);
  return order;
}

const noteOf = (context: TemplateContext) =>
  typeof context.row.payload.note === 'string' && context.row.payload.note.trim()
    ? context.row.payload.note.trim()
    : null;

function orderMessage(
  context: TemplateContext,
  order: OrderForMail,
  parts: { subject: string; title: string; preview: string; body: React.ReactNode; lines?: boolean },
): Built {
  const url = shopUrl(context.mail, `/order-detail/${order.id}`);
  return {
    subject: parts.subject,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={parts.preview}>
        <Title>{parts.title}</Title>
        {parts.body}
        {parts.lines === false ? null : <OrderLines order={order} shopUrl={context.mail.publicUrl} />}
        {parts.lines === false ? null : <DeliveryAddress order={order} />}
        <Action href={url}>View order {orderNumber(order)}</Action>
      </Layout>
    ),
  };
}

const greeting = (order: OrderForMail) => `Hello ${order.addressSnapshot.first_name},`;

/**
 * The price paid online that the placement put in the confirmation's payload when it made a payment link for it
 * (checkout's `payLinkToCome`); null when the shop makes no links.
 */
function payOnlineOf(context: TemplateContext): { total: number; saving: number } | null {
  const offer = context.row.payload.pay_online;
  if (typeof offer !== 'object' || offer === null) return null;
  const { total_paise: total, saving_paise: saving } = offer as Record<string, unknown>;
  return typeof total === 'number' && typeof saving === 'number' ? { total, saving } : null;
}

/**
 * The confirmation's offer to pay online instead (issue 34): its payment link, while it can be paid. The confirmation
 * is held until the link is made or could not be (ADR 048); without one (Razorpay down, or the placement stopped
 * before it), the order page, which offers the same.
 */
async function payLinkOffer(context: TemplateContext, order: OrderForMail) {
  const link = await payLinkForMail(context.db, order.id);
  if (!link || (link.expiresAt && link.expiresAt.getTime() <= Date.now())) return orderPageOffer(context, order);
  const saving = order.totalPaise - link.amountPaise;
  const until = link.expiresAt
    ? ` until ${link.expiresAt.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}`
    : '';
  return (
    <>
      <Para>
        Pay now online instead and save {formatPaise(saving)}: {formatPaise(link.amountPaise)} by UPI, card, netbanking
        or wallet, and nothing to pay at the door. The link works{until}, before the order ships.
      </Para>
      <Action href={link.url}>Pay {formatPaise(link.amountPaise)} now</Action>
    </>
  );
}

/** The offer without a payment link: pay online from the order page, when the shop made links for its orders. */
function orderPageOffer(context: TemplateContext, order: OrderForMail) {
  const offer = payOnlineOf(context);
  if (!offer) return null;
  return (
    <>
      <Para>
        Pay now online instead and save {formatPaise(offer.saving)}: {formatPaise(offer.total)} by UPI, card, netbanking
        or wallet, from your order page, and nothing to pay at the door, any time before the order ships.
      </Para>
      <Action href={shopUrl(context.mail, `/order-detail/${order.id}`)}>Pay online from your order page</Action>
    </>
  );
}

/**
 * The number a COD order's confirmation was asked on WhatsApp, as the shopper reads it, or null: this message is the
 * COD confirmation (its Confirm order button names the order) still bound for WhatsApp. Once it falls back, its e-mail
 * is written again (whatsapp-outbox.ts) and, going in its place, says the shop will call.
 */
function codAskedOn(context: TemplateContext, order: OrderForMail): string | null {
  const { row } = context;
  if (row.channel !== 'whatsapp' || row.fallbackAt !== null || row.waPhone === null) return null;
  const asks = row.waTemplate?.buttons?.some(
    (button) => button.type === 'quick_reply' && button.payload === `cod_confirm:${order.id}`,
  );
  return asks ? shownWhatsAppNumber(row.waPhone) : null;
}

/** How a COD order waiting for its confirmation is confirmed: a tap on WhatsApp, or the shop's call. */
function confirmationNote(context: TemplateContext, order: OrderForMail) {
  if (order.status !== 'cod_pending_confirmation') return null;
  const number = codAskedOn(context, order);
  if (number === null) return <Para>We will call you to confirm the order before we pack it.</Para>;
  return (
    <Para>
      We have sent you a WhatsApp message at {number}: tap Confirm order and we will pack it (or we will call you).
    </Para>
  );
}

export const orderPlaced: Template = async (context) => {
  const order = await loadOrder(context);
  const offer = order.paymentMethod === 'cod' ? await payLinkOffer(context, order) : null;
  // A COD advance (issue 34) was paid online before this message: the door takes the rest.
  const due = formatPaise(order.totalPaise - order.codAdvancePaise);
  const advance =
    order.codAdvancePaise > 0 ? `You paid an advance of ${formatPaise(order.codAdvancePaise)} online, and` : 'You';
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} placed: ${due} to pay on delivery`,
    title: 'Thank you for your order',
    preview: `Pay ${due} in cash when it arrives.`,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>
          We have your order {orderNumber(order)}. {advance} pay {due} in cash on delivery
          {order.deliveryBy ? `; it should reach you by ${deliveryDate(order.deliveryBy)}` : ''}.
        </Para>
        {confirmationNote(context, order)}
        {offer}
      </>
    ),
  });
};

export const orderPaid: Template = async (context) => {
  const order = await loadOrder(context);
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} paid: ${formatPaise(order.totalPaise)}`,
    title: 'Thank you: your payment was received',
    preview: `We received ${formatPaise(order.totalPaise)} for order ${orderNumber(order)}.`,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>
          We received {formatPaise(order.totalPaise)} for order {orderNumber(order)}
          {order.deliveryBy ? `. It should reach you by ${deliveryDate(order.deliveryBy)}` : ''}. Your tax invoice is
          attached.
        </Para>
      </>
    ),
  });
};

export const orderShipped: Template = async (context) => {
  const order = await loadOrder(context);
  const note = noteOf(context);
  const due = order.paymentMethod === 'cod' && !order.paidAt;
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} shipped`,
    title: 'Your order is on its way',
    preview: note ?? `Order ${orderNumber(order)} left our workshop.`,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>
          Order {orderNumber(order)} left our workshop
          {order.deliveryBy ? ` and should reach you by ${deliveryDate(order.deliveryBy)}` : ''}.
        </Para>
        {note ? <Para>{note}</Para> : null}
        {due ? (
          <Para>
            Please keep {formatPaise(order.totalPaise - order.codAdvancePaise)} ready to pay on delivery. Your tax
            invoice is attached.
          </Para>
        ) : null}
      </>
    ),
  });
};

export const orderDelivered: Template = async (context) => {
  const order = await loadOrder(context);
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} delivered`,
    title: 'Your order was delivered',
    preview: 'We hope the clothes fit well and feel soft.',
    lines: false,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>Order {orderNumber(order)} was delivered. We hope the clothes fit well and feel soft.</Para>
        <Para>If a size is not right, write to us within 7 days of delivery.</Para>
      </>
    ),
  });
};

export const orderCancelled: Template = async (context) => {
  const order = await loadOrder(context);
  const note = noteOf(context);
  const refundDue = order.paymentMethod === 'online' && order.paidAt !== null;
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} cancelled`,
    title: 'Your order was cancelled',
    preview: note ?? `Order ${orderNumber(order)} was cancelled.`,
    lines: false,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>Order {orderNumber(order)} was cancelled.</Para>
        {note ? <Para>{note}</Para> : null}
        {refundDue ? (
          <Para>
            What you paid, {formatPaise(order.totalPaise)}, will be refunded to the way you paid; we will write when it
            is done.
          </Para>
        ) : null}
      </>
    ),
  });
};

/** A cash-on-delivery order that waited for the shop's confirmation call longer than the shop allows, cancelled. */
export const orderCodUnconfirmed: Template = async (context) => {
  const order = await loadOrder(context);
  return orderMessage(context, order, {
    subject: `Order ${orderNumber(order)} cancelled: not confirmed`,
    title: 'Your order was cancelled',
    preview: `We could not confirm order ${orderNumber(order)} in time.`,
    lines: false,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>
          We could not confirm your cash-on-delivery order {orderNumber(order)} with you in time, so we cancelled it.
          Nothing is to be paid, and no parcel will come.
        </Para>
        <Para>If you still want these clothes, you are welcome to order them again.</Para>
      </>
    ),
  });
};

export const orderRefunded: Template = async (context) => {
  const order = await loadOrder(context);
  const amount =
    typeof context.row.payload.amount_paise === 'number' ? context.row.payload.amount_paise : order.totalPaise;
  return orderMessage(context, order, {
    subject: `Refund of ${formatPaise(amount)} for order ${orderNumber(order)}`,
    title: `We refunded ${formatPaise(amount)}`,
    preview: `${formatPaise(amount)} is on its way back to you.`,
    lines: false,
    body: (
      <>
        <Para>{greeting(order)}</Para>
        <Para>
          We refunded {formatPaise(amount)} for order {orderNumber(order)} to the way you paid. Banks usually show it
          within 5–7 working days.
        </Para>
      </>
    ),
  });
};

export const ownerNewOrder: Template = async (context) => {
  const order = await loadOrder(context);
  const cod = order.paymentMethod === 'cod';
  const a = order.addressSnapshot;
  const url = shopUrl(context.mail, `/admin/orders/${order.id}`);
  return {
    subject: `New order ${orderNumber(order)}: ${formatPaise(order.totalPaise)} ${cod ? '(cash on delivery)' : 'paid'}`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={`${a.first_name} ${a.last_name}, ${a.city} ${a.pin_code}`}>
        <Title>New order {orderNumber(order)}</Title>
        <Para>
          {a.first_name} {a.last_name} ({a.email_id}, {a.phone_number}) ordered {formatPaise(order.totalPaise)}
          {cod ? ', to be paid in cash on delivery' : ', paid online'}.
        </Para>
        <OrderLines order={order} shopUrl={context.mail.publicUrl} />
        <DeliveryAddress order={order} />
        <Action href={url}>Open in the console</Action>
      </Layout>
    ),
  };
};
