import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '@kapaas/db';
import { admin, withDatabase } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TOKEN, SANDBOX_WABA_ID } from '../src/dev/whatsapp-sandbox/sandbox.constants';
import type { Logger } from '../src/lib/deps';
import { sendDueWhatsApp } from '../src/modules/mail';
import { createCloudApiClient } from '../src/modules/whatsapp';
import { boundFor } from './bounds';
import { listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/**
 * The outbox's WhatsApp channel with two shop processes on one PostgreSQL: each runs its sender every two seconds,
 * claiming WhatsApp messages as it claims mail (FOR UPDATE SKIP LOCKED), so each event's message reaches the
 * shopper's phone (the built-in sandbox, whose chats live in the shared database) exactly once.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const databaseName = `kapaas_whatsapp_${process.pid}`;
const databaseUrl = withDatabase(serverUrl || 'postgres://localhost/x', databaseName);

let dataDir: string;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  await admin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  dataDir = await mkdtemp(join(tmpdir(), 'kapaas-whatsapp-pg-'));
});
afterAll(async () => {
  for (const shop of shops) await stopShop(shop);
  await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  await rm(dataDir, { recursive: true, force: true });
});

async function start(name: string) {
  const shop = spawnShop({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dataDir, name),
    STOREFRONT_DIST: join(dataDir, 'none'),
  });
  shops.push(shop);
  return listeningAt(shop);
}

/** A template submitted through one shop's sandbox with the real Graph API call, then approved. */
async function approvedTemplate(baseUrl: string) {
  const created = await fetch(`${baseUrl}/sandbox/whatsapp/v23.0/${SANDBOX_WABA_ID}/message_templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'order_update_pg',
      language: 'en',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Order {{1}} is on its way.', example: { body_text: [['KP-1']] } }],
    }),
  });
  expect(created.status).toBe(200);
  const approved = await fetch(`${baseUrl}/sandbox/whatsapp/test/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'order_update_pg' }),
  });
  expect(approved.status).toBe(200);
}

/**
 * Queues `count` WhatsApp messages as events would, each to a number with whatsapp_updates consent, in one
 * transaction: all become due at once, so both processes' next passes find the same rows due.
 */
async function queueUpdates(count: number, from = 1) {
  await admin(databaseUrl, async (client) => {
    await client.query('BEGIN');
    for (let n = from; n < from + count; n += 1) {
      const phone = `9198800${String(n).padStart(5, '0')}`;
      await client.query(
        "INSERT INTO consents (phone, purpose, given, source) VALUES ($1, 'whatsapp_updates', true, 'checkout')",
        [phone],
      );
      // A contact receipt: an e-mail the shop can write (its fallback) with nothing else of the demo shop.
      const stored = await client.query(
        "INSERT INTO contact_messages (name, email, mobile, message) VALUES ($1, $2, $3, 'Is the jhabla soft?') RETURNING id",
        [`Shopper ${n}`, `pg${n}@example.in`, phone.slice(2)],
      );
      await client.query(
        `INSERT INTO outbox_messages (key, message_id, kind, recipient, payload, channel, wa_phone, wa_template)
         VALUES ($1, gen_random_uuid()::text, 'contact_received', $2, $3, 'whatsapp', $4, $5)`,
        [
          `wa-pg:${n}`,
          `pg${n}@example.in`,
          JSON.stringify({ contact_id: stored.rows[0].id }),
          phone,
          JSON.stringify({ template: 'order_update_pg', language: 'en', bodyParameters: [`KP-${n}`] }),
        ],
      );
    }
    await client.query('COMMIT');
  });
}

const state = () =>
  admin(databaseUrl, async (client) => {
    const outbox = await client.query(
      "SELECT status, attempts, wa_message_id, wa_status, fallback_at FROM outbox_messages WHERE key LIKE 'wa-pg:%' ORDER BY id",
    );
    const phones = await client.query(
      "SELECT phone, count(*)::int AS n FROM sandbox_whatsapp_messages WHERE direction = 'out' AND phone LIKE '9198800%' GROUP BY phone",
    );
    return {
      outbox: outbox.rows as {
        status: string;
        attempts: number;
        wa_message_id: string | null;
        wa_status: string | null;
        fallback_at: Date | null;
      }[],
      phones: phones.rows as { phone: string; n: number }[],
    };
  });

describe('the WhatsApp channel on PostgreSQL', () => {
  // Bounded by its work (bounds.ts): two shop processes started, 60 messages queued and sent, the checks.
  it('two processes send each of 60 WhatsApp messages exactly once', {
    timeout: boundFor({ operations: 2 * 60 + 10, processStarts: 2 }),
  }, async () => {
    const [a] = await Promise.all([start('a'), start('b')]);
    await approvedTemplate(a as string);
    await queueUpdates(60);
    await expect
      .poll(async () => (await state()).outbox.filter((row) => row.status === 'sent').length, { timeout: 60_000 })
      .toBe(60);
    const { outbox, phones } = await state();
    expect(phones).toHaveLength(60);
    expect(phones.every((phone) => phone.n === 1)).toBe(true);
    expect(outbox.every((row) => row.attempts === 1 && row.fallback_at === null)).toBe(true);
    expect(new Set(outbox.map((row) => row.wa_message_id)).size).toBe(60);
  });

  // Four senders at the same instant (four pools, as four processes' connections), on 40 rows due at once.
  it('four senders claiming the same due rows at once send each message once', {
    timeout: boundFor({ operations: 4 * 40 + 10, processStarts: 0 }),
  }, async () => {
    const [a] = shops;
    const baseUrl = a ? await listeningAt(a) : '';
    const silent: Logger = { info() {}, warn() {}, error() {}, child: () => silent };
    const client = createCloudApiClient({
      token: SANDBOX_TOKEN,
      phoneNumberId: '100000000000001',
      businessAccountId: SANDBOX_WABA_ID,
      apiBase: `${baseUrl}/sandbox/whatsapp`,
      version: 'v23.0',
    });
    const pools: DatabaseHandle[] = [];
    try {
      for (let n = 0; n < 4; n += 1)
        pools.push(await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 }));
      await queueUpdates(40, 101);
      const passes = async () => {
        for (let round = 0; round < 5; round += 1) {
          await Promise.all(pools.map((pool) => sendDueWhatsApp({ db: pool.db, log: silent }, client)));
        }
      };
      await passes();
      await expect
        .poll(async () => (await state()).outbox.filter((row) => row.status === 'sent').length, { timeout: 60_000 })
        .toBe(100);
      const { phones } = await state();
      expect(phones).toHaveLength(100);
      expect(phones.filter((phone) => phone.n !== 1)).toEqual([]);
    } finally {
      for (const pool of pools) await pool.close();
    }
  });
});
