import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateToLatest, migrateUpTo, rowsOf } from './migration-testing';

/**
 * Migration 0034 (issue 36) marks each WhatsApp reply whether a handler of the shop took it, for the owner's inbox of
 * the rest. Replies stored before it are marked from what they were: a tap on a message the shop sent, or a STOP,
 * was taken; a free text, or a reply to a message the shop does not know, nobody was waiting for. Statuses stay null.
 */

async function insertEvents(handle: DatabaseHandle): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  await run(sql`INSERT INTO outbox_messages (key, message_id, kind, channel, wa_phone, wa_template, wa_message_id)
    VALUES ('order-placed:1', 'm-1', 'order_placed', 'whatsapp', '919847012345',
      '{"template":"cod_order_confirmation","language":"en","bodyParameters":[]}', 'wamid.OURS')`);
  const at = '2026-11-28T08:00:00Z';
  await run(sql`INSERT INTO whatsapp_events (message_id, event, phone, context_id, reply_type, button_payload, text, occurred_at, raw)
    VALUES
      ('wamid.OURS', 'delivered', '919847012345', NULL, NULL, NULL, NULL, ${at}, '{}'),
      ('wamid.TAP', 'reply', '919847012345', 'wamid.OURS', 'button', 'cod_confirm:1', 'Confirm order', ${at}, '{}'),
      ('wamid.TAP-UNKNOWN', 'reply', '919847012345', 'wamid.NOT-OURS', 'button', 'cod_cancel:1', 'Cancel order', ${at}, '{}'),
      ('wamid.STOP', 'reply', '919847012345', NULL, 'text', NULL, ' Stop ', ${at}, '{}'),
      ('wamid.ROKEN', 'reply', '919847012346', NULL, 'text', NULL, 'रोकें', ${at}, '{}'),
      ('wamid.QUESTION', 'reply', '919847012345', 'wamid.OURS', 'text', NULL, 'After 6 pm?', ${at}, '{}')`);
}

async function checkMarks(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0033_consent_source_whatsapp_reply');
  await insertEvents(handle);
  await migrateToLatest(handle);
  const rows = await rowsOf<{ message_id: string; handled: boolean | null }>(
    handle,
    sql`SELECT message_id, handled FROM whatsapp_events ORDER BY id`,
  );
  expect(rows).toEqual([
    { message_id: 'wamid.OURS', handled: null },
    { message_id: 'wamid.TAP', handled: true },
    { message_id: 'wamid.TAP-UNKNOWN', handled: false },
    { message_id: 'wamid.STOP', handled: true },
    { message_id: 'wamid.ROKEN', handled: true },
    { message_id: 'wamid.QUESTION', handled: false },
  ]);
}

describeOnBothDatabases('migration 0034: replies stored before are marked taken or not', 'wa_handled', checkMarks);
