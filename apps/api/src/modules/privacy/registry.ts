/**
 * The registry of personal data (issue 35, item 6; DPDP Act 2023 and its Rules): for every table of `@kapaas/db`,
 * how a row is tied to a person, and for every column whether it holds personal data, of which category, and what
 * becomes of it when that person's data is erased. `registry.test.ts` fails when the schema gains a column or a table
 * this map does not classify, and when the map names one the schema no longer has; `docs/privacy.md`'s registry is
 * rendered from it (`registryMarkdown`) and kept equal to it by the same test.
 *
 * The export of a person's data and the erasure read this map: the person keys say which rows are theirs, the
 * columns which of those rows' values are personal and what erasure does to each. Plain data, so that it is
 * reviewable as a table.
 */

/** What kind of personal data a column holds. */
export const CATEGORIES = {
  identity: 'who the person is: a name, an account, a guest or an account id',
  contact: 'how to reach them: an e-mail address, a phone number',
  address: 'where they live or take deliveries',
  payment: 'how they paid: method, UPI id, bank, last four digits of a card (never a card number)',
  purchase: 'what they bought, asked for or returned, and when',
  content: 'what they wrote or uploaded: messages, reviews, photos',
  technical: 'network and device traces: session tokens, client addresses, rate-limit keys, mail server replies',
  credential: 'secrets that let them in: password hashes, token hashes',
  child: "a child's first name and birth month, which a parent keeps to have sizes suggested for that child",
} as const;
export type Category = keyof typeof CATEGORIES;

/** The law that keeps a value past an erasure. */
export const GST_INVOICES = {
  law: 'CGST Act 2017 s.36 (with Rule 46 of the CGST Rules): tax invoices, credit notes and the accounts behind them',
  months: 72,
} as const;

/** What erasure does to a personal value. */
export type Fate =
  /** The value is replaced; `becomes` says by what. */
  | { kind: 'anonymise'; becomes: string }
  /** The value stays as it is, for `months` after its record, because the law says so. */
  | { kind: 'keep_for_law'; law: string; months: number }
  /** The row holding it is deleted. */
  | { kind: 'delete' };

export interface Personal {
  category: Category;
  fate: Fate;
}

/** A column of no person (an id of a product, a price, a status). */
export const NOT_PERSONAL = 'not personal';
/** A column classified as its table's `row`: the whole row is the person's data. */
export const AS_ROW = 'as the row';
export type ColumnClass = typeof NOT_PERSONAL | typeof AS_ROW | Personal;

/** How a row is tied to a person: by a column naming them, or through the row another table's column points at. */
export type PersonKey =
  | {
      column: string;
      /** user: users.id; guest: guests.id; admin: admin_users.id; shopper tag: `u<user id>` or `g<guest id>`. */
      names: 'user' | 'guest' | 'admin' | 'email' | 'phone' | 'shopper tag';
      /** For a JSON column, the field that holds it. */
      field?: string;
    }
  | { column: string; through: string };

export interface TableEntry {
  /** What a row is. */
  holds: string;
  /** How a row is tied to a person; empty when no row is anyone's. */
  person: readonly PersonKey[];
  /** Why a table with personal columns has no person key (export and erasure pass it by). */
  unkeyed?: string;
  /** The whole row is personal data: every column classified AS_ROW is this. */
  row?: Personal;
  /** Every column of the table, by its database name. */
  columns: Readonly<Record<string, ColumnClass>>;
}

const DELETE: Fate = { kind: 'delete' };
const KEEP_GST: Fate = { kind: 'keep_for_law', law: GST_INVOICES.law, months: GST_INVOICES.months };
const anonymise = (becomes: string): Fate => ({ kind: 'anonymise', becomes });
const p = (category: Category, fate: Fate): Personal => ({ category, fate });
/** Columns of no person, by name. */
const plain = (...names: string[]): Record<string, typeof NOT_PERSONAL> =>
  Object.fromEntries(names.map((name) => [name, NOT_PERSONAL]));
/** Columns that are as personal as their row, by name. */
const rowed = (...names: string[]): Record<string, typeof AS_ROW> =>
  Object.fromEntries(names.map((name) => [name, AS_ROW]));

/** The shop's own content: no column is anyone's. */
const content = (holds: string, ...columns: string[]): TableEntry => ({
  holds,
  person: [],
  columns: plain(...columns),
});

/** The account or guest key columns of a shopper's row, and what erasure does to them. */
const BY_SHOPPER: readonly PersonKey[] = [
  { column: 'user_id', names: 'user' },
  { column: 'guest_id', names: 'guest' },
];
const KEPT_KEY = p('identity', anonymise('kept: the account it names is anonymised, a guest has nothing left'));

/** Shoppers and what they keep with the shop. */
const SHOPPERS: Record<string, TableEntry> = {
  users: {
    holds: 'a shopper account',
    person: [{ column: 'id', names: 'user' }],
    columns: {
      ...plain('id', 'status', 'created_at', 'updated_at'),
      name: p('identity', anonymise("'Erased shopper'")),
      email: p('contact', anonymise("'erased-<id>@invalid', so the address can register again")),
      phone: p('contact', anonymise("'erased-<id>', so the number can register again")),
      password_hash: p('credential', anonymise('a hash of random bytes, which no password matches')),
    },
  },
  guests: {
    holds: 'a shopper who continued as a guest',
    person: [{ column: 'id', names: 'guest' }],
    row: p('identity', DELETE),
    columns: { ...plain('id'), ...rowed('created_at', 'last_seen_at') },
  },
  sessions: {
    holds: "a shopper's session (the cookie's token, hashed)",
    person: BY_SHOPPER,
    row: p('technical', DELETE),
    columns: {
      ...plain('id'),
      ...rowed('token_hash', 'user_id', 'guest_id', 'created_at', 'last_seen_at', 'expires_at'),
    },
  },
  password_reset_tokens: {
    holds: 'a password reset link, hashed',
    person: [
      { column: 'user_id', names: 'user' },
      { column: 'admin_user_id', names: 'admin' },
    ],
    row: p('credential', DELETE),
    columns: {
      ...plain('id'),
      ...rowed('token_hash', 'user_id', 'admin_user_id', 'expires_at', 'used_at', 'created_at'),
    },
  },
  addresses: {
    holds: "a shopper's saved delivery address",
    person: [...BY_SHOPPER, { column: 'email', names: 'email' }, { column: 'phone', names: 'phone' }],
    row: p('address', DELETE),
    columns: {
      ...plain('id', 'is_default', 'created_at', 'updated_at'),
      ...rowed('user_id', 'guest_id', 'first_name', 'last_name', 'address', 'state_id', 'city_id', 'city_name'),
      ...rowed('pin_code'),
      email: p('contact', DELETE),
      phone: p('contact', DELETE),
    },
  },
  carts: {
    holds: "a shopper's cart",
    person: BY_SHOPPER,
    row: p('purchase', DELETE),
    columns: { ...plain('id'), ...rowed('user_id', 'guest_id', 'updated_at', 'reminder_sent_at') },
  },
  cart_items: {
    holds: 'a line of a cart',
    person: [{ column: 'cart_id', through: 'carts' }],
    row: p('purchase', DELETE),
    columns: {
      ...plain('id', 'cart_id'),
      ...rowed('product_id', 'size_id', 'quantity', 'added_at', 'size_advice_id'),
    },
  },
  wishlist_items: {
    holds: "a product on a shopper's wishlist",
    person: [{ column: 'user_id', names: 'user' }],
    row: p('purchase', DELETE),
    columns: { ...plain('id'), ...rowed('user_id', 'product_id', 'created_at') },
  },
  // A child's data (ADR 059): kept only under the child_profile consent, never shown to staff, deleted on erasure.
  child_profiles: {
    holds: 'a child a parent saved to have sizes suggested: first name (optional) and birth month, nothing else',
    person: [{ column: 'user_id', names: 'user' }],
    row: p('child', DELETE),
    columns: { ...plain('id'), ...rowed('user_id', 'first_name', 'birth_month', 'created_at') },
  },
  shopper_photos: {
    holds: 'a photo a shopper uploaded for a review or a return (the files go with the row)',
    person: BY_SHOPPER,
    row: p('content', DELETE),
    columns: {
      ...plain('id', 'order_id', 'review_id', 'return_id', 'private', 'widths'),
      ...rowed('user_id', 'guest_id', 'name', 'url', 'created_at'),
    },
  },
};

/** Orders, payments and what GST law keeps. */
const ORDERS: Record<string, TableEntry> = {
  orders: {
    holds: 'an order, with the delivery address as it was placed',
    person: [...BY_SHOPPER, { column: 'address_snapshot', names: 'email', field: 'email_id' }],
    columns: {
      ...plain('id', 'status', 'coupon_id', 'coupon_snapshot', 'items_total_paise', 'discount_paise', 'shipping_paise'),
      ...plain('prepaid_discount_paise', 'payment_method', 'cod_fee_paise', 'cod_advance_paise', 'shipping_zone'),
      ...plain('delivery_from', 'delivery_by', 'return_received_at', 'total_paise', 'currency', 'razorpay_order_id'),
      ...plain('expires_at', 'paid_at', 'created_at', 'updated_at'),
      user_id: KEPT_KEY,
      guest_id: KEPT_KEY,
      // The database copies it from address_snapshot's state (a generated column), which erasure keeps.
      delivery_state: p('address', KEEP_GST),
      address_snapshot: p(
        'address',
        anonymise(
          "e-mail and phone cleared; name 'Erased shopper' and street cleared below ₹50,000; state, city and PIN code kept for 72 months as the invoice's place of supply, and name and street too from ₹50,000, which an invoice to an unregistered buyer must carry (CGST Rule 46(e))",
        ),
      ),
    },
  },
  order_items: {
    holds: 'a line of an order, as sold',
    person: [{ column: 'order_id', through: 'orders' }],
    row: p('purchase', KEEP_GST),
    columns: {
      ...plain('id', 'order_id'),
      ...rowed('product_id', 'size_id', 'product_name', 'size_label', 'product_image', 'unit_price_paise'),
      ...rowed('list_price_paise', 'quantity', 'line_total_paise', 'return_rule', 'return_rule_reason'),
      ...rowed('size_advice_id', 'sku'),
    },
  },
  order_events: {
    holds: "an order's history",
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'order_id', 'status', 'created_at'),
      note: p(
        'content',
        anonymise("kept: the shop's own words (payment ids, who did it); a name in it is the staff's"),
      ),
      customer_note: p('content', anonymise('kept: what the shop told the shopper about the order')),
    },
  },
  order_taxes: {
    holds: "an order's GST summary: supply kind, place of supply, the shop's identity",
    person: [{ column: 'order_id', through: 'orders' }],
    columns: plain('order_id', 'supply_kind', 'place_code', 'place_name', 'supplier', 'created_at'),
  },
  order_tax_lines: {
    holds: "an invoice's taxed lines",
    person: [{ column: 'order_id', through: 'orders' }],
    row: p('purchase', KEEP_GST),
    columns: {
      ...plain('id', 'order_id', 'position', 'kind', 'hsn', 'unit', 'rate_percent'),
      ...rowed('description', 'quantity', 'paid_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'utgst_paise'),
      ...rowed('igst_paise'),
    },
  },
  tax_invoices: {
    holds: "an order's tax invoice number",
    person: [{ column: 'order_id', through: 'orders' }],
    row: p('purchase', KEEP_GST),
    columns: { ...plain('id', 'order_id', 'fiscal_year', 'sequence'), ...rowed('number', 'issued_at') },
  },
  credit_notes: {
    holds: 'a credit note against an invoice',
    person: [{ column: 'invoice_id', through: 'tax_invoices' }],
    row: p('purchase', KEEP_GST),
    columns: {
      ...plain('id', 'invoice_id', 'fiscal_year', 'sequence'),
      ...rowed('number', 'reason', 'amount_paise', 'issued_at'),
    },
  },
  credit_note_lines: {
    holds: "a credit note's taxed lines",
    person: [{ column: 'credit_note_id', through: 'credit_notes' }],
    row: p('purchase', KEEP_GST),
    columns: {
      ...plain('id', 'credit_note_id', 'position', 'kind', 'hsn', 'unit', 'rate_percent'),
      ...rowed('description', 'quantity', 'paid_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'utgst_paise'),
      ...rowed('igst_paise'),
    },
  },
  document_counters: content('the last number of each invoice and credit note series', 'series', 'fiscal_year', 'last'),
  payments: {
    holds: 'a payment at the provider for an order',
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'order_id', 'provider', 'provider_payment_id', 'amount_paise', 'currency', 'status'),
      ...plain('refunded_paise', 'refusal_reason', 'created_at', 'updated_at'),
      method: p('payment', KEEP_GST),
      vpa: p('payment', anonymise('null: the UPI id names the payer')),
      bank: p('payment', KEEP_GST),
      wallet: p('payment', KEEP_GST),
      card_network: p('payment', KEEP_GST),
      card_last4: p('payment', anonymise('null')),
      note: p('content', anonymise("kept: the shop's words on what happened to the payment")),
    },
  },
  payment_events: {
    holds: "a provider's webhook, as received",
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'provider_event_id', 'event_type', 'order_id', 'received_at', 'processed_at', 'outcome'),
      payload: p('payment', anonymise("the payment's email, contact, vpa and card fields removed")),
    },
  },
  refunds: {
    holds: 'a refund the provider made',
    person: [{ column: 'payment_id', through: 'payments' }],
    columns: plain('id', 'payment_id', 'provider_refund_id', 'amount_paise', 'admin_id', 'request_key', 'created_at'),
  },
  refund_claims: {
    holds: 'a refund asked of the provider, before it answers',
    person: [{ column: 'payment_id', through: 'payments' }],
    columns: plain('id', 'payment_id', 'amount_paise', 'provider_key', 'state', 'created_at', 'settled_at'),
  },
  cod_prepayments: {
    holds: 'an offer to pay a cash-on-delivery order online, or its advance',
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'order_id', 'kind', 'provider_order_id', 'payment_link_id', 'amount_paise'),
      ...plain('prepaid_discount_paise', 'expires_at', 'paid_at', 'payment_id', 'created_at'),
      short_url: p('technical', anonymise("null: the link opens the shopper's payment page")),
    },
  },
  coupons: content(
    'a coupon',
    ...['id', 'name', 'code', 'type', 'amount_paise', 'percentage', 'min_order_paise', 'max_discount_paise'],
    ...['valid_from', 'valid_to', 'usage_limit', 'per_customer_limit', 'used_count', 'active', 'created_at'],
    'updated_at',
  ),
  coupon_redemptions: {
    holds: 'a coupon used on an order',
    person: BY_SHOPPER,
    columns: {
      ...plain('id', 'coupon_id', 'order_id', 'discount_paise', 'created_at'),
      user_id: KEPT_KEY,
      guest_id: KEPT_KEY,
    },
  },
};

/** Delivery, returns and reviews. */
const AFTER_THE_ORDER: Record<string, TableEntry> = {
  shipments: {
    holds: "an order's or a return's parcel at the courier",
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'order_id', 'kind', 'return_id', 'provider', 'booking', 'provider_order_id'),
      ...plain('provider_shipment_id', 'awb', 'courier_name', 'tracking_url', 'label_url', 'status', 'status_at'),
      ...plain('attempts', 'etd', 'created_at', 'updated_at', 'answered_attempt', 'answered_via', 'answered_at'),
      last_reason: p('content', anonymise("kept: the courier's reason, which may quote the shopper, is cleared")),
    },
  },
  shipment_events: {
    holds: "a courier's tracking scan",
    person: [{ column: 'shipment_id', through: 'shipments' }],
    columns: {
      ...plain('id', 'shipment_id', 'status', 'at', 'received_at'),
      location: p('address', anonymise("kept: the courier's hub, not the shopper's address")),
      reason: p('content', anonymise('null')),
      raw: p('address', anonymise("the courier's payload reduced to status and time")),
    },
  },
  return_requests: {
    holds: 'a return or exchange asked for an order',
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('id', 'order_id', 'status', 'refund_paise', 'refund_method', 'refund_reference', 'provider_refund_id'),
      ...plain(
        'refunded_at',
        'exchange_tracking_note',
        'exchange_shipped_at',
        'received_at',
        'created_at',
        'updated_at',
      ),
      photos: p('content', anonymise('{} (the private files are deleted)')),
      decision_message: p('content', anonymise("kept: the shop's words to the shopper")),
    },
  },
  return_lines: {
    holds: 'some pieces of an order line, returned or exchanged',
    person: [{ column: 'return_id', through: 'return_requests' }],
    columns: {
      ...plain('id', 'return_id', 'order_item_id', 'product_id', 'size_id', 'quantity', 'kind', 'new_size_id'),
      ...plain('reason', 'unit_price_paise', 'paid_paise'),
      note: p('content', anonymise("null: the shopper's own words")),
    },
  },
  return_events: {
    holds: "a return's history",
    person: [{ column: 'return_id', through: 'return_requests' }],
    columns: {
      ...plain('id', 'return_id', 'status', 'admin_id', 'created_at'),
      note: p('content', anonymise("kept: the shop's own words")),
      customer_note: p('content', anonymise('kept: what the shop told the shopper')),
    },
  },
  reviews: {
    holds: 'a review of a product bought',
    person: BY_SHOPPER,
    columns: {
      ...plain('id', 'product_id', 'order_id', 'order_item_id', 'size_label', 'rating', 'fit', 'helpful_count'),
      ...plain('hidden_at', 'hidden_reason', 'hidden_by', 'created_at', 'updated_at'),
      user_id: KEPT_KEY,
      guest_id: KEPT_KEY,
      author: p('identity', anonymise("'A parent from <state>'")),
      title: p('content', anonymise('kept: the review stays, no longer tied to anyone')),
      body: p('content', anonymise('kept: the review stays, no longer tied to anyone')),
      photos: p('content', anonymise('{} (the files are deleted)')),
    },
  },
  review_votes: {
    holds: '"Helpful" on a review, one per shopper',
    person: [{ column: 'voter', names: 'shopper tag' }],
    row: p('identity', DELETE),
    columns: { ...plain('review_id'), ...rowed('voter', 'created_at') },
  },
  review_stats: content(
    "a product's rating figures",
    ...['product_id', 'count', 'rating_sum', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5', 'runs_small'],
    ...['true_to_size', 'runs_large', 'updated_at'],
  ),
  review_requests: {
    holds: 'the one "how was it?" message per delivered order',
    person: [{ column: 'order_id', through: 'orders' }],
    columns: plain('order_id', 'queued_at'),
  },
};

/** Messages in and out, and the owner's logs. */
const MESSAGES: Record<string, TableEntry> = {
  contact_messages: {
    holds: 'a message sent through the contact form',
    person: [
      { column: 'email', names: 'email' },
      { column: 'mobile', names: 'phone' },
    ],
    row: p('content', DELETE),
    columns: {
      ...plain('id', 'read_at'),
      ...rowed('message', 'created_at'),
      name: p('identity', DELETE),
      email: p('contact', DELETE),
      mobile: p('contact', DELETE),
    },
  },
  newsletter_subscribers: {
    holds: 'a newsletter sign-up (double opt-in)',
    person: [{ column: 'email', names: 'email' }],
    row: p('contact', DELETE),
    columns: {
      ...plain('id'),
      ...rowed('email', 'created_at', 'confirmed_at'),
      ...plain('notice_version'),
      confirm_token_hash: p('credential', DELETE),
    },
  },
  stock_alerts: {
    holds: 'a "notify me" request for a sold-out size',
    person: [{ column: 'email', names: 'email' }],
    row: p('contact', DELETE),
    columns: { ...plain('id', 'product_id', 'size_id'), ...rowed('email', 'created_at', 'notified_at') },
  },
  outbox_messages: {
    holds: 'an e-mail the shop sent or will send',
    person: [
      { column: 'recipient', names: 'email' },
      { column: 'wa_phone', names: 'phone' },
    ],
    columns: {
      ...plain('id', 'key', 'message_id', 'kind', 'audience', 'marketing', 'prepared_at', 'status', 'attempts'),
      ...plain('next_attempt_at', 'locked_until', 'sent_at', 'resent_from', 'created_at'),
      ...plain('channel', 'wa_message_id', 'wa_status', 'wa_status_at', 'fallback_at', 'fallback_reason'),
      wa_phone: p('contact', anonymise("'0': a WhatsApp message must name a number, and this one names no one")),
      wa_template: p('content', anonymise("its parameters emptied; the template's name and language stay")),
      wa_error: p('technical', anonymise("null: Meta's error may quote the number")),
      recipient: p('contact', anonymise("'erased@invalid': the record that a message was sent stays a year (Rule 6)")),
      payload: p('content', anonymise('{}')),
      sealed: p('credential', anonymise('null')),
      subject: p('content', anonymise('null')),
      html: p('content', anonymise('null')),
      text: p('content', anonymise('null')),
      last_reply: p('technical', anonymise('null: the mail server quotes the address')),
    },
  },
  outbox_attempts: {
    holds: 'an attempt to hand an e-mail to the mail server',
    person: [{ column: 'outbox_id', through: 'outbox_messages' }],
    columns: {
      ...plain('id', 'outbox_id', 'attempt', 'started_at', 'finished_at', 'ok'),
      reply: p('technical', anonymise('null: the mail server quotes the address')),
    },
  },
  consents: {
    holds: 'an entry of the consent ledger: a consent or a withdrawal, per person and purpose (issue 35)',
    person: [
      { column: 'user_id', names: 'user' },
      { column: 'email', names: 'email' },
      { column: 'phone', names: 'phone' },
    ],
    columns: {
      ...plain('id', 'purpose', 'given', 'notice_version', 'source', 'created_at'),
      user_id: p('identity', anonymise('null: the entry stays as proof of what was consented, without the identity')),
      email: p('contact', anonymise('null: the entry stays, without the identity')),
      phone: p('contact', anonymise('null: the entry stays, without the identity')),
      client_address: p('technical', anonymise('null')),
    },
  },
  privacy_notices: {
    holds: 'a version of the privacy notice, and who saved it',
    person: [{ column: 'author_admin_id', names: 'admin' }],
    columns: {
      ...plain('id', 'version', 'body', 'created_at'),
      author_admin_id: p('identity', anonymise('kept: the staff account is deactivated, not erased')),
      author_email: p('contact', anonymise('kept: who published a version of the notice is part of its record')),
    },
  },
  privacy_requests: {
    holds: 'a rights request under the DPDP Act: access, correction, erasure or a grievance (issue 35)',
    person: [
      { column: 'user_id', names: 'user' },
      { column: 'email', names: 'email' },
    ],
    columns: {
      ...plain('id', 'kind', 'status', 'confirm_expires_at', 'confirmed_at', 'due_at', 'answered_at', 'answered_by'),
      ...plain('created_at'),
      user_id: p('identity', anonymise('null: the request stays as the record that it was answered')),
      email: p('contact', anonymise("'erased@invalid'")),
      message: p('content', anonymise("'(erased)'")),
      answer: p('content', anonymise("kept: the shop's answer, tied to no one")),
      confirm_token_hash: p('credential', anonymise('null')),
    },
  },
  breaches: {
    holds: 'a personal-data breach as the owner recorded it, with the notice sent (Rule 7)',
    person: [{ column: 'recorded_by', names: 'admin' }],
    columns: {
      ...plain('id', 'title', 'what_happened', 'recorded_at', 'notice_subject', 'notice_body', 'audience'),
      ...plain('notified_at'),
      recorded_by: p('identity', anonymise('kept: the staff account is deactivated, not erased')),
      recorded_by_email: p('contact', anonymise("kept: the Board's report names who recorded the breach")),
    },
  },
  breach_notices: {
    holds: "one affected person a breach's notice was queued for",
    person: [{ column: 'email', names: 'email' }],
    columns: {
      ...plain('id', 'breach_id', 'queued_at'),
      email: p('contact', {
        kind: 'keep_for_law',
        law: "DPDP Rules 2025, Rule 7: the record of who was told of a breach, for the Board's report",
        months: 12,
      }),
    },
  },
  whatsapp_events: {
    holds: "a status or a reply Meta's WhatsApp webhook delivered (issue 36)",
    person: [{ column: 'phone', names: 'phone' }],
    row: p('content', DELETE),
    columns: {
      ...plain('id', 'message_id', 'event', 'context_id', 'reply_type', 'handled', 'occurred_at', 'received_at'),
      ...rowed('phone', 'button_payload', 'text', 'error', 'raw'),
    },
  },
  rate_limit_counters: {
    holds: 'a fixed-window counter of a rate limit',
    person: [],
    unkeyed: 'a key names an e-mail, an account or a client address in its own format; every row is gone within a day',
    row: p('technical', DELETE),
    columns: { ...rowed('key'), ...plain('window_start', 'count') },
  },
  audit_log: {
    holds: 'a write made through the console: who, when, what, before and after',
    person: [{ column: 'admin_id', names: 'admin' }],
    columns: {
      ...plain('id', 'action', 'resource', 'resource_id', 'created_at'),
      admin_id: p('identity', anonymise('kept: the staff account is deactivated, not erased')),
      admin_email: p('contact', anonymise('kept a year at least (Rule 6: processing logs), then deleted by retention')),
      before: p('content', anonymise("a shopper's e-mail, phone and name in the record are replaced by 'erased'")),
      after: p('content', anonymise("a shopper's e-mail, phone and name in the record are replaced by 'erased'")),
    },
  },
  catalogue_imports: {
    holds: "a catalogue import's dry run or commit (ADR 064): the file's hash, its report and its refused rows",
    person: [{ column: 'admin_id', names: 'admin' }],
    columns: {
      ...plain('id', 'sha256', 'options_hash', 'dry_run', 'summary', 'rejected_csv', 'created_at'),
      admin_id: p('identity', anonymise('kept: the staff account is deactivated, not erased')),
    },
  },
};

/** The console's staff and the shop's settings and catalogue. */
const SHOP: Record<string, TableEntry> = {
  admin_users: {
    holds: "a member of the shop's team (owner or staff)",
    person: [{ column: 'id', names: 'admin' }],
    columns: {
      ...plain('id', 'role', 'active', 'created_at', 'updated_at'),
      email: p('contact', anonymise("'erased-admin-<id>@invalid'")),
      name: p('identity', anonymise("'Former staff'")),
      password_hash: p('credential', anonymise("'!erased'")),
    },
  },
  admin_sessions: {
    holds: "a console session (the token's hash)",
    person: [{ column: 'admin_id', names: 'admin' }],
    row: p('technical', DELETE),
    columns: { ...plain('id'), ...rowed('token_hash', 'admin_id', 'created_at', 'last_seen_at', 'expires_at') },
  },
  shop_settings: {
    holds: "the shop's settings (one row)",
    person: [],
    unkeyed: "the GST signatory and the grievance officer are the shop's people, named by the owner for the law",
    columns: {
      ...plain('id', 'per_order_quantity_cap', 'payment_expiry_minutes', 'gst_legal_name', 'gstin', 'gst_address'),
      ...plain('gst_state_id', 'invoice_prefix', 'hsn_digits', 'dispatch_cutoff_minutes', 'cod_enabled'),
      ...plain('cod_min_order_paise', 'cod_max_order_paise', 'cod_fee_paise', 'cod_excluded_pins'),
      ...plain('cod_confirm_above_paise', 'cod_max_open_orders', 'cod_confirm_hours', 'cod_pay_link_hours'),
      ...plain('cod_advance_paise', 'cod_advance_for', 'prepaid_discount_percent', 'prepaid_discount_max_paise'),
      ...plain('cart_reminder_hours', 'return_window_days', 'review_request_days', 'parcel_length_cm'),
      ...plain('parcel_breadth_cm', 'parcel_height_cm', 'default_piece_weight_grams', 'updated_at'),
      ...plain('retention_guest_days', 'retention_cart_days', 'retention_unconfirmed_signup_days'),
      ...plain('retention_outbox_body_days', 'retention_log_days', 'whatsapp_kinds'),
      gst_signatory: p('identity', KEEP_GST),
      grievance_officer_name: p('identity', anonymise('the owner names the next officer; the notice publishes it')),
      grievance_officer_email: p('contact', anonymise('the owner names the next officer; the notice publishes it')),
    },
  },
  shipping_zones: content(
    "a shipping zone's terms",
    'zone',
    'charge_paise',
    'free_above_paise',
    'min_days',
    'max_days',
    'active',
  ),
  products: content(
    'a product',
    ...['id', 'slug', 'name', 'category_id', 'subcategory_id', 'description', 'product_details', 'wash_care'],
    ...['price_paise', 'discount_price_paise', 'pattern_id', 'gender_id', 'status', 'hsn_code', 'weight_grams'],
    // The brand's words for search engines and its own labels (ADR 064): about the product, never a person.
    ...['seo_title', 'seo_description', 'vendor', 'tags'],
    ...['created_at', 'updated_at'],
  ),
  product_images: content("a product's picture", 'id', 'product_id', 'url', 'position'),
  product_sizes: content("a product's stock of a size", 'id', 'product_id', 'size_id', 'stock', 'reserved', 'sku'),
  // Counts alone, per product and day: nothing in them names or singles out a visitor (ADR 053).
  funnel_counts: content(
    "a product's funnel on one of India's days: page views, add-to-carts, checkouts and paid orders, counts only",
    ...['product_id', 'day', 'views', 'add_to_carts', 'checkouts', 'orders'],
  ),
  // Sums per day, product, size or category, and per day the number of customers first sold then: nobody in them (ADR 062).
  // What each sold order added to those sums, by order number: the order's own figures (day, total, pieces, products),
  // copied from orders and order_items and made again from them, with no name, address or contact in them.
  // A person's export and erasure reach the order itself, which holds all of this (ADR 062).
  // Its customer_hash is a hash of the customer's key, made again from the order by the same trigger whenever the
  // order's account or address changes, so an erasure that clears a guest's phone changes it too (ADR 062).
  report_order_facts: {
    holds:
      "what a sold order added to the reports' daily figures: its number, day, way of paying, total, pieces and customer",
    person: [{ column: 'order_id', through: 'orders' }],
    columns: {
      ...plain('order_id', 'day', 'payment_method', 'paid_by', 'total_paise', 'units'),
      customer_hash: p(
        'identity',
        anonymise(
          "kept: a hash of the order's account id, which is kept; a guest's is made again by the reports' trigger when erasure clears the phone, and is then the same for every erased guest",
        ),
      ),
    },
  },
  report_order_lines: content(
    "what a line of a sold order added to the reports' daily figures: product, size, category, pieces, revenue",
    ...['order_id', 'day', 'product_id', 'size_id', 'category_id', 'units', 'revenue_paise'],
  ),
  report_daily_sales: content(
    "one of India's days of sales by way of paying: orders, their totals and pieces, counts and sums only",
    ...['day', 'payment_method', 'paid_by', 'orders', 'gross_paise', 'units'],
  ),
  report_daily_new_customers: content("how many customers' first sold order fell on a day", 'day', 'customers'),
  report_daily_products: content(
    "a product's sales on one of India's days: orders, pieces, revenue",
    ...['day', 'product_id', 'orders', 'units', 'revenue_paise'],
  ),
  report_daily_categories: content(
    "a category's sales on one of India's days: orders, pieces, revenue",
    ...['day', 'category_id', 'orders', 'units', 'revenue_paise'],
  ),
  report_daily_sizes: content("a size's pieces sold on one of India's days", 'day', 'product_id', 'size_id', 'units'),
  report_gst_facts: content(
    "what a tax invoice or credit note added to the reports' daily GST: its day and its lines' sums",
    ...['document', 'document_id', 'day', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'],
  ),
  report_daily_gst: content(
    "one of India's days of GST: the invoices' taxable value and taxes less the credit notes', sums only",
    ...['day', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'],
  ),
  size_charts: content("a category's or a product's size chart", ...['id', 'category_id', 'product_id', 'updated_at']),
  // Neither the person nor the child's measures are kept: a product, the size named, how sure, from which measure.
  size_advices: content(
    'a "find my size" answer that named a size (ADR 060): product, size, confidence and the measure it went by',
    ...['id', 'product_id', 'size_id', 'confidence', 'basis', 'created_at'],
  ),
  size_chart_rows: content(
    "a size's row of a size chart: ages, heights, weights and the garment's measures, the same for every shopper",
    ...['chart_id', 'size_id', 'age_min_months', 'age_max_months', 'height_min_cm', 'height_max_cm'],
    ...['weight_min_kg', 'weight_max_kg', 'chest_cm', 'length_cm'],
  ),
  categories: content(
    'a category',
    ...['id', 'slug', 'name', 'image', 'sort_order', 'active', 'hsn_code', 'return_rule', 'return_rule_reason'],
    ...['created_at', 'updated_at'],
  ),
  subcategories: content(
    'a subcategory',
    ...['id', 'category_id', 'slug', 'name', 'image', 'sort_order', 'active', 'created_at', 'updated_at'],
  ),
  sizes: content('a size', 'id', 'label', 'sort_order'),
  patterns: content('a pattern', 'id', 'name'),
  genders: content('a gender the catalogue filters by', 'id', 'name'),
  banners: content(
    "a home page's banner",
    ...['id', 'title', 'description_html', 'image', 'mobile_image', 'link', 'sort_order', 'active'],
    ...['created_at', 'updated_at'],
  ),
  ads: content(
    'an advertisement tile',
    'id',
    'main_title',
    'title',
    'image',
    'link',
    'sort_order',
    'active',
    'created_at',
    'updated_at',
  ),
  testimonials: {
    holds: 'a testimonial the owner publishes, with the consent of its author',
    person: [],
    unkeyed: 'the owner types the name and place; the owner removes the testimonial when its author asks',
    columns: {
      ...plain('id', 'description_html', 'image', 'background_color', 'border_color', 'sort_order', 'active'),
      ...plain('created_at', 'updated_at'),
      customer_name: p('identity', DELETE),
      location: p('address', DELETE),
    },
  },
  featured_sections: content(
    "a home page's section",
    'id',
    'title',
    'sort_order',
    'active',
    'created_at',
    'updated_at',
  ),
  featured_section_products: content("a product in a home page's section", 'section_id', 'product_id', 'position'),
  states: content('a state or union territory', 'id', 'name', 'kind', 'gst_code'),
  cities: content('a city', 'id', 'state_id', 'name'),
};

/** The emulators' tables (ADR 022): test data, never a real person's, deleted with the sandbox. */
const SANDBOX: Record<string, TableEntry> = {
  sandbox_razorpay_orders: content(
    "an order at the payment provider's sandbox",
    ...['id', 'amount_paise', 'amount_paid_paise', 'currency', 'receipt', 'status', 'attempts', 'notes', 'created_at'],
  ),
  sandbox_razorpay_payments: {
    holds: "a payment at the payment provider's sandbox",
    person: [
      { column: 'email', names: 'email' },
      { column: 'contact', names: 'phone' },
    ],
    columns: {
      ...plain('id', 'order_id', 'amount_paise', 'currency', 'status', 'method', 'captured', 'amount_refunded_paise'),
      ...plain('card_network', 'bank', 'wallet', 'error_code', 'error_description', 'error_source', 'error_step'),
      ...plain('error_reason', 'created_at'),
      card_last4: p('payment', DELETE),
      vpa: p('payment', DELETE),
      email: p('contact', DELETE),
      contact: p('contact', DELETE),
    },
  },
  sandbox_razorpay_refunds: content(
    "a refund at the payment provider's sandbox",
    ...['id', 'payment_id', 'amount_paise', 'currency', 'status', 'notes', 'idempotency_key', 'request_fingerprint'],
    'created_at',
  ),
  sandbox_razorpay_webhooks: {
    holds: "a webhook the payment provider's sandbox sent",
    person: [],
    unkeyed: 'test data of the emulator (ADR 022), never a real person',
    columns: {
      ...plain(
        'id',
        'event_id',
        'event',
        'signature',
        'order_id',
        'attempts',
        'last_status',
        'delivered_at',
        'created_at',
      ),
      body: p('payment', DELETE),
    },
  },
  sandbox_razorpay_payment_links: {
    holds: "a payment link at the payment provider's sandbox",
    person: [{ column: 'customer', names: 'email', field: 'email' }],
    columns: {
      ...plain('id', 'order_id', 'amount_paise', 'currency', 'description', 'reference_id', 'notes', 'callback_url'),
      ...plain('callback_method', 'expire_by', 'status', 'payment_id', 'cancelled_at', 'created_at'),
      customer: p('contact', DELETE),
    },
  },
  sandbox_shiprocket_shipments: {
    holds: "a parcel at the courier's sandbox",
    person: [{ column: 'customer', names: 'phone', field: 'phone' }],
    columns: {
      ...plain('id', 'channel_order_id', 'is_return', 'pickup_location', 'payment_method', 'cod_paise'),
      ...plain('sub_total_paise', 'weight_grams', 'dimensions_cm', 'return_to', 'items', 'status_id', 'status', 'awb'),
      ...plain('courier_id', 'courier_name', 'pickup_scheduled_at', 'pickup_token', 'label_generated_at', 'etd'),
      ...plain('ndr_attempts', 'ndr_raised_at', 'ndr_history', 'created_at'),
      customer: p('address', DELETE),
      ndr_reason: p('content', DELETE),
    },
  },
  whatsapp_templates: content(
    'a WhatsApp message template the shop submits to Meta, with its review state',
    ...['id', 'name', 'language', 'category', 'kind', 'body', 'examples', 'buttons', 'status', 'rejected_reason'],
    ...['meta_id', 'submitted_at', 'synced_at', 'created_at', 'updated_at'],
  ),
  sandbox_whatsapp_templates: content(
    "a template at the WhatsApp sandbox's business account",
    ...['id', 'name', 'language', 'category', 'body', 'body_example', 'buttons', 'status', 'rejected_reason'],
    'created_at',
  ),
  sandbox_whatsapp_messages: {
    holds: "a message on a WhatsApp sandbox phone's chat",
    person: [{ column: 'phone', names: 'phone' }],
    row: p('contact', DELETE),
    columns: {
      ...plain('id', 'wamid', 'direction', 'template', 'language', 'buttons', 'context_id', 'created_at'),
      ...rowed('phone', 'parameters', 'text', 'button_payload'),
    },
  },
  sandbox_whatsapp_webhooks: {
    holds: 'a webhook the WhatsApp sandbox sent',
    person: [],
    unkeyed: 'test data of the emulator (ADR 022), never a real person',
    columns: {
      ...plain('id', 'wamid', 'event', 'held', 'attempts', 'last_status', 'delivered_at', 'created_at'),
      body: p('contact', DELETE),
    },
  },
  sandbox_shiprocket_scans: content(
    "a tracking scan at the courier's sandbox",
    ...['id', 'shipment_id', 'status_id', 'status', 'activity', 'location', 'at'],
  ),
  sandbox_shiprocket_webhooks: {
    holds: "a tracking webhook the courier's sandbox sent",
    person: [],
    unkeyed: 'test data of the emulator (ADR 022), never a real person',
    columns: {
      ...plain('id', 'awb', 'status_id', 'held', 'attempts', 'last_status', 'delivered_at', 'created_at'),
      body: p('address', DELETE),
    },
  },
};

/** Every table of the schema, by its database name. */
export const REGISTRY: Readonly<Record<string, TableEntry>> = {
  ...SHOPPERS,
  ...ORDERS,
  ...AFTER_THE_ORDER,
  ...MESSAGES,
  ...SHOP,
  ...SANDBOX,
};

/** A column's classification with AS_ROW resolved: its category and fate, or null when it is no one's. */
export function personalOf(table: string, column: string): Personal | null {
  const entry = REGISTRY[table];
  const found = entry?.columns[column];
  if (found === undefined) throw new Error(`the registry does not classify ${table}.${column}`);
  if (found === NOT_PERSONAL) return null;
  if (found === AS_ROW) {
    if (!entry?.row) throw new Error(`${table}.${column} is classified as its row, which is not`);
    return entry.row;
  }
  return found;
}
