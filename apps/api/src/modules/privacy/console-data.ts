import type { Database } from '@kapaas/db';
import { AppError, notFound } from '../../lib/errors';
import type { PersonKeys } from '../../lib/person';
import { queueMail } from '../mail';
import { type ErasureDeps, erasePerson, refuseWhileOpen } from './erasure';
import { exportFiles } from './export';
import { accountKeys, requestKeys } from './person-keys';
import { findPrivacyRequest } from './requests.console';
import { updateRequest } from './requests.repository';

// The owner's export and erasure of a person (issue 35, the console): for a rights request's person, or a customer's
// account. The console's routes check that the caller is an owner and audit each; this does the work.

export const ERASED_ANSWER =
  'Your personal data is erased: your account (if you had one), addresses, reviews (now shown without your name), photos and messages. Your invoices stay with us for the 72 months GST law asks, without your name unless the law requires it.';

/** Recorded on a customer's open erasure request when the owner erases them from the customer's page. */
const OWNER_ERASED_ANSWER = 'Done: the owner erased the person from their customer page, as docs/privacy.md says.';

async function customerKeys(db: Database, userId: number): Promise<PersonKeys> {
  const keys = await accountKeys(db, userId);
  if (!keys) throw notFound('Customer');
  return keys;
}

/** The copy of a rights request's person, or of a customer's account, as JSON and as the HTML summary. */
export async function exportForOwner(db: Database, whose: { requestId: number } | { userId: number }) {
  const keys =
    'requestId' in whose
      ? await requestKeys(db, await findPrivacyRequest(db, whose.requestId))
      : await customerKeys(db, whose.userId);
  return exportFiles(db, keys);
}

/** Refused (409, beside `confirm`) while an order of theirs is open; `confirm` must say ERASE. */
async function checkedKeys(db: Database, keys: PersonKeys, confirm: string) {
  if (confirm !== 'ERASE') {
    throw new AppError('INVALID_DATA', 'Type ERASE to confirm.', { errors: { confirm: ['Type ERASE to confirm.'] } });
  }
  try {
    return await refuseWhileOpen(db, keys, 'confirm');
  } catch (error) {
    if (error instanceof AppError && error.options.code === 'OPEN_ORDERS') {
      const message = error.message.replace('Your account cannot be deleted', 'This person cannot be erased');
      throw new AppError('CONFLICT', message, { code: 'OPEN_ORDERS', errors: { confirm: [message] } });
    }
    throw error;
  }
}

/**
 * Erases a rights request's person, then answers the request (closed as answered) and mails them that it is done,
 * to the address they asked from: the erasure cleared it from the request, and the law wants them told.
 */
export async function eraseForRequest(deps: ErasureDeps, requestId: number, adminId: number, confirm: string) {
  const request = await findPrivacyRequest(deps.db, requestId);
  const keys = await requestKeys(deps.db, request);
  const orders = await checkedKeys(deps.db, keys, confirm);
  await erasePerson(deps, keys, ERASED_ANSWER);
  await deps.db.transaction(async (tx) => {
    const answer = { status: 'answered' as const, answer: ERASED_ANSWER, answeredAt: new Date(), answeredBy: adminId };
    await updateRequest(tx, requestId, answer);
    await queueMail(tx, {
      kind: 'privacy_request_answer',
      key: `privacy-request-answer:${requestId}`,
      to: request.email,
      payload: { request_id: requestId, kind: request.kind, answer: ERASED_ANSWER },
    });
  });
  return { orders_kept: orders, account: keys.userId, guests: keys.guestIds.length };
}

/** Erases a customer's account, as its owner's delete_my_account would, without the password. */
export async function eraseCustomer(deps: ErasureDeps, userId: number, confirm: string) {
  const keys = await customerKeys(deps.db, userId);
  const orders = await checkedKeys(deps.db, keys, confirm);
  await erasePerson(deps, keys, OWNER_ERASED_ANSWER);
  return { orders_kept: orders, account: userId };
}
