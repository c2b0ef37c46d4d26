import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/** Opens a raw TCP connection to the shop and collects what comes back on it. */
async function rawConnection(
  address: string,
): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  const { hostname, port } = new URL(address);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((done, fail) => {
    socket.once('connect', done);
    socket.once('error', fail);
  });
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => undefined);
  const ended = new Promise<void>((done) => socket.once('close', () => done()));
  return { socket, received: () => received, ended };
}

/** A shopper's calls over HTTP, keeping the session cookie. */
function browser(address: string) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    // biome-ignore lint/suspicious/noExplicitAny: the test reads answers it checks field by field
    async post(endpoint: string, body: unknown = {}): Promise<any> {
      const response = await fetch(`${address}/api/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      const session = /kapaas_session=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0];
      if (session) cookie = session;
      const answer = await response.json();
      if (response.status !== 200) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM', { timeout: 120_000 }, () => {
  let dataDir: string;
  let shop: ShopProcess;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kapaas-sigterm-'));
  });

  afterEach(async () => {
    await stopShop(shop);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('closes a connection that never sent a request, closes the database and exits 0 promptly', async () => {
    shop = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const address = await listeningAt(shop);
    // A browser's preconnect or a load balancer's TCP check: connected, silent.
    const silent = await rawConnection(address);

    const signalledAt = Date.now();
    shop.child.kill('SIGTERM');
    const { code, signal, at } = await Promise.race([
      shop.exited,
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`still running:\n${shop.log()}`)), 15_000)),
    ]);
    const took = at - signalledAt;
    console.info(`SIGTERM with a silent connection: exited ${code} after ${took} ms`);

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    // Generous: the point is "not the 10 s force-exit", not a speed target.
    expect(took).toBeLessThan(5_000);
    await silent.ended;
    const log = shop.log();
    for (const step of [
      'shutting down: no new connections',
      'in-flight requests answered',
      'open connections closed',
      'shop closed',
      'database closed',
    ]) {
      expect(log).toContain(step);
    }
  });

  it('answers a request that is in flight when SIGTERM arrives', async () => {
    shop = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const address = await listeningAt(shop);
    const body = JSON.stringify({});
    const client = await rawConnection(address);
    // The request is under way: headers sent, the body not yet complete.
    client.socket.write(
      `POST /api/category_list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 1)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    shop.child.kill('SIGTERM');
    await until(() => shop.log().includes('shutting down'), 'the shutdown to start');
    client.socket.write(body.slice(1));

    await until(() => client.received().includes('\r\n\r\n'), 'an answer');
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    const { code } = await shop.exited;
    expect(code).toBe(0);
  });

  it('cuts a request still unfinished when the grace period is over, logs it, and exits 0', async () => {
    shop = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false', SHUTDOWN_GRACE_MS: '300' });
    const address = await listeningAt(shop);
    const client = await rawConnection(address);
    // Headers sent, the body never finished: the request stays under way until its connection is cut.
    client.socket.write(
      'POST /api/category_list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await new Promise((r) => setTimeout(r, 200));

    shop.child.kill('SIGTERM');
    const { code } = await shop.exited;
    await client.ended;

    expect(code).toBe(0);
    expect(client.received()).toBe('');
    const lines = shop
      .log()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string; inFlight?: number; graceMs?: number });
    const steps = [
      'shutting down: no new connections',
      'grace period over: cutting requests',
      'open connections closed',
      'shop closed',
      'database closed',
    ];
    // Each step once, in this order; the answered step never.
    expect(lines.map((line) => line.msg).filter((msg) => steps.includes(msg))).toEqual(steps);
    expect(shop.log()).not.toContain('in-flight requests answered');
    expect(lines.find((line) => line.msg.startsWith('shutting down'))).toMatchObject({
      signal: 'SIGTERM',
      inFlight: 1,
    });
    expect(lines.find((line) => line.msg.startsWith('grace period over'))).toMatchObject({ inFlight: 1, graceMs: 300 });
  });

  it('does not fail a sandbox checkout that is in flight when SIGTERM arrives', async () => {
    shop = spawnShop({ DATA_DIR: dataDir });
    const address = await listeningAt(shop);
    const guest = browser(address);
    await guest.post('get_guest_id');
    const listed = await guest.post('category_product_list', { category_id: 1 });
    const productId: number = listed.product[0].product_id;
    const product = (await guest.post('product_detail', { product_id: productId })).products;
    const size = product.sizes.find((s: { in_stock: boolean }) => s.in_stock);
    await guest.post('add_cart', { product_id: productId, size: size.size_id, quantity: 1 });
    const state = (await guest.post('state_list')).product.find(
      (s: { state_name: string }) => s.state_name === 'Kerala',
    );
    const city = (await guest.post('city_list', { state_id: state.state_id })).product[0];
    const { address_id } = await guest.post('add_address', {
      first_name: 'Asha',
      last_name: 'Menon',
      address: '14 Lake View Road, Kaloor',
      state: state.state_id,
      city: city.city_id,
      pin_code: '682017',
      email_id: 'asha@example.in',
      phone_number: '9847012345',
    });
    const body = JSON.stringify({
      address_id,
      product_details: [
        { product_id: productId, size: size.size_id, quantity: 1, product_amount: 1, product_total: 1 },
      ],
    });

    const client = await rawConnection(address);
    client.socket.write(
      `POST /api/order_place HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${guest.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    shop.child.kill('SIGTERM');
    await until(() => shop.log().includes('shutting down'), 'the shutdown to start');
    // The order is placed and its payment opened while the shop is shutting down.
    client.socket.write(body.slice(10));

    await until(() => /\r\n\r\n[\s\S]*\}$/.test(client.received()), 'an answer');
    const [head = '', answer = ''] = client.received().split('\r\n\r\n');
    expect({ status: head.split('\r\n')[0], answer }).toMatchObject({ status: 'HTTP/1.1 200 OK' });
    expect(JSON.parse(answer)).toMatchObject({ success: true, razorpay_order_id: expect.stringMatching(/^order_/) });
    const { code } = await shop.exited;
    expect(code).toBe(0);
    expect(shop.log()).not.toContain('could not create the provider order');
  });
});
