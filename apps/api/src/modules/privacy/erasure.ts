import { type Database, type Queryable, sql } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { inList, type PersonKeys } from '../../lib/person';
import { deleteAddressesOf } from '../addresses';
import { deleteCartsOf } from '../cart';
import { anonymisePaymentsOf } from '../checkout';
import { forgetConsentsOf } from '../consent';
import { deleteChildProfilesOf } from '../fit';
import { accountContacts, eraseAccount, forgetGuests, passwordMatches } from '../identity';
import { anonymiseMessagesTo } from '../mail';
import { deleteMessagesOf } from '../messages';
import { anonymiseOrdersOf, ordersOfPerson } from '../orders';
import { deletePhotoFiles, deletePhotosOf } from '../photos';
import { anonymiseReturnsOf, openReturnsOf } from '../returns';
import { anonymiseReviewsOf } from '../reviews';
import { anonymiseShipmentsOf } from '../shipping';
import { deleteWhatsAppEventsOf } from '../whatsapp';
import { deleteWishlistOf } from '../wishlist';

// The erasure of a person (issue 35, item 3; DPDP Act s.12): what the registry of personal data says of each of
// their columns, done by each table's owner (ADR 039) in one transaction, the photos' files once it commits. It
// refuses while an order of theirs is open or a return of theirs under way: the shop still owes them a parcel or
// money, and needs their address and number for it. `erasure.test.ts` walks the registry and fails when a personal
// column of a table tied to a shopper has no step here (ERASED) and no fate that leaves it as it is.

/** The statuses of an order still under way: the shop owes a parcel, or waits for the money. */
export const OPEN_ORDER_STATUSES: readonly string[] = [
  'pending_payment',
  'paid',
  'packed',
  'shipped',
  'cod_pending_confirmation',
  'cod_confirmed',
];

/**
 * The personal columns each step below changes, by table: what the registry test checks against every classified
 * column. A column whose fate keeps it (`keep_for_law`, or an anonymisation that keeps it, "kept: …") needs none.
 */
export const ERASED: Readonly<Record<string, readonly string[] | 'the row'>> = {
  users: ['name', 'email', 'phone', 'password_hash'],
  // A guest with orders keeps its bare row (identity's forgetGuests says why); one without is deleted.
  guests: 'the row',
  whatsapp_events: 'the row',
  sessions: 'the row',
  password_reset_tokens: 'the row',
  addresses: 'the row',
  carts: 'the row',
  cart_items: 'the row',
  wishlist_items: 'the row',
  child_profiles: 'the row',
  shopper_photos: 'the row',
  orders: ['address_snapshot'],
  payments: ['vpa', 'card_last4'],
  payment_events: ['payload'],
  cod_prepayments: ['short_url'],
  shipments: ['last_reason'],
  shipment_events: ['reason', 'raw'],
  return_requests: ['photos'],
  return_lines: ['note'],
  reviews: ['author', 'photos'],
  review_votes: 'the row',
  contact_messages: 'the row',
  newsletter_subscribers: 'the row',
  stock_alerts: 'the row',
  outbox_messages: [
    ...['recipient', 'wa_phone', 'wa_template', 'wa_error', 'payload', 'sealed', 'subject', 'html', 'text'],
    'last_reply',
  ],
  outbox_attempts: ['reply'],
  consents: ['user_id', 'email', 'phone', 'client_address'],
  privacy_requests: ['user_id', 'email', 'message', 'confirm_token_hash'],
};

/** The answer recorded on a shopper's open erasure request when they delete the account themselves. */
export const SELF_ERASED_ANSWER =
  'Done: the person deleted the account themselves (delete_my_account); their data was erased as docs/privacy.md says.';

/**
 * The person's rights requests stay as the record that they were answered, tied to no one. An erasure request
 * still open is answered by the erasure itself: the owner would otherwise see it open, with no one left to answer.
 */
async function forgetRequestsOf(tx: Queryable, keys: PersonKeys, answer: string): Promise<void> {
  const theirs = sql`(user_id = ${keys.userId} OR lower(email) IN ${inList(keys.emails)})`;
  await tx.execute(sql`
    UPDATE privacy_requests SET status = 'answered', answer = ${answer}, answered_at = now()
    WHERE ${theirs} AND kind = 'erasure' AND status IN ('open', 'in_progress') AND confirmed_at IS NOT NULL`);
  await tx.execute(sql`
    UPDATE privacy_requests
    SET user_id = NULL, email = 'erased@invalid', message = '(erased)', confirm_token_hash = NULL
    WHERE ${theirs}`);
}

/**
 * What an erasure needs: the database, the photo folders, and the console's part (admin imports privacy, so app.ts
 * and the console's routes hand down admin's `forgetCustomerInAudit`: the audit log's entries of the customer).
 */
export interface ErasureDeps {
  db: Database;
  mediaDir: string;
  privateDir: string;
  forgetCustomerInConsole: (tx: Queryable, userId: number) => Promise<void>;
}

/** Refuses (409, beside `field`) while the person has an open order or a return under way, naming them. */
export async function refuseWhileOpen(db: Queryable, keys: PersonKeys, field: string): Promise<number[]> {
  const orders = await ordersOfPerson(db, keys);
  const open = orders.filter((order) => OPEN_ORDER_STATUSES.includes(order.status)).map((order) => order.id);
  const returns = await openReturnsOf(
    db,
    orders.map((order) => order.id),
  );
  const named = [...new Set([...open, ...returns.map((r) => r.order_id)])].sort((a, b) => a - b);
  if (named.length > 0) {
    const list = named.map((id) => `#${id}`).join(', ');
    const message = `Your account cannot be deleted while an order is under way: ${list}. Once it is delivered, cancelled or refunded (and any return settled), you can delete it.`;
    throw new AppError('CONFLICT', message, { code: 'OPEN_ORDERS', errors: { [field]: [message] } });
  }
  return orders.map((order) => order.id);
}

/**
 * Erases the person's data in one transaction; the photos' files go once it commits. `requestAnswer` is recorded on
 * their erasure requests still open.
 */
export async function erasePerson(deps: ErasureDeps, keys: PersonKeys, requestAnswer: string) {
  const photos = await deps.db.transaction(async (tx) => {
    const orders = await ordersOfPerson(tx, keys);
    await refuseWhileOpen(tx, keys, 'password');
    const orderIds = orders.map((order) => order.id);
    await anonymiseReviewsOf(tx, keys, new Map(orders.map((order) => [order.id, order.state])));
    const erasedPhotos = await deletePhotosOf(tx, keys);
    await anonymiseReturnsOf(tx, orderIds);
    await anonymiseShipmentsOf(tx, orderIds);
    await anonymisePaymentsOf(tx, orderIds);
    await anonymiseOrdersOf(tx, orderIds);
    await deleteAddressesOf(tx, keys);
    await deleteCartsOf(tx, keys);
    await deleteWishlistOf(tx, keys.userId);
    await deleteChildProfilesOf(tx, keys.userId);
    await deleteMessagesOf(tx, keys);
    await anonymiseMessagesTo(tx, keys);
    await forgetConsentsOf(tx, keys);
    await forgetRequestsOf(tx, keys, requestAnswer);
    await deleteWhatsAppEventsOf(tx, keys.phones);
    await forgetGuests(tx, keys.guestIds);
    if (keys.userId !== null) {
      await deps.forgetCustomerInConsole(tx, keys.userId);
      await eraseAccount(tx, keys.userId);
    }
    return erasedPhotos;
  });
  await deletePhotoFiles(deps, photos);
}

export const ACCOUNT_DELETED_MESSAGE =
  'Your account is deleted. Your invoices stay with us, without your name, for the 72 months GST law asks.';

/**
 * delete_my_account: the account's password (400 beside the field when wrong), no open order (409 naming them),
 * then the erasure of the account and of what is tied to its e-mail and phone.
 */
export async function deleteMyAccount(deps: ErasureDeps, userId: number, password: string): Promise<void> {
  const account = await accountContacts(deps.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please log in again.');
  if (!(await passwordMatches(deps.db, userId, password))) {
    const message = 'The password is incorrect.';
    throw new AppError('INVALID_DATA', message, { errors: { password: [message] } });
  }
  const keys = { userId, guestIds: [], emails: [account.email.toLowerCase()], phones: [account.phone] };
  await erasePerson(deps, keys, SELF_ERASED_ANSWER);
}
