import { readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { AdminClient, type EditFigures } from './admin-client';
import { type Generated, workingCopy } from './catalogue-data';
import { HttpClient } from './http';
import { type LoadFigures, type LoadSettings, loadCall } from './load';
import type { BenchOptions } from './options';
import { BENCH_DIR } from './paths';
import { MemorySampler, type Stall, scrapeLoopDelayMs, withStall } from './probes';
import { memoryMB, resetPeakMemory, type ServerProcess, startBare, startShop, waitForStatus } from './processes';
import { type OrderFigures, Shoppers } from './shoppers';
import { type Catalogue, catalogueCalls, discoverCatalogue, type NamedCall } from './workload';

/** One catalogue call's row: the shop's figures and the bare route's, measured one after the other. */
export interface CallRow {
  name: string;
  path: string;
  distinctBodies: number;
  /** The shop's status for the first body; the row failed unless it is 200. */
  status: number;
  /** Why the row failed (a non-200 first answer, or non-2xx answers under load). */
  failure?: string;
  bytesMean: number;
  bytesMax: number;
  listing: boolean;
  search: boolean;
  shop?: LoadFigures;
  bare?: LoadFigures;
  /** The shop's longest event-loop delay while it was under this load (ms). */
  loopMs?: number;
  /** The shop alone at `--latency-connections`: what the absolute p99 targets are read from. */
  latency?: LoadFigures;
  latencyConnections?: number;
}

export interface SizeResult {
  products: number;
  /** The machine's load average (1, 5, 15 min) when this size started: other work skews every figure. */
  loadAverage: number[];
  generation: Generated;
  start?: { healthySeconds: number; readySeconds: number };
  /** Why this size could not be measured (or not completely). */
  failure?: string;
  /** Then, the last error the shop's log holds (a crash's message), if any. */
  logError?: string;
  memory?: { idleMB: number; peakRunsMB: number; peakMB: number; peakSince: 'ready' | 'start' };
  edits?: { figures: EditFigures[]; worstVisibleMs: number; stall: Stall };
  orders?: {
    quietP99: number;
    ordersP99: number;
    ratio: number;
    figures: OrderFigures;
    /** The same probes while the catalogue was loaded without orders. */
    quietStall: Stall;
    stall: Stall;
    seconds: number;
  };
  calls: CallRow[];
}

const SHOPPERS = 10;

/** Starts the shop on a copy of the size's catalogue and measures everything of ADR 028 on it. */
export async function measureSize(products: number, generation: Generated, options: BenchOptions): Promise<SizeResult> {
  const result: SizeResult = { products, generation, loadAverage: loadAverage(), calls: [] };
  const dataDir = await workingCopy(products, options.seed);
  const logFile = join(BENCH_DIR, `shop-${products}.log`);
  await writeFile(logFile, '');
  const shop = await startShop(dataDir, logFile);
  let sampler: MemorySampler | undefined;
  try {
    result.start = await timeStart(shop);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleMB = memoryMB(shop.pid).rss;
    const peakSince = resetPeakMemory(shop.pid) ? 'ready' : 'start';
    sampler = new MemorySampler(shop.pid);
    const client = new HttpClient(shop.origin, '127.0.0.2');
    const catalogue = await discoverCatalogue(client, options.seed);
    log(
      `  biggest category ${catalogue.biggest.id} (${catalogue.biggest.products} products), ${catalogue.queries.length} distinct queries`,
    );
    result.edits = await measureEdits(shop.origin, client, catalogue, options.edits);
    log(`  admin edit visible in ${result.edits.worstVisibleMs.toFixed(0)} ms`);
    result.calls = await measureCalls(shop, client, catalogue, options, products);
    result.orders = await measureOrders(shop.origin, catalogue, options);
    client.close();
    const peakRunsMB = sampler.stop();
    result.memory = { idleMB, peakRunsMB, peakMB: memoryMB(shop.pid).peak, peakSince };
  } catch (error) {
    const seconds = (performance.now() - shop.startedAt) / 1000;
    result.failure = `${(error as Error).message} (${seconds.toFixed(0)} s after the spawn)`;
    result.logError = await lastError(logFile);
    log(`  FAILED: ${result.failure}${result.logError ? `\n  the shop's log (${logFile}): ${result.logError}` : ''}`);
  } finally {
    sampler?.stop();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Spawn → first GET /healthz 200, and → first GET /readyz 200 (the catalogue loaded). No time limit. */
async function timeStart(shop: ServerProcess): Promise<{ healthySeconds: number; readySeconds: number }> {
  await waitForStatus(`${shop.origin}/healthz`, shop);
  const healthySeconds = (performance.now() - shop.startedAt) / 1000;
  await waitForStatus(`${shop.origin}/readyz`, shop);
  const readySeconds = (performance.now() - shop.startedAt) / 1000;
  log(`  healthy after ${healthySeconds.toFixed(2)} s, ready after ${readySeconds.toFixed(2)} s`);
  return { healthySeconds, readySeconds };
}

/** The listing the admin edit watches: page 1 of the biggest category, or all of it while paging is missing. */
async function watchedListing(client: HttpClient, catalogue: Catalogue) {
  const paged = { category_id: catalogue.biggest.id, page: 1 };
  const answer = await client.send('POST', '/api/category_product_list', paged);
  const body = answer.status === 200 ? paged : { category_id: catalogue.biggest.id };
  const listing = await client.post<{ product: { product_id: number }[] }>('/api/category_product_list', body);
  const first = listing.product[0];
  if (!first) throw new Error('the biggest category lists no product');
  return { body, productId: first.product_id };
}

async function measureEdits(origin: string, client: HttpClient, catalogue: Catalogue, edits: number) {
  const { body, productId } = await watchedListing(client, catalogue);
  const admin = await AdminClient.logIn(origin);
  try {
    const { result: figures, stall } = await withStall(origin, async () => {
      const done: EditFigures[] = [];
      for (let i = 0; i < edits; i++) {
        done.push(await admin.editPrice(productId, 1, body));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return done;
    });
    return { figures, stall, worstVisibleMs: Math.max(...figures.map((f) => f.visibleMs)) };
  } finally {
    admin.close();
  }
}

/** Each call: its answers' sizes, then the shop under load, then the bare route under the same load. */
async function measureCalls(
  shop: ServerProcess,
  client: HttpClient,
  catalogue: Catalogue,
  options: BenchOptions,
  products: number,
): Promise<CallRow[]> {
  const calls = catalogueCalls(catalogue);
  const rows: CallRow[] = [];
  const answers: Record<string, string> = {};
  for (const call of calls) {
    const { row, firstAnswer } = await sampleAnswers(client, call);
    rows.push(row);
    if (firstAnswer !== undefined) answers[`/bare/${rows.length}`] = firstAnswer;
  }
  const answersFile = join(BENCH_DIR, `bare-answers-${products}.json`);
  await writeFile(answersFile, JSON.stringify(answers));
  const bareLog = join(BENCH_DIR, `bare-${products}.log`);
  await writeFile(bareLog, '');
  const bare = await startBare(answersFile, bareLog);
  const warm: LoadSettings = { seconds: options.warmupSeconds, connections: options.connections };
  const measured: LoadSettings = { seconds: options.seconds, connections: options.connections };
  try {
    for (const [index, call] of calls.entries()) {
      const row = rows[index] as CallRow;
      if (row.failure) {
        log(`  ${row.name}: FAILED ${row.failure}`);
        continue;
      }
      const bareCall = { path: `/bare/${index + 1}`, bodies: call.bodies };
      for (let round = 0; round < options.rounds; round++) {
        await loadCall(shop.origin, call, warm);
        await scrapeLoopDelayMs(client);
        const shopRound = await loadCall(shop.origin, call, measured);
        row.loopMs = Math.max(row.loopMs ?? 0, await scrapeLoopDelayMs(client));
        await loadCall(bare.origin, bareCall, warm);
        const bareRound = await loadCall(bare.origin, bareCall, measured);
        if (shopRound.non2xx > 0 || shopRound.errors > 0) {
          row.failure ??= `${shopRound.non2xx} non-2xx answers, ${shopRound.errors} errors under load`;
        }
        row.shop = faster(row.shop, shopRound);
        row.bare = faster(row.bare, bareRound);
      }
      if (row.listing || row.search) {
        row.latency = await loadCall(shop.origin, call, { ...measured, connections: options.latencyConnections });
        row.latencyConnections = options.latencyConnections;
      }
      if (!row.shop || !row.bare) continue;
      log(
        `  ${row.name}: ${row.shop.rps.toFixed(0)} req/s p99 ${row.shop.p99} ms; bare ${row.bare.rps.toFixed(0)} req/s p99 ${row.bare.p99} ms` +
          (row.latency ? `; at ${options.latencyConnections} connections p99 ${row.latency.p99} ms` : ''),
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/** Of two rounds, the one with more answers a second: what the server can do when the machine lets it. */
function faster(best: LoadFigures | undefined, round: LoadFigures): LoadFigures {
  return !best || round.rps > best.rps ? round : best;
}

/** The answers to up to 30 of the call's bodies: their sizes, and the first one's text for the bare route. */
async function sampleAnswers(client: HttpClient, call: NamedCall) {
  const sizes: number[] = [];
  let status = 0;
  let firstAnswer: string | undefined;
  let failure: string | undefined;
  for (const [i, body] of call.bodies.slice(0, 30).entries()) {
    const answer = await client.send('POST', call.path, body);
    if (i === 0) {
      status = answer.status;
      firstAnswer = answer.text;
    }
    if (answer.status !== 200) {
      failure ??= `${answer.status} ${errorMessage(answer.text)}`;
      continue;
    }
    sizes.push(Buffer.byteLength(answer.text));
  }
  const row: CallRow = {
    name: call.name,
    path: call.path,
    distinctBodies: call.bodies.length,
    status,
    bytesMean: sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0,
    bytesMax: Math.max(0, ...sizes),
    listing: call.listing,
    search: call.search,
    ...(failure ? { failure } : {}),
  };
  return { row, firstAnswer: failure ? undefined : firstAnswer };
}

/**
 * product_detail's p99 quiet, then while the shoppers order; the stall during the orders. The two
 * measurements differ only by the orders: both run with the /healthz prober of withStall (a
 * database read every ~10 ms, which alone moves the p99), and both after a warm-up in which the
 * shoppers already ordered, so that the first orders' compilation (JavaScript, and PGlite's
 * WebAssembly compiled lazily, function by function) is not counted as the cost of ordering.
 */
async function measureOrders(origin: string, catalogue: Catalogue, options: BenchOptions) {
  const call = { path: '/api/product_detail', bodies: catalogue.productIds.map((product_id) => ({ product_id })) };
  const seconds = options.quick ? 3 : Math.max(10, options.seconds * 2);
  const settings = { seconds, connections: options.connections };
  const shoppers = await Shoppers.prepare(origin, SHOPPERS, catalogue.productIds);
  try {
    shoppers.start(options.ordersPerMinute);
    await loadCall(origin, call, { seconds: Math.max(options.warmupSeconds, 3), connections: options.connections });
    const warm = await shoppers.stop();
    if (warm.paid === 0)
      throw new Error(`no order was paid while warming up: ${warm.failures[0] ?? 'no failure recorded'}`);
    const { result: quiet, stall: quietStall } = await withStall(origin, () => loadCall(origin, call, settings));
    const { result, stall } = await withStall(origin, async () => {
      shoppers.start(options.ordersPerMinute);
      const busy = await loadCall(origin, call, settings);
      return { busy, figures: await shoppers.stop() };
    });
    const { busy, figures } = result;
    log(
      `  orders: ${figures.paid} paid (${figures.perMinute.toFixed(0)}/min), p99 ${quiet.p99} → ${busy.p99} ms, ` +
        `stall ${quietStall.loopMs.toFixed(0)} → ${stall.loopMs.toFixed(0)} ms`,
    );
    return {
      quietP99: quiet.p99,
      ordersP99: busy.p99,
      ratio: busy.p99 / quiet.p99,
      figures,
      quietStall,
      stall,
      seconds,
    };
  } finally {
    shoppers.close();
  }
}

export function loadAverage(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100);
}

/** The last line of the log that names an error (a stack's message, or a JSON line at level error or fatal). */
async function lastError(logFile: string): Promise<string | undefined> {
  const lines = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').slice(-200);
  const found = lines.findLast((line) => /^\w*Error\b|"level":(50|60)/.test(line.trim()));
  return found?.trim().slice(0, 300);
}

/** The shop's error message from an error answer, or the start of the text. */
function errorMessage(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string') return message.slice(0, 100);
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 100);
}

function log(line: string): void {
  console.log(line);
}
