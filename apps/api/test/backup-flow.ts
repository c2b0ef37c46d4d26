import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { freePort } from './shop-process';

/**
 * The backup tests' parts (backup.test.ts on PGlite, backup.pg.test.ts on PostgreSQL): real shop
 * processes, shoppers checking out through the sandbox over HTTP, and the backup and restore
 * commands run as the operator runs them.
 */

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');
const cli = (name: 'backup' | 'restore') => resolve(import.meta.dirname, `../src/backups/${name}-cli.ts`);

/** Where a shop keeps its data: DATA_DIR always, and a PostgreSQL database when DATABASE_URL is set. */
export interface Place {
  DATA_DIR: string;
  DATABASE_URL?: string;
}

const environment = (place: Place) => ({
  ...process.env,
  DATABASE_URL: place.DATABASE_URL ?? '',
  DATA_DIR: place.DATA_DIR,
  NODE_OPTIONS: '',
});

/** A shop process started as `npm run dev` does, on its own port. */
export interface ShopProcess {
  child: ChildProcess;
  baseUrl: string;
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts a shop on `place` and waits until /healthz answers 200. */
export async function startShop(place: Place): Promise<ShopProcess> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...environment(place),
      PORT: String(port),
      HOST: '127.0.0.1',
      STOREFRONT_DIST: join(place.DATA_DIR, 'no-storefront'),
      ADMIN_DIST: join(place.DATA_DIR, 'no-admin'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const shop: ShopProcess = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited:\n${log}`);
    const ok = await fetch(`${shop.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return shop;
    await new Promise((r) => setTimeout(r, 200));
  }
  await shop.stop();
  throw new Error(`the shop never became healthy:\n${log}`);
}

/** Runs `npm run backup` or `npm run restore` (from source, through tsx) on `place`. */
export function runCommand(name: 'backup' | 'restore', args: string[], place: Place) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli(name), ...args], {
    env: environment(place),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('exit', (code) => done({ code, stdout, stderr })),
  );
}

/** A shopper over HTTP, keeping its session cookie. */
function shopper(baseUrl: string) {
  let cookie = '';
  // biome-ignore lint/suspicious/noExplicitAny: the flow reads answers it checks field by field
  return async (path: string, body: unknown = {}): Promise<{ status: number; json: any }> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };
}

/** An order the shop answered as paid, and when that answer arrived. */
export interface PaidOrder {
  orderId: number;
  answeredAt: number;
}

/**
 * Shoppers placing and paying orders in a loop through the sandbox, one item each, until
 * stopped. Every answer is counted, so a test can tell that the shop was busy at a given time.
 */
export async function checkoutLoad(baseUrl: string, shoppers = 3) {
  const call = shopper(baseUrl);
  const items: { product_id: number; size: number }[] = [];
  for (const category of [1, 2, 3]) {
    const list = await call('/api/category_product_list', { category_id: category });
    for (const product of list.json?.product ?? []) {
      const detail = await call('/api/product_detail', { product_id: product.product_id });
      for (const size of detail.json?.products?.sizes ?? []) {
        if (size.in_stock) items.push({ product_id: product.product_id, size: size.size_id });
      }
    }
  }
  if (items.length === 0) throw new Error('no item in stock to buy');
  const paid: PaidOrder[] = [];
  const answers: number[] = [];
  const failures: string[] = [];
  let running = true;
  let next = 0;

  async function buyer() {
    const call = shopper(baseUrl);
    const step = async (path: string, body: unknown) => {
      const answer = await call(path, body);
      answers.push(Date.now());
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
      return answer.json;
    };
    await step('/api/get_guest_id', {});
    const address = await step('/api/add_address', {
      first_name: 'Asha',
      last_name: 'Menon',
      address: '14 Lake View Road',
      state: 1,
      city: 1,
      pin_code: '520001',
      email_id: 'asha@example.in',
      phone_number: '9847012345',
    });
    while (running) {
      const item = items[next++ % items.length] as { product_id: number; size: number };
      await step('/api/add_cart', { ...item, quantity: 1 });
      const placed = await step('/api/order_place', {
        address_id: address.address_id,
        product_details: [{ ...item, quantity: 1 }],
      });
      const handler = await step('/sandbox/razorpay/test/pay', {
        order_id: placed.razorpay_order_id,
        card_number: '4111111111111111',
      });
      const confirmed = await step('/api/order_place', {
        order_id: placed.order_id,
        payment_id: handler.razorpay_payment_id,
        razorpay_order_id: handler.razorpay_order_id,
        razorpay_signature: handler.razorpay_signature,
      });
      if (confirmed.success === true) paid.push({ orderId: placed.order_id, answeredAt: Date.now() });
    }
  }
  const buyers = Array.from({ length: shoppers }, () =>
    buyer().catch((error: Error) => {
      failures.push(error.message);
    }),
  );
  return {
    paid,
    answers,
    failures,
    async stop() {
      running = false;
      await Promise.all(buyers);
    },
  };
}

/** A console token of the development owner. */
async function ownerToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@kapaas.local', password: 'kapaas-admin' }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** The statuses of `orderIds` as the shop's admin API reports them (the development owner's login). */
export async function orderStatuses(baseUrl: string, orderIds: number[]): Promise<Map<number, string>> {
  const token = await ownerToken(baseUrl);
  const statuses = new Map<number, string>();
  for (const orderId of orderIds) {
    const response = await fetch(`${baseUrl}/admin/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await response.json()) as { data?: { status: string } };
    statuses.set(orderId, answer.data?.status ?? `missing (${response.status})`);
  }
  return statuses;
}

/** A product whose main image the owner uploaded through the console, and that image's bytes as served. */
export interface Pictured {
  productId: number;
  path: string;
  bytes: Buffer;
}

/**
 * Uploads a picture through the console (POST /admin/api/uploads), makes it the first product's main
 * image, and answers what /media/ serves for it.
 */
export async function uploadProductPicture(baseUrl: string): Promise<Pictured> {
  const token = await ownerToken(baseUrl);
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'romper.png');
  const uploaded = await fetch(`${baseUrl}/admin/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { url } = (await uploaded.json()) as { url: string };
  const list = await fetch(`${baseUrl}/admin/api/products?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const productId = ((await list.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
  const changed = await fetch(`${baseUrl}/admin/api/products/${productId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ images: [url] }),
  });
  if (!uploaded.ok || !changed.ok) throw new Error(`upload ${uploaded.status}, product ${changed.status}`);
  return { productId, path: url, bytes: Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer()) };
}

/** The product's main image as a shop shows it (product_detail), and what that shop serves there. */
export async function shownPicture(
  baseUrl: string,
  productId: number,
): Promise<{ path: string; status: number; bytes: Buffer }> {
  const detail = await fetch(`${baseUrl}/api/product_detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: productId }),
  });
  const image = ((await detail.json()) as { products: { product_image: string } }).products.product_image;
  const path = new URL(image, baseUrl).pathname;
  const served = await fetch(`${baseUrl}${path}`);
  return { path, status: served.status, bytes: Buffer.from(await served.arrayBuffer()) };
}

/** A shopper's private photo (a return's, kept outside /media/), as the shop keeps it under DATA_DIR/private. */
const PRIVATE_PHOTO = join('private', 'photos', 'a1b2c3d4e5f6a1b2c3d4e5f6-640.webp');

/**
 * The scenario both tests run: a shop on `source` takes orders; `npm run backup` runs while
 * shoppers keep placing and paying; the backup is restored into `target` (once, then refused a
 * second time since the target is no longer empty); a shop started on `target` must know every
 * order that had been answered as paid before the backup began.
 */
export async function backupUnderLoad(source: Place, target: Place, file: string) {
  const shop = await startShop(source);
  let load: Awaited<ReturnType<typeof checkoutLoad>> | undefined;
  try {
    const pictured = await uploadProductPicture(shop.baseUrl);
    const privatePhoto = Buffer.from(`private photo of ${file}`);
    await mkdir(join(source.DATA_DIR, 'private', 'photos'), { recursive: true });
    await writeFile(join(source.DATA_DIR, PRIVATE_PHOTO), privatePhoto);
    load = await checkoutLoad(shop.baseUrl);
    while (load.paid.length < 3 && load.failures.length === 0) await new Promise((r) => setTimeout(r, 100));
    const began = Date.now();
    const paidBefore = load.paid.filter((order) => order.answeredAt < began).map((order) => order.orderId);
    const backup = await runCommand('backup', [file], source);
    const ended = Date.now();
    await load.stop();
    const during = load.answers.filter((at) => at > began && at < ended).length;
    await shop.stop();

    const restored = await runCommand('restore', [file], target);
    const again = await runCommand('restore', [file], target);
    const restoredShop = await startShop(target);
    try {
      const statuses = await orderStatuses(restoredShop.baseUrl, paidBefore);
      const picture = { uploaded: pictured, shown: await shownPicture(restoredShop.baseUrl, pictured.productId) };
      const restoredPrivate = await readFile(join(target.DATA_DIR, PRIVATE_PHOTO)).catch(() => undefined);
      const privatePhotos = { written: privatePhoto, restored: restoredPrivate };
      return { backup, load, paidBefore, during, restored, again, statuses, picture, privatePhotos };
    } finally {
      await restoredShop.stop();
    }
  } finally {
    await load?.stop();
    await shop.stop();
  }
}
