import { type AdminBreach, type AdminBreachAudience, BREACH_REPORT_HOURS } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { queueMail } from '../mail';
import {
  activeAddresses,
  type BreachRow,
  breachById,
  insertBreach,
  insertNotices,
  markNotified,
} from './breach.repository';

// The breach drill (DPDP Rules, rule 7): the owner records a breach (the Board's detailed report is due 72 hours
// later), chooses the affected people, writes the notice and sends it, one message per person through the outbox.
// A breach notice is the law's, not marketing: it goes to an address that unsubscribed from offers too. What went to
// whom and when is kept (breach_notices) for the report.

/** The audience as the request gives it, after the contract's checks. */
type Audience = z.output<typeof AdminBreachAudience>;

export interface ChosenPeople {
  emails: string[];
  /** Lines of a pasted list with no e-mail address in them. */
  invalid: string[];
  /** The choice in words, kept with the breach. */
  description: string;
}

const EMAIL_IN_TEXT = /[^\s,;<>"'()[\]]+@[^\s,;<>"'()[\]]+\.[^\s,;<>"'()[\]]+/g;
const isEmail = (text: string) => z.email().safeParse(text).success;

/**
 * The addresses in a pasted list, each once and lower-cased: every address found on a line counts, so that a CSV
 * export with names and other columns can be pasted whole; a line without one is answered back as invalid.
 */
export function addressesInList(text: string): { emails: string[]; invalid: string[] } {
  const emails = new Set<string>();
  const invalid: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const found = (line.match(EMAIL_IN_TEXT) ?? []).map((email) => email.toLowerCase()).filter(isEmail);
    if (found.length === 0) invalid.push(line.trim().slice(0, 200));
    for (const email of found) emails.add(email);
  }
  return { emails: [...emails].sort(), invalid };
}

export async function choosePeople(db: Queryable, audience: Audience): Promise<ChosenPeople> {
  if (audience.by === 'list') {
    const { emails, invalid } = addressesInList(audience.emails);
    return { emails, invalid, description: `a pasted list of ${emails.length} e-mail addresses` };
  }
  const emails = await activeAddresses(db, new Date(audience.from), new Date(audience.to));
  return {
    emails,
    invalid: [],
    description: `everyone active from ${audience.from} to ${audience.to} (accounts, guests, orders and sessions)`,
  };
}

export async function recordBreach(
  db: Queryable,
  admin: { id: number; email: string },
  breach: { title: string; what_happened: string },
  now = new Date(),
): Promise<BreachRow> {
  return insertBreach(
    db,
    { title: breach.title, whatHappened: breach.what_happened, recordedBy: admin.id, recordedByEmail: admin.email },
    now,
  );
}

/**
 * Sends the breach's notice to everyone in the audience, once per breach: a second send is refused, since the
 * record must say what each person was told. Call it in a transaction: the record and the messages commit together.
 */
export async function sendBreachNotice(
  tx: Queryable,
  breachId: number,
  notice: { audience: Audience; subject: string; body: string },
  now = new Date(),
): Promise<{ breach: BreachRow; sent: number }> {
  const breach = await breachById(tx, breachId, true);
  if (!breach) throw notFound('Breach');
  if (breach.notifiedAt) {
    throw new AppError('CONFLICT', 'This breach’s notice was sent already; record a new breach for a further notice.');
  }
  const people = await choosePeople(tx, notice.audience);
  if (people.emails.length === 0) throw fieldError('audience', 'Nobody is in this audience: no notice was sent.');
  for (const email of people.emails) {
    await queueMail(tx, {
      kind: 'breach_notice',
      key: `breach-notice:${breachId}:${email}`,
      to: email,
      payload: { breach_id: breachId, subject: notice.subject, body: notice.body },
    });
  }
  await insertNotices(tx, breachId, people.emails, now);
  const sent = await markNotified(
    tx,
    breachId,
    { noticeSubject: notice.subject, noticeBody: notice.body, audience: people.description },
    now,
  );
  return { breach: sent, sent: people.emails.length };
}

export async function findBreach(db: Queryable, id: number): Promise<BreachRow> {
  const breach = await breachById(db, id);
  if (!breach) throw notFound('Breach');
  return breach;
}

/** A breach as the console shows it, with the Board's 72-hour deadline from its recording. */
export function breachView(row: BreachRow, notified: number): AdminBreach {
  return {
    id: row.id,
    title: row.title,
    what_happened: row.whatHappened,
    recorded_at: row.recordedAt.toISOString(),
    recorded_by: row.recordedByEmail,
    report_due_at: new Date(row.recordedAt.getTime() + BREACH_REPORT_HOURS * 3_600_000).toISOString(),
    notice_subject: row.noticeSubject,
    notice_body: row.noticeBody,
    audience: row.audience,
    notified_at: row.notifiedAt?.toISOString() ?? null,
    notified_count: notified,
  };
}
