import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, outboxAttempts, outboxMessages } from '@kapaas/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from './mailbox';
import { listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

// A shop process killed (SIGKILL) while the mail server has a message but has not answered it: the
// message was not accepted, so it must go again after the restart, exactly once, with the same
// Message-ID; the others go once each. On the embedded database (PostgreSQL: mail-outbox.pg.test.ts).

let dataDir: string;
let mailbox: Mailbox;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kapaas-mail-crash-'));
  mailbox = await startMailbox();
});
afterAll(async () => {
  for (const shop of shops) await stopShop(shop);
  await mailbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

function start() {
  const shop = spawnShop({ DATA_DIR: dataDir, SMTP_URL: mailbox.url, STOREFRONT_DIST: join(dataDir, 'none') });
  shops.push(shop);
  return shop;
}

async function register(baseUrl: string, n: number) {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Crash Shopper ${n}`,
      email: `crash${n}@example.in`,
      phone: `98100000${String(n).padStart(2, '0')}`,
      password: 'organic-cotton-1',
      password_confirmation: 'organic-cotton-1',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

describe('a shop process killed in the middle of sending', () => {
  it('loses nothing and sends nothing twice', async () => {
    mailbox.hold = true;
    let inFlight: string | undefined;
    const first = start();
    const baseUrl = await listeningAt(first);
    const arrived = new Promise<void>((resolve) => {
      mailbox.onData = (raw) => {
        inFlight ??= messageIdOf(raw);
        resolve();
      };
    });
    for (const n of [1, 2, 3]) await register(baseUrl, n);
    await Promise.race([
      arrived,
      new Promise((_, fail) =>
        setTimeout(() => fail(new Error(`no message reached the server:\n${first.log()}`)), 60_000),
      ),
    ]);
    first.child.kill('SIGKILL');
    await first.exited;
    await expect.poll(() => mailbox.dropped).toBe(1);
    expect(mailbox.received).toHaveLength(0);
    mailbox.hold = false;
    mailbox.onData = undefined;

    const second = start();
    await listeningAt(second);
    for (const n of [1, 2, 3]) await mailbox.waitFor((m) => m.to.includes(`crash${n}@example.in`), 30_000);
    // A clean stop lets a pass under way finish: anything sent twice would be here by then.
    second.child.kill('SIGTERM');
    await second.exited;

    expect(mailbox.received.map((m) => m.to[0]).sort()).toEqual([
      'crash1@example.in',
      'crash2@example.in',
      'crash3@example.in',
    ]);
    const ids = mailbox.received.map((m) => m.mail.messageId);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toContain(inFlight);

    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      const resent = rows.find((row) => inFlight?.startsWith(`<${row.messageId}@`));
      expect(resent?.attempts).toBe(2);
      const attempts = await database.db.select().from(outboxAttempts).orderBy(asc(outboxAttempts.id));
      // The killed attempt was opened and never finished; the one after the restart succeeded.
      expect(attempts.filter((a) => a.outboxId === resent?.id).map((a) => a.ok)).toEqual([null, true]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
