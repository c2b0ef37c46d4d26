import { formatPaise, type WhatsAppKind } from '@kapaas/contract';
import { type OutboxWhatsAppTemplate, orders, type Queryable, shipments } from '@kapaas/db';
import { and, eq, sql } from 'drizzle-orm';
import { whatsAppNumberOf } from '../../lib/whatsapp-number';
import { type WhatsAppTemplateChoice, whatsappTemplateFor } from '../whatsapp';
import { returnWindowDays } from './orders.repository';

/*
 * The WhatsApp form of an order's message (issue 36, ADR 051): given with the mail when the owner turned the kind on
 * and an approved template exists; the outbox then sends it on WhatsApp if the delivery address's number consented,
 * else the e-mail goes. Always English for now: the shop keeps no language preference of a shopper yet.
 */

/** The order's facts a template's parameters are filled from. */
export interface OrderFacts {
  firstName: string;
  /** As the mails name it: `#1234`. */
  number: string;
  total: string;
  phone: string | null;
  status: string;
}

export async function orderFactsOf(tx: Queryable, orderId: number): Promise<OrderFacts> {
  const [order] = await tx
    .select({
      firstName: sql<string | null>`${orders.addressSnapshot}->>'first_name'`,
      phone: sql<string | null>`${orders.addressSnapshot}->>'phone_number'`,
      totalPaise: orders.totalPaise,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  return {
    firstName: order.firstName?.trim() || 'there',
    number: `#${orderId}`,
    total: formatPaise(order.totalPaise),
    phone: order.phone ? whatsAppNumberOf(order.phone) : null,
    status: order.status,
  };
}

/** The parameters each kind's demo template numbers (packages/db/src/seed/data/whatsapp-templates.ts), in order. */
const PARAMETERS: Partial<Record<WhatsAppKind, (facts: OrderFacts) => string[]>> = {
  order_placed: (o) => [o.firstName, o.number, o.total],
  order_paid: (o) => [o.firstName, o.total, o.number],
  order_cod_confirm: (o) => [o.firstName, o.number, o.total],
  order_cod_unconfirmed: (o) => [o.firstName, o.number],
  shipment_out_for_delivery: (o) => [o.firstName, o.number],
};

/**
 * The `whatsapp` of queueMail for an order's message of `kind`, or undefined (kind off, no approved template, no
 * number): then only the e-mail is queued. `extra` gives what the order's row does not hold (a courier, a reason).
 * The template's quick replies carry payloads naming the order.
 */
export async function orderWhatsApp(
  tx: Queryable,
  orderId: number,
  kind: WhatsAppKind,
  extra: { parameters?: string[]; urlParameter?: string } = {},
): Promise<(OutboxWhatsAppTemplate & { phone: string }) | undefined> {
  const template = await whatsappTemplateFor(tx, kind, 'en');
  if (!template) return undefined;
  // A URL button ending in {{1}} needs its parameter: without one Meta refuses the send, so the e-mail goes alone.
  if (extra.urlParameter === undefined && template.buttons.some(needsUrlParameter)) return undefined;
  const facts = await orderFactsOf(tx, orderId);
  if (!facts.phone) return undefined;
  const parameters = extra.parameters ?? PARAMETERS[kind]?.(facts) ?? [];
  return {
    phone: facts.phone,
    template: template.name,
    language: template.language,
    // An owner's own template may number fewer: Meta refuses a wrong count (132000), so it gets as many as it has.
    bodyParameters: parameters.slice(0, template.parameters),
    ...buttonsOf(template, orderId, extra.urlParameter),
  };
}

const needsUrlParameter = (button: WhatsAppTemplateChoice['buttons'][number]) =>
  button.type === 'url' && button.url.includes('{{1}}');

/**
 * A URL button's one parameter is the caller's (`urlParameter`: the AWB of the shipped message's tracking button).
 * Each quick reply's payload names the order (`cod_confirm:1234`): the handler of the tap finds the order by it, and
 * checks it against the message tapped (whatsapp_events' context) before it believes it.
 */
function buttonsOf(
  template: WhatsAppTemplateChoice,
  orderId: number,
  urlParameter: string | undefined,
): Pick<OutboxWhatsAppTemplate, 'buttons'> {
  const buttons = template.buttons.flatMap((button, index): NonNullable<OutboxWhatsAppTemplate['buttons']> => {
    if (button.type === 'quick_reply') return [{ type: 'quick_reply', index, payload: `${button.payload}:${orderId}` }];
    return urlParameter !== undefined && needsUrlParameter(button) ? [{ type: 'url', index, text: urlParameter }] : [];
  });
  return buttons.length > 0 ? { buttons } : {};
}

/**
 * The WhatsApp form of the order's confirmation: for an order waiting for the shopper's confirmation, the COD
 * confirmation with its Confirm and Cancel buttons (else, that kind off, the plain order placed); else order placed.
 */
export async function placedWhatsApp(tx: Queryable, orderId: number) {
  const { status } = await orderFactsOf(tx, orderId);
  const confirm = status === 'cod_pending_confirmation' ? await orderWhatsApp(tx, orderId, 'order_cod_confirm') : null;
  return confirm ?? orderWhatsApp(tx, orderId, 'order_placed');
}

/**
 * The WhatsApp form of a status's message: paid; shipped with the courier and its tracking button; delivered with the
 * days the shop gives to ask for a return; a COD order cancelled because nobody confirmed it in time (`mailKind`
 * order_cod_unconfirmed), told where its confirmation asked. Any other cancellation has no WhatsApp form.
 */
export async function statusWhatsApp(tx: Queryable, orderId: number, to: string, mailKind?: string) {
  if (mailKind === 'order_cod_unconfirmed') return orderWhatsApp(tx, orderId, 'order_cod_unconfirmed');
  if (to === 'paid') return orderWhatsApp(tx, orderId, 'order_paid');
  if (to === 'shipped') return shippedWhatsApp(tx, orderId);
  if (to !== 'delivered') return undefined;
  const facts = await orderFactsOf(tx, orderId);
  const days = String(await returnWindowDays(tx));
  return orderWhatsApp(tx, orderId, 'order_delivered', { parameters: [facts.firstName, facts.number, days] });
}

/**
 * Shipped: first name, #number and the courier, and the tracking button's parameter, the AWB. Read from the order's
 * parcel, which the courier's booking wrote in this transaction, just before it moved the order (shipping imports
 * this module, so cannot be asked: a read model, table-readers.ts). An order shipped by hand, with no parcel booked
 * with the courier, has no AWB for the button: its e-mail goes alone.
 *
 * The button opens the courier's own tracking page of the AWB (the template's `https://shiprocket.co/tracking/{{1}}`),
 * not the shop's: the shop's order page needs the session of the browser that ordered (a guest's is on the checkout's
 * browser, not on the phone reading WhatsApp), and its /track page asks for the order number and phone to be typed.
 * The courier's page opens on any phone, with nothing to type, and is where the courier's scans appear first.
 */
async function shippedWhatsApp(tx: Queryable, orderId: number) {
  const [parcel] = await tx
    .select({ awb: shipments.awb, courier: shipments.courierName })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'forward')));
  if (!parcel?.awb) return undefined;
  const facts = await orderFactsOf(tx, orderId);
  const parameters = [facts.firstName, facts.number, parcel.courier?.trim() || 'our courier'];
  return orderWhatsApp(tx, orderId, 'order_shipped', { parameters, urlParameter: parcel.awb });
}
