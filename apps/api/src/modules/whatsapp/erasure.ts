import { type Queryable, sql } from '@kapaas/db';
import { inList } from '../../lib/person';

/** The WhatsApp statuses and replies of an erased person's numbers go with their erasure (issue 35). */
export async function deleteWhatsAppEventsOf(tx: Queryable, phones: readonly string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM whatsapp_events WHERE phone IN ${inList(phones)}`);
}
