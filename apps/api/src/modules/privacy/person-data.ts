import { type Queryable, type SQL, sql } from '@kapaas/db';
import { inList, type PersonKeys, rowsOf } from '../../lib/person';
import { personalOf, REGISTRY } from './registry';

// Every row the shop keeps about a person (issue 35, item 3): the export's content. Each table the registry of
// personal data ties to a shopper (by account, guest, e-mail, phone, or through another such table) has its query
// here, which selects that person's rows the way the registry's person keys say. `person-data.test.ts` walks the
// registry and fails when a table or a personal column of it is missing from the copy.

type Row = Record<string, unknown>;

/** The rows of a person, by table (the database's names). */
export type PersonData = Record<string, Row[]>;

/** Personal columns the copy leaves out, and why: a secret, or the card data the issue says never to hand out. */
export const WITHHELD: Readonly<Record<string, string>> = {
  'users.password_hash': 'a secret that lets you in; never handed out, even to you',
  'sessions.token_hash': "a secret: your browser's key, kept only as its hash",
  'password_reset_tokens.token_hash': 'a secret: a reset link, kept only as its hash',
  'newsletter_subscribers.confirm_token_hash': 'a secret: the confirmation link, kept only as its hash',
  'privacy_requests.confirm_token_hash': 'a secret: the confirmation link, kept only as its hash',
  'outbox_messages.sealed': 'a secret: a link sealed for sending, never shown',
  'payments.card_last4': "card data: the copy names the method and the card's network, never the card",
  'payment_events.payload': "the payment provider's raw message, which holds card data",
};

const shopper = (k: PersonKeys) => sql`(user_id = ${k.userId} OR guest_id IN ${inList(k.guestIds)})`;
const emailIn = (k: PersonKeys, column: SQL) => sql`lower(${column}) IN ${inList(k.emails)}`;
const orderIds = (k: PersonKeys) => sql`SELECT id FROM orders WHERE ${shopper(k)}`;
const paymentIds = (k: PersonKeys) => sql`SELECT id FROM payments WHERE order_id IN (${orderIds(k)})`;
const invoiceIds = (k: PersonKeys) => sql`SELECT id FROM tax_invoices WHERE order_id IN (${orderIds(k)})`;
const noteIds = (k: PersonKeys) => sql`SELECT id FROM credit_notes WHERE invoice_id IN (${invoiceIds(k)})`;
const shipmentIds = (k: PersonKeys) => sql`SELECT id FROM shipments WHERE order_id IN (${orderIds(k)})`;
const returnIds = (k: PersonKeys) => sql`SELECT id FROM return_requests WHERE order_id IN (${orderIds(k)})`;
const theirMail = (k: PersonKeys) =>
  sql`audience = 'shopper' AND (${emailIn(k, sql`recipient`)} OR wa_phone IN ${inList(k.phones)})`;
const tags = (k: PersonKeys) => [...(k.userId === null ? [] : [`u${k.userId}`]), ...k.guestIds.map((id) => `g${id}`)];

/** Each table's query for a person's rows, in the order the copy lists them. */
export const PERSON_QUERIES: Readonly<Record<string, (k: PersonKeys) => SQL>> = {
  users: (k) => sql`SELECT * FROM users WHERE id = ${k.userId}`,
  guests: (k) => sql`SELECT * FROM guests WHERE id IN ${inList(k.guestIds)}`,
  addresses: (k) =>
    sql`SELECT * FROM addresses WHERE ${shopper(k)} OR ${emailIn(k, sql`email`)} OR phone IN ${inList(k.phones)}`,
  orders: (k) => sql`SELECT * FROM orders WHERE ${shopper(k)} ORDER BY id`,
  order_items: (k) => sql`SELECT * FROM order_items WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  order_events: (k) => sql`SELECT * FROM order_events WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  // Its sums and hash are bigint, which JSON has no number for: as text.
  report_order_facts: (k) =>
    sql`SELECT order_id, day, payment_method, paid_by, total_paise::text AS total_paise, units,
      customer_hash::text AS customer_hash FROM report_order_facts WHERE order_id IN (${orderIds(k)}) ORDER BY order_id`,
  order_taxes: (k) => sql`SELECT * FROM order_taxes WHERE order_id IN (${orderIds(k)})`,
  order_tax_lines: (k) => sql`SELECT * FROM order_tax_lines WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  tax_invoices: (k) => sql`SELECT * FROM tax_invoices WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  credit_notes: (k) => sql`SELECT * FROM credit_notes WHERE invoice_id IN (${invoiceIds(k)}) ORDER BY id`,
  credit_note_lines: (k) => sql`SELECT * FROM credit_note_lines WHERE credit_note_id IN (${noteIds(k)}) ORDER BY id`,
  payments: (k) => sql`SELECT * FROM payments WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  payment_events: (k) => sql`SELECT * FROM payment_events WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  refunds: (k) => sql`SELECT * FROM refunds WHERE payment_id IN (${paymentIds(k)}) ORDER BY id`,
  refund_claims: (k) => sql`SELECT * FROM refund_claims WHERE payment_id IN (${paymentIds(k)}) ORDER BY id`,
  cod_prepayments: (k) => sql`SELECT * FROM cod_prepayments WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  coupon_redemptions: (k) => sql`SELECT * FROM coupon_redemptions WHERE ${shopper(k)} ORDER BY id`,
  shipments: (k) => sql`SELECT * FROM shipments WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  shipment_events: (k) => sql`SELECT * FROM shipment_events WHERE shipment_id IN (${shipmentIds(k)}) ORDER BY id`,
  return_requests: (k) => sql`SELECT * FROM return_requests WHERE order_id IN (${orderIds(k)}) ORDER BY id`,
  return_lines: (k) => sql`SELECT * FROM return_lines WHERE return_id IN (${returnIds(k)}) ORDER BY id`,
  return_events: (k) => sql`SELECT * FROM return_events WHERE return_id IN (${returnIds(k)}) ORDER BY id`,
  reviews: (k) => sql`SELECT * FROM reviews WHERE ${shopper(k)} ORDER BY id`,
  review_votes: (k) => sql`SELECT * FROM review_votes WHERE voter IN ${inList(tags(k))}`,
  review_requests: (k) => sql`SELECT * FROM review_requests WHERE order_id IN (${orderIds(k)})`,
  shopper_photos: (k) => sql`SELECT * FROM shopper_photos WHERE ${shopper(k)} ORDER BY id`,
  wishlist_items: (k) => sql`SELECT * FROM wishlist_items WHERE user_id = ${k.userId} ORDER BY id`,
  child_profiles: (k) => sql`SELECT * FROM child_profiles WHERE user_id = ${k.userId} ORDER BY id`,
  carts: (k) => sql`SELECT * FROM carts WHERE ${shopper(k)}`,
  cart_items: (k) => sql`SELECT * FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE ${shopper(k)})`,
  consents: (k) =>
    sql`SELECT * FROM consents WHERE user_id = ${k.userId} OR ${emailIn(k, sql`email`)}
      OR phone IN ${inList(k.phones)} ORDER BY id`,
  outbox_messages: (k) => sql`SELECT * FROM outbox_messages WHERE ${theirMail(k)} ORDER BY id`,
  outbox_attempts: (k) =>
    sql`SELECT * FROM outbox_attempts WHERE outbox_id IN (SELECT id FROM outbox_messages WHERE ${theirMail(k)})`,
  contact_messages: (k) =>
    sql`SELECT * FROM contact_messages WHERE ${emailIn(k, sql`email`)} OR mobile IN ${inList(k.phones)} ORDER BY id`,
  newsletter_subscribers: (k) => sql`SELECT * FROM newsletter_subscribers WHERE ${emailIn(k, sql`email`)}`,
  stock_alerts: (k) => sql`SELECT * FROM stock_alerts WHERE ${emailIn(k, sql`email`)} ORDER BY id`,
  privacy_requests: (k) =>
    sql`SELECT * FROM privacy_requests WHERE user_id = ${k.userId} OR ${emailIn(k, sql`email`)} ORDER BY id`,
  breach_notices: (k) => sql`SELECT * FROM breach_notices WHERE ${emailIn(k, sql`email`)} ORDER BY id`,
  whatsapp_events: (k) => sql`SELECT * FROM whatsapp_events WHERE phone IN ${inList(k.phones)} ORDER BY id`,
  sessions: (k) => sql`SELECT * FROM sessions WHERE ${shopper(k)} ORDER BY id`,
  password_reset_tokens: (k) => sql`SELECT * FROM password_reset_tokens WHERE user_id = ${k.userId} ORDER BY id`,
};

/** A row as the copy shows it: its columns by their database names, a withheld one left out. */
function shown(table: string, row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !(`${table}.${column}` in WITHHELD)));
}

/** Every row the shop keeps about the person, by table; a table with none of theirs is there, empty. */
export async function personData(db: Queryable, keys: PersonKeys): Promise<PersonData> {
  const data: PersonData = {};
  for (const [table, query] of Object.entries(PERSON_QUERIES)) {
    data[table] = rowsOf<Row>(await db.execute(query(keys))).map((row) => shown(table, row));
  }
  return data;
}

/** What a table holds and which of its columns are personal, of which category: the HTML summary's words. */
export function describedTable(table: string): { holds: string; personal: Map<string, string> } {
  const entry = REGISTRY[table];
  const personal = new Map<string, string>();
  for (const column of Object.keys(entry?.columns ?? {})) {
    const found = personalOf(table, column);
    if (found) personal.set(column, found.category);
  }
  return { holds: entry?.holds ?? table, personal };
}
