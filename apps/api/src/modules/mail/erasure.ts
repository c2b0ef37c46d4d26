import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/**
 * The messages sent to an erased person (issue 35): the record that a message of a kind was sent, and when, stays a
 * year (DPDP Rules, Rule 6: processing logs) under 'erased@invalid' and the number '0'; what it said, to whom and
 * the mail server's replies (which quote the address) go. A message still waiting is skipped: it has no one to go to.
 */
export async function anonymiseMessagesTo(tx: Queryable, person: PersonKeys): Promise<void> {
  const theirs = sql`(lower(recipient) IN ${inList(person.emails)} OR wa_phone IN ${inList(person.phones)})`;
  await tx.execute(sql`
    UPDATE outbox_attempts SET reply = NULL
    WHERE outbox_id IN (SELECT id FROM outbox_messages WHERE audience = 'shopper' AND ${theirs})`);
  await tx.execute(sql`
    UPDATE outbox_messages SET
      recipient = CASE WHEN recipient IS NULL THEN NULL ELSE 'erased@invalid' END,
      wa_phone = CASE WHEN wa_phone IS NULL THEN NULL ELSE '0' END,
      wa_template = CASE WHEN wa_template IS NULL THEN NULL
        ELSE jsonb_set(wa_template - 'buttons', '{bodyParameters}', '[]'::jsonb) END,
      wa_error = NULL, payload = '{}'::jsonb, sealed = NULL, subject = NULL, html = NULL, text = NULL,
      last_reply = NULL,
      status = CASE WHEN status = 'queued' THEN 'skipped' ELSE status END
    WHERE audience = 'shopper' AND ${theirs}`);
}
