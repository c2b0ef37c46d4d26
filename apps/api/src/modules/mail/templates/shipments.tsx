// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { formatPaise } from '@kapaas/contract';
import { shopUrl } from '../links';
import { type OrderForMail, orderForMail } from '../mail.repository';
import type { Template, TemplateContext } from '../render';
import { SEALED_PLACEHOLDER } from '../seal';
import { Action, Layout, Para, Title } from './Layout';

// The shopper's messages about the parcel as the courier moves it (issue 33): out for delivery, and a failed attempt
// with the link to answer it. The shipping module queues them in the tracking update's transaction; the payload
// carries what the courier said (the courier, the AWB, its reason), since the mail module reads no shipment. The
// delivered message is the order's own (order_delivered), sent when the courier's delivery moves the order.

interface ParcelFacts {
  courier: string;
  awb: string;
  trackingUrl: string | null;
  reason: string | null;
}

function parcelOf(context: TemplateContext): ParcelFacts {
  const { courier_name, awb, tracking_url, reason } = context.row.payload;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    courier: text(courier_name) ?? 'The courier',
    awb: text(awb) ?? '',
    trackingUrl: text(tracking_url),
    reason: text(reason),
  };
}

async function loadOrder(context: TemplateContext): Promise<OrderForMail> {
  const id = context.row.payload.order_id;
  const order = typeof id === 'number' ? await orderForMail(context.db, id) : null;
  if (!order) throw new Error(`the message's order ${String(id)} was not found`);
  return order;
}

const greeting = (order: OrderForMail) => `Hello ${order.addressSnapshot.first_name},`;

/** The cash the courier collects, for an unpaid cash-on-delivery order. */
function CashDue({ order }: { order: OrderForMail }) {
  if (order.paymentMethod !== 'cod' || order.paidAt) return null;
  return <Para>Please keep {formatPaise(order.totalPaise)} ready to pay in cash when it arrives.</Para>;
}

export const shipmentOutForDelivery: Template = async (context) => {
  const order = await loadOrder(context);
  const parcel = parcelOf(context);
  const track = parcel.trackingUrl ?? shopUrl(context.mail, `/order-detail/${order.id}`);
  const a = order.addressSnapshot;
  return {
    subject: `Order #${order.id} is out for delivery`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={`${parcel.courier} is bringing your parcel today.`}>
        <Title>Your parcel is out for delivery</Title>
        <Para>{greeting(order)}</Para>
        <Para>
          {parcel.courier} is bringing order #{order.id} to {a.address}, {a.city} today (AWB {parcel.awb}). The courier
          may call {a.phone_number} on the way.
        </Para>
        <CashDue order={order} />
        <Action href={track}>Track the parcel</Action>
      </Layout>
    ),
  };
};

export const shipmentUndelivered: Template = async (context) => {
  const order = await loadOrder(context);
  const parcel = parcelOf(context);
  const answer = shopUrl(context.mail, `/delivery-answer?token=${SEALED_PLACEHOLDER}`);
  return {
    subject: `Order #${order.id}: the courier could not deliver it`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="Tell us when the courier should come again.">
        <Title>We could not deliver your parcel</Title>
        <Para>{greeting(order)}</Para>
        <Para>
          {parcel.courier} tried to deliver order #{order.id} (AWB {parcel.awb}) but could not
          {parcel.reason ? `. The courier says: “${parcel.reason}”` : ''}.
        </Para>
        <Para>
          Choose a day for the next attempt, or correct your phone number or address, and we will pass it on to the
          courier.
        </Para>
        <Action href={answer}>Choose a day for delivery</Action>
        <CashDue order={order} />
        <Para>
          The link works for 3 days. If we do not hear from you, the courier may try once more or send the parcel back
          to us.
        </Para>
      </Layout>
    ),
  };
};
