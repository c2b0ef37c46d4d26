import type { ConsentPurpose } from '@kapaas/contract';

/**
 * Every message the shop sends. `marketing` ones are sent for a `purpose` of the consent ledger (issue 35): queued and
 * sent only while the recipient's consent for it stands, and carrying the one-click link that withdraws it; the rest
 * are strictly transactional (what the shopper asked for or must know about an order) and need no consent.
 */
export const MAIL_KINDS = {
  welcome: { marketing: false, label: 'Welcome' },
  order_placed: { marketing: false, label: 'Order placed (cash on delivery)' },
  order_paid: { marketing: false, label: 'Order paid' },
  order_shipped: { marketing: false, label: 'Order shipped' },
  order_delivered: { marketing: false, label: 'Order delivered' },
  order_cancelled: { marketing: false, label: 'Order cancelled' },
  /** A cash-on-delivery order the shop did not confirm in time (the cod_confirm_hours setting), cancelled by the sweep. */
  order_cod_unconfirmed: { marketing: false, label: 'Order cancelled, not confirmed (cash on delivery)' },
  order_refunded: { marketing: false, label: 'Refund' },
  /** The courier's tracking says the parcel is out for delivery (issue 33). */
  shipment_out_for_delivery: { marketing: false, label: 'Parcel out for delivery' },
  /** The courier could not deliver: its reason, and the link to ask for another attempt (issue 33). */
  shipment_undelivered: { marketing: false, label: 'Parcel not delivered' },
  password_reset: { marketing: false, label: 'Password reset' },
  contact_received: { marketing: false, label: 'Contact message received' },
  newsletter_confirm: { marketing: false, label: 'Newsletter confirmation' },
  back_in_stock: { marketing: true, purpose: 'back_in_stock', label: 'Back in stock' },
  cart_reminder: { marketing: true, purpose: 'cart_reminders', label: 'Cart reminder' },
  return_requested: { marketing: false, label: 'Return requested' },
  return_approved: { marketing: false, label: 'Return approved' },
  return_rejected: { marketing: false, label: 'Return declined' },
  return_received: { marketing: false, label: 'Return received' },
  return_refunded: { marketing: false, label: 'Return refunded' },
  return_exchange_shipped: { marketing: false, label: 'Exchange shipped' },
  /** Asking a buyer for a review some days after delivery: not needed for the order, so it carries the unsubscribe. */
  review_request: { marketing: true, purpose: 'marketing_email', label: 'Review request' },
  /**
   * A child nears the top of the last size bought for them (ADR 059): sent under the child_profile consent alone, the
   * purpose the parent agreed to. It names the child, so staff do not see it in the console's outbox.
   */
  next_size_soon: { marketing: true, purpose: 'child_profile', label: 'Next size soon', aboutAChild: true },
  owner_new_order: { marketing: false, label: 'New order (to the owner)' },
  owner_return_requested: { marketing: false, label: 'Return requested (to the owner)' },
  owner_contact: { marketing: false, label: 'Contact message (to the owner)' },
  owner_sold_out: { marketing: false, label: 'Sizes that ran out (to the owner)' },
  /** A guest's rights request (DPDP Act, issue 35): the link that makes it count. */
  privacy_request_confirm: { marketing: false, label: 'Privacy request confirmation' },
  /** The owner's answer to a rights request or grievance. */
  privacy_request_answer: { marketing: false, label: 'Privacy request answered' },
  /** A personal-data breach told to an affected person (DPDP Rules, rule 7): the law's, never marketing. */
  breach_notice: { marketing: false, label: 'Data breach notice' },
  owner_privacy_request: { marketing: false, label: 'Privacy request received (to the owner)' },
  /** The link to a shopper's copy of their data (issue 35), which they asked for. */
  my_data_export: { marketing: false, label: 'Your data export' },
} as const satisfies Record<
  string,
  { marketing: boolean; label: string; purpose?: ConsentPurpose; aboutAChild?: true }
>;

export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_VALUES = Object.keys(MAIL_KINDS) as MailKind[];

/** The kinds that name a child (ADR 059): the owners see them in the console's outbox, staff never do. */
export const CHILD_MAIL_KINDS: readonly MailKind[] = MAIL_KIND_VALUES.filter(
  (kind) => 'aboutAChild' in MAIL_KINDS[kind],
);

/** The consent a marketing message is sent under; null for a transactional one. */
export function purposeOf(kind: MailKind): ConsentPurpose | null {
  const spec = MAIL_KINDS[kind];
  return 'purpose' in spec ? spec.purpose : null;
}
