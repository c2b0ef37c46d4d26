import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from './mailbox';
import { freePort, listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/**
 * Runs with the PostgreSQL tests (DATABASE_URL set), on a throwaway cluster of its own, since it
 * restarts the server: PostgreSQL's binaries from PG_BIN, or the newest under /usr/lib/postgresql.
 */
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'pg_ctl')) ? process.env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}
const bin = postgresBin();
if (!bin) console.warn('postgres-restart.pg.test.ts skipped: no pg_ctl (set PG_BIN to PostgreSQL bin folder)');

/** A PostgreSQL cluster in a temporary folder; as root, its commands run as the postgres user (initdb refuses root). */
class ThrowawayCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'kapaas-pg-restart-'));
  port = 0;
  constructor(private readonly bin: string) {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', this.dir]);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  #run(command: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const file = asRoot ? 'runuser' : join(this.bin, command);
    execFileSync(file, asRoot ? ['-u', 'postgres', '--', join(this.bin, command), ...args] : args, {
      stdio: 'pipe',
    });
  }
  async init() {
    this.port = await freePort();
    this.#run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    this.start();
  }
  start() {
    this.#run('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }
  stop() {
    this.#run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }
  /** Stops (terminating every connection, as an operator's restart does) and starts again at once. */
  restart() {
    this.stop();
    this.start();
  }
  destroy() {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads answers it checks field by field
async function call(address: string, endpoint: string, body: unknown = {}): Promise<any> {
  const response = await fetch(`${address}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!bin)('two shop processes while PostgreSQL restarts', { timeout: 180_000 }, () => {
  let cluster: ThrowawayCluster;
  let dataDir: string;
  let mailbox: Mailbox;
  const shops: ShopProcess[] = [];
  const addresses: string[] = [];
  /** Every way a shop process ended while the test ran, with the end of its log. */
  const exits: string[] = [];
  let ended = false;

  beforeAll(async () => {
    cluster = new ThrowawayCluster(bin as string);
    await cluster.init();
    // A real mail server, so that each process's mail worker claims, sends and records messages throughout.
    mailbox = await startMailbox();
    dataDir = mkdtempSync(join(tmpdir(), 'kapaas-pg-restart-shops-'));
    for (const name of ['a', 'b']) {
      const shop = spawnShop({ DATABASE_URL: cluster.url, DATA_DIR: join(dataDir, name), SMTP_URL: mailbox.url });
      void shop.exited.then(({ code, signal }) => {
        if (!ended) exits.push(`shop ${name} exited (${signal ?? code}):\n${shop.log().slice(-3000)}`);
      });
      shops.push(shop);
    }
    addresses.push(...(await Promise.all(shops.map((shop) => listeningAt(shop)))));
  });

  afterAll(async () => {
    ended = true;
    await Promise.all(shops.map(stopShop));
    await mailbox?.close();
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('rebuilds once when its LISTEN connection comes back, since notices were missed meanwhile', async () => {
    const [, b] = addresses as [string, string];
    const productId: number = (await call(b, 'category_product_list', { category_id: 1 })).product[0].product_id;
    const listening = shops[1]?.log().match(/listening again for notices/g)?.length ?? 0;
    await admin(cluster.url, async (client) => {
      // Cut the listeners' connections, then change a product without any notice: only a rebuild shows it.
      await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
      );
      await client.query("UPDATE products SET name = 'Renamed while nobody listened' WHERE id = $1", [productId]);
    });
    await until(
      () => (shops[1]?.log().match(/listening again for notices/g)?.length ?? 0) > listening,
      'process B to listen again',
    );
    await until(
      async () =>
        (await call(b, 'product_detail', { product_id: productId })).products.name === 'Renamed while nobody listened',
      "process B's catalogue to show the change",
      5_000,
    );
  });

  it("shows an admin's price change made in one process on the other within 1 s after PostgreSQL restarted", async () => {
    const [a, b] = addresses as [string, string];
    const listening = shops[1]?.log().match(/listening again for notices/g)?.length ?? 0;
    cluster.stop();
    // While the server is down, calls that need it say "try again shortly", not "broken".
    const down = await fetch(`${a}/api/state_list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect({ status: down.status, retryAfter: down.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    cluster.start();
    await until(
      () => (shops[1]?.log().match(/listening again for notices/g)?.length ?? 0) > listening,
      'process B to listen again after the restart',
    );

    const productId: number = (await call(b, 'category_product_list', { category_id: 2 })).product[0].product_id;
    const login = await fetch(`${a}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kapaas.local', password: 'kapaas-admin' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const changed = await fetch(`${a}/admin/api/products/${productId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ price: 1234, discount_price: null }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const answeredAt = Date.now();

    let price = 0;
    while (Date.now() - answeredAt < 1_000 && price !== 1234) {
      price = (await call(b, 'product_detail', { product_id: productId })).products.actual_price;
      if (price !== 1234) await new Promise((r) => setTimeout(r, 25));
    }
    console.info(`after the restart, process B showed the new price ${Date.now() - answeredAt} ms after the change`);
    expect(price).toBe(1234);
  });

  it('keeps both processes serving through restarts and a stop under checkouts and mail: 503 meanwhile, 0 exits', async () => {
    // One size with stock for every order of the test, announced to both processes.
    const productId: number = (await call(addresses[0] as string, 'category_product_list', { category_id: 1 }))
      .product[0].product_id;
    const sizeId: number = (await call(addresses[0] as string, 'product_detail', { product_id: productId })).products
      .sizes[0].size_id;
    await admin(cluster.url, async (client) => {
      await client.query('UPDATE product_sizes SET stock = 100000, reserved = 0 WHERE product_id = $1', [productId]);
      await client.query("SELECT pg_notify('kapaas_catalogue', 'test')");
    });
    const item = { product_id: productId, size: sizeId };
    const answers: Answer[] = [];
    const paid: number[] = [];
    let running = true;
    // Three shoppers on each process: transactions are open on most pooled connections at any moment.
    const buyers = addresses.flatMap((address) =>
      [1, 2, 3].map(() => buyer(address, item, () => running, answers, paid)),
    );
    const busy = async (what: string) => {
      const [orders, messages] = [paid.length, mailbox.received.length];
      await until(
        () => {
          // A process that died fails the test at once, with what it said last.
          if (exits.length > 0) throw new Error(`${what}: a shop process ended\n${exits.join('\n\n')}`);
          return paid.length >= orders + 4 && mailbox.received.length > messages;
        },
        what,
        60_000,
      );
    };
    try {
      for (let round = 1; round <= 4; round += 1) {
        await busy(`orders paid and mail sent before restart ${round}`);
        cluster.restart();
      }
      await busy('orders paid and mail sent before the stop');
      cluster.stop();
      // While it is down, whatever needs it is answered 503 (the shoppers keep trying meanwhile).
      const during = answers.length;
      await until(() => answers.slice(during).filter((a) => a.status === 503).length >= 6, 'answers while down');
      cluster.start();
      await busy('orders paid and mail sent after PostgreSQL came back');
    } finally {
      running = false;
      await Promise.all(buyers);
    }
    const counts: Record<number, number> = {};
    const refusals: Record<string, number> = {};
    for (const { status, path, message } of answers) {
      counts[status] = (counts[status] ?? 0) + 1;
      if (status !== 200)
        refusals[`${status} ${path} ${message}`] = (refusals[`${status} ${path} ${message}`] ?? 0) + 1;
    }
    console.info(
      `PostgreSQL restarted 4 times and stopped once under checkouts: ${paid.length} orders paid, ${mailbox.received.length} messages received; answers by status ${JSON.stringify(counts)}`,
      refusals,
    );
    expect(exits, exits.join('\n\n')).toEqual([]);
    // Nothing but 503 for the database's absence: no 500, and no connection that went unanswered. The
    // sandbox keeps its state in the same database, so "Razorpay" is down with it: a payment it could not
    // confirm meanwhile is the checkout's own 502 PROVIDER_UNAVAILABLE (the webhook settles it later).
    const providerDown = (a: Answer) => a.status === 502 && a.code === 'PROVIDER_UNAVAILABLE';
    const broken = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503 && !providerDown(a)));
    expect(broken).toEqual([]);
    expect(counts[503] ?? 0).toBeGreaterThan(0);
    // Both processes are ready again, and every order answered as paid is paid in the database.
    for (const address of addresses) expect((await fetch(`${address}/readyz`)).status).toBe(200);
    await admin(cluster.url, async (client) => {
      const orders = await client.query('SELECT status FROM orders WHERE id = ANY($1::int[])', [paid]);
      expect(orders.rows.map((row) => row.status)).toEqual(paid.map(() => 'paid'));
    });
  }, 300_000);
});

/** One answer a shopper got: its status (0 when no answer came at all) and the call. */
interface Answer {
  status: number;
  path: string;
  /** What an answer other than 200 said, and its code. */
  message?: string;
  code?: string;
}

/**
 * A shopper placing and paying one-item orders in a loop through the sandbox, on one shop process,
 * until `running()` turns false. An answer other than 200 starts the purchase over (the checkout's
 * calls are safe to repeat, ADR 012), as a shopper pressing the button again would. Every answer is
 * kept in `answers`, and every order answered as paid in `paid`.
 */
async function buyer(
  address: string,
  item: { product_id: number; size: number },
  running: () => boolean,
  answers: Answer[],
  paid: number[],
) {
  let cookie = '';
  let inCart = false;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  async function step(path: string, body: unknown): Promise<any> {
    let status = 0;
    try {
      const response = await fetch(`${address}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      status = response.status;
      const session = response.headers.getSetCookie().find((c) => c.startsWith('kapaas_session='));
      if (session) cookie = session.split(';')[0] ?? '';
      // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
      const json: any = await response.json();
      // The shop says why in `message`, the Razorpay sandbox in `error.description`.
      const message: unknown = json?.message ?? json?.error?.description;
      answers.push(status === 200 ? { status, path } : { status, path, message: String(message), code: json?.code });
      // A purchase paid meanwhile (the sandbox's webhook settled it while its answer was lost) emptied the cart.
      if (status === 409 && path === '/api/order_place') inCart = false;
      return status === 200 ? json : undefined;
    } catch {
      answers.push({ status, path });
      return undefined;
    }
  }
  let addressId: number | undefined;
  while (running()) {
    const again = () => new Promise((r) => setTimeout(r, 100));
    if (!cookie && !(await step('/api/get_guest_id', {}))) {
      await again();
      continue;
    }
    addressId ??= (
      await step('/api/add_address', {
        first_name: 'Asha',
        last_name: 'Menon',
        address: '14 Lake View Road',
        state: 1,
        city: 1,
        pin_code: '520001',
        email_id: 'asha@example.in',
        phone_number: '9847012345',
      })
    )?.address_id;
    // The item goes into the cart once a purchase: a purchase started over finds it there.
    inCart ||= Boolean(addressId && (await step('/api/add_cart', { ...item, quantity: 1 })));
    const placed =
      inCart &&
      (await step('/api/order_place', { address_id: addressId, product_details: [{ ...item, quantity: 1 }] }));
    const handler =
      placed &&
      (await step('/sandbox/razorpay/test/pay', {
        order_id: placed.razorpay_order_id,
        card_number: '4111111111111111',
      }));
    const confirmed =
      handler &&
      (await step('/api/order_place', {
        order_id: placed.order_id,
        payment_id: handler.razorpay_payment_id,
        razorpay_order_id: handler.razorpay_order_id,
        razorpay_signature: handler.razorpay_signature,
      }));
    if (confirmed?.status === 'paid') {
      paid.push(placed.order_id);
      inCart = false;
    } else await again();
  }
}
