import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/** A person's contact messages, newsletter sign-up and "notify me" requests go with their erasure (issue 35). */
export async function deleteMessagesOf(tx: Queryable, person: PersonKeys): Promise<void> {
  const emails = inList(person.emails);
  await tx.execute(sql`
    DELETE FROM contact_messages WHERE lower(email) IN ${emails} OR mobile IN ${inList(person.phones)}`);
  await tx.execute(sql`DELETE FROM newsletter_subscribers WHERE lower(email) IN ${emails}`);
  await tx.execute(sql`DELETE FROM stock_alerts WHERE lower(email) IN ${emails}`);
}
