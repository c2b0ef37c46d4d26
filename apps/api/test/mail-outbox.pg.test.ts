import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, withDatabase } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundFor } from './bounds';
import { type Mailbox, startMailbox } from './mailbox';
import { listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/**
 * The outbox with several shop processes on one PostgreSQL (CI's second pass): each message is
 * sent once whichever process claims it (FOR UPDATE SKIP LOCKED), and a process killed while
 * sending loses nothing: another takes the message once its claim lapses.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const databaseName = `kapaas_mail_${process.pid}`;
const databaseUrl = withDatabase(serverUrl || 'postgres://localhost/x', databaseName);

let dataDir: string;
let mailbox: Mailbox;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  await admin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  dataDir = await mkdtemp(join(tmpdir(), 'kapaas-mail-pg-'));
  mailbox = await startMailbox();
});
afterAll(async () => {
  for (const shop of shops) await stopShop(shop);
  await mailbox.close();
  await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  await rm(dataDir, { recursive: true, force: true });
});

async function start(name: string) {
  const shop = spawnShop({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dataDir, name),
    STOREFRONT_DIST: join(dataDir, 'none'),
    SMTP_URL: mailbox.url,
  });
  shops.push(shop);
  return listeningAt(shop);
}

/** Queues `count` messages as events would, straight into the outbox (the contact receipts of stored messages). */
async function queueReceipts(prefix: string, count: number) {
  await admin(databaseUrl, async (client) => {
    for (let n = 1; n <= count; n += 1) {
      const email = `${prefix}${n}@example.in`;
      const stored = await client.query(
        "INSERT INTO contact_messages (name, email, mobile, message) VALUES ($1, $2, '9876543210', 'Is the jhabla soft?') RETURNING id",
        [`Shopper ${n}`, email],
      );
      const id = stored.rows[0].id as number;
      await client.query(
        "INSERT INTO outbox_messages (key, message_id, kind, recipient, payload) VALUES ($1, gen_random_uuid()::text, 'contact_received', $2, $3)",
        [`contact-received:${id}`, email, JSON.stringify({ contact_id: id })],
      );
    }
  });
}

const statuses = (prefix: string) =>
  admin(databaseUrl, async (client) => {
    const rows = await client.query(
      'SELECT status, attempts, message_id FROM outbox_messages WHERE recipient LIKE $1 ORDER BY id',
      [`${prefix}%`],
    );
    return rows.rows as { status: string; attempts: number; message_id: string }[];
  });

describe('the outbox on PostgreSQL', () => {
  // Bounded by its work (bounds.ts): two shop processes started, 40 messages queued and sent, the checks.
  it('two processes send each of 40 messages exactly once', {
    timeout: boundFor({ operations: 2 * 40 + 10, processStarts: 2 }),
  }, async () => {
    await Promise.all([start('a'), start('b')]);
    await queueReceipts('both', 40);
    await expect
      .poll(() => mailbox.received.filter((m) => m.to[0]?.startsWith('both')).length, { timeout: 60_000 })
      .toBe(40);
    const rows = await statuses('both');
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const received = mailbox.received.filter((m) => m.to[0]?.startsWith('both'));
    expect(new Set(received.map((m) => m.to[0])).size).toBe(40);
    expect(new Set(received.map((m) => m.mail.messageId)).size).toBe(40);
  });

  // Two more processes started, and three messages sent once or twice.
  it('a process killed while sending loses nothing: the message goes again, once, when its claim lapses', {
    timeout: boundFor({ operations: 3 * 2 + 10, processStarts: 2 }),
  }, async () => {
    mailbox.hold = true;
    let inFlight: string | undefined;
    const arrived = new Promise<void>((resolve) => {
      mailbox.onData = (raw) => {
        inFlight ??= /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
        resolve();
      };
    });
    // Only one process runs now: the others stop first.
    for (const shop of shops.splice(0)) await stopShop(shop);
    await start('c');
    const killed = shops[0] as ShopProcess;
    await queueReceipts('crash', 3);
    await arrived;
    killed.child.kill('SIGKILL');
    await killed.exited;
    await expect.poll(() => mailbox.dropped).toBe(1);
    mailbox.hold = false;
    mailbox.onData = undefined;
    // Two minutes pass: the dead process's claim lapses.
    await admin(databaseUrl, (client) =>
      client.query("UPDATE outbox_messages SET locked_until = now() - interval '1 second' WHERE status = 'sending'"),
    );
    await start('d');
    await expect
      .poll(() => mailbox.received.filter((m) => m.to[0]?.startsWith('crash')).length, { timeout: 60_000 })
      .toBe(3);
    for (const shop of shops.splice(0)) {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }
    const received = mailbox.received.filter((m) => m.to[0]?.startsWith('crash'));
    expect(received).toHaveLength(3);
    expect(received.map((m) => m.mail.messageId)).toContain(inFlight);
    const rows = await statuses('crash');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.find((row) => inFlight?.startsWith(`<${row.message_id}@`))?.attempts).toBe(2);
  });
});
