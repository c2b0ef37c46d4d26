/**
 * The catalogue import at 50,000 rows (issue 39 §3, ADR 064): a Shopify CSV of 10,000 products × 5 sizes (generated
 * once into .tmp/bench) sent to a shop started as production runs it on a fresh embedded database (the demo shop,
 * seeded by a first start, the import measured in a second), as the console sends it: a dry run, then the commit of
 * the same file and options; then the same file again (a dry run and a commit that find every product unchanged).
 * Each phase is timed from the request to its answer, while the shop's resident memory is sampled every 100 ms (and
 * its VmHWM read) and its event-loop delay scraped from /metrics every second. Targets: the first import (dry run and
 * commit) ≤ 2 minutes, RSS ≤ 700 MB, no stall over 50 ms. With `--database-url`, the shop runs on that PostgreSQL
 * database instead, which must be empty (the shop seeds it) or hold only the demo shop.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from './http';
import { IMPORT_PRODUCTS, IMPORT_ROWS, importFileFor } from './import-file';
import type { BenchOptions } from './options';
import { BENCH_DIR } from './paths';
import { MemorySampler, scrapeLoopDelayMs } from './probes';
import { BENCH_ADMIN, memoryMB, resetPeakMemory, type ServerProcess, startShop, waitForStatus } from './processes';

export const IMPORT_TARGETS = { seconds: 120, rssMB: 700, stallMs: 50 } as const;

interface Totals {
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
}

/** One request of the import, as measured. */
export interface ImportPhase {
  name: string;
  seconds: number;
  /** The shop's highest resident memory during the phase (MB). */
  peakMB: number;
  /** The shop's longest event-loop delay during the phase (ms), from /metrics every second. */
  stallMs: number;
  /** What the shop answered: rows and products by outcome. */
  rows: Totals;
  products: Totals;
  committed: boolean;
}

export interface ImportResult {
  database: 'pglite' | 'postgresql';
  loadAverage: number[];
  rows: number;
  products: number;
  fileMB: number;
  fileCached: boolean;
  /** The shop's RSS once ready and idle, before the first upload (MB). */
  idleMB: number;
  phases: ImportPhase[];
  /** The first import, dry run and commit: what the 2-minute target is about. */
  firstImportSeconds: number;
  peakMB: number;
  stallMs: number;
  /** Whether the answers said what they should: every row created, then every row unchanged. */
  answersRight: boolean;
  ok: { seconds: boolean; rss: boolean; stall: boolean };
}

interface ImportAnswer {
  success: true;
  data: { totals: Totals; products: Totals; committed: boolean; rows: unknown[] };
}

/** POSTs the file as the console does (multipart: `file` and the options), with the owner's token. */
async function upload(origin: string, token: string, csv: Buffer, dryRun: boolean): Promise<ImportAnswer['data']> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'products_export.csv');
  form.set('dry_run', String(dryRun));
  form.set('format', 'shopify');
  form.set('create_missing_categories', 'true');
  const answer = await fetch(`${origin}/admin/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(15 * 60_000),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`POST /admin/api/imports: ${answer.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as ImportAnswer).data;
}

/** Runs one phase while sampling RSS (every 100 ms, and VmHWM) and the event loop's delay (every second). */
async function measurePhase(
  shop: ServerProcess,
  name: string,
  send: () => Promise<ImportAnswer['data']>,
): Promise<ImportPhase> {
  const metrics = new HttpClient(shop.origin, '127.0.0.7');
  await scrapeLoopDelayMs(metrics);
  const hwmReset = resetPeakMemory(shop.pid);
  const memory = new MemorySampler(shop.pid);
  let stallMs = 0;
  let scraping = Promise.resolve();
  const timer = setInterval(() => {
    // One scrape at a time: a stalled shop answers late, and the next scrape waits for it rather than piling up.
    scraping = scraping.then(async () => {
      stallMs = Math.max(stallMs, await scrapeLoopDelayMs(metrics));
    });
  }, 1_000);
  const began = performance.now();
  try {
    const answer = await send();
    const seconds = (performance.now() - began) / 1000;
    clearInterval(timer);
    await scraping;
    stallMs = Math.max(stallMs, await scrapeLoopDelayMs(metrics));
    const sampled = memory.stop();
    const peakMB = hwmReset ? Math.max(sampled, memoryMB(shop.pid).peak) : sampled;
    const { totals: rows, products, committed } = answer;
    return { name, seconds, peakMB, stallMs, rows, products, committed };
  } finally {
    clearInterval(timer);
    memory.stop();
    metrics.close();
  }
}

const allOf = (totals: Totals, outcome: keyof Totals, count: number) =>
  totals[outcome] === count && Object.values(totals).reduce((a, b) => a + b, 0) === count;

/** The import's four requests on a fresh shop; see the module's comment. */
export async function measureImport(options: BenchOptions): Promise<ImportResult> {
  const file = await importFileFor(options.seed, options.fresh);
  const csv = await readFile(file.path);
  const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-bench-import-'));
  const database = options.databaseUrl ? 'postgresql' : 'pglite';
  const logFile = join(BENCH_DIR, `import-${database}.log`);
  await writeFile(logFile, '');
  const loadAverage = loadavg().map((x) => Math.round(x * 100) / 100);
  const settings: Record<string, string> = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {};
  // The first start migrates and seeds the demo shop; the import is measured in a second, as a shop that has been
  // running would take it (the seeding's memory is not the import's).
  const seeding = await startShop(dataDir, logFile, settings);
  try {
    await waitForStatus(`${seeding.origin}/readyz`, seeding);
  } finally {
    await seeding.stop();
  }
  const shop = await startShop(dataDir, logFile, settings);
  try {
    await waitForStatus(`${shop.origin}/readyz`, shop);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleMB = memoryMB(shop.pid).rss;
    const http = new HttpClient(shop.origin, '127.0.0.4');
    const { token } = await http.post<{ token: string }>('/admin/api/login', BENCH_ADMIN);
    http.close();
    const phases: ImportPhase[] = [];
    const run = async (name: string, dryRun: boolean) => {
      console.log(`  ${name}…`);
      phases.push(await measurePhase(shop, name, () => upload(shop.origin, token, csv, dryRun)));
    };
    await run('dry run', true);
    await run('commit', false);
    await run('again: dry run', true);
    await run('again: commit', false);
    const [dry, commit, againDry, againCommit] = phases as [ImportPhase, ImportPhase, ImportPhase, ImportPhase];
    const firstImportSeconds = dry.seconds + commit.seconds;
    const peakMB = Math.max(...phases.map((p) => p.peakMB));
    const stallMs = Math.max(...phases.map((p) => p.stallMs));
    const answersRight =
      allOf(dry.rows, 'created', IMPORT_ROWS) &&
      allOf(commit.rows, 'created', IMPORT_ROWS) &&
      commit.committed &&
      allOf(againDry.rows, 'unchanged', IMPORT_ROWS) &&
      allOf(againCommit.products, 'unchanged', IMPORT_PRODUCTS);
    return {
      database,
      loadAverage,
      rows: IMPORT_ROWS,
      products: IMPORT_PRODUCTS,
      fileMB: file.bytes / 1e6,
      fileCached: file.cached,
      idleMB,
      phases,
      firstImportSeconds,
      peakMB,
      stallMs,
      answersRight,
      ok: {
        seconds: firstImportSeconds <= IMPORT_TARGETS.seconds,
        rss: peakMB <= IMPORT_TARGETS.rssMB,
        stall: stallMs <= IMPORT_TARGETS.stallMs,
      },
    };
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const totalsText = (t: Totals) => `${t.created}/${t.updated}/${t.unchanged}/${t.errors}`;

/** The import's table, as the bench prints it. */
export function importTable(result: ImportResult): string {
  const phases = result.phases.map(
    (p) =>
      `  ${p.name.padEnd(16)} ${p.seconds.toFixed(1).padStart(7)} ${p.peakMB.toFixed(0).padStart(8)} ${p.stallMs.toFixed(0).padStart(8)}   ` +
      `${totalsText(p.rows).padEnd(20)} ${totalsText(p.products).padEnd(18)} ${p.committed ? 'yes' : 'no'}`,
  );
  return [
    `\nimport on ${result.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: a Shopify CSV of ${result.rows.toLocaleString('en')} rows ` +
      `(${result.products.toLocaleString('en')} products × 5 sizes, ${result.fileMB.toFixed(1)} MB, ` +
      `${result.fileCached ? 'cached in .tmp/bench' : 'generated'}) into the demo shop; ` +
      `load average ${result.loadAverage.join(', ')} at the start; RSS idle ${result.idleMB.toFixed(0)} MB`,
    `  ${'phase'.padEnd(16)} ${'seconds'.padStart(7)} ${'peak MB'.padStart(8)} ${'loop ms'.padStart(8)}   ${'rows c/u/=/err'.padEnd(20)} ${'products c/u/=/err'.padEnd(18)} committed`,
    ...phases,
    `  first import (dry run + commit) ${result.firstImportSeconds.toFixed(1)} s   ≤ ${IMPORT_TARGETS.seconds} s   ${verdict(result.ok.seconds)}`,
    `  peak RSS ${result.peakMB.toFixed(0)} MB (idle ${result.idleMB.toFixed(0)}, +${(result.peakMB - result.idleMB).toFixed(0)})   ≤ ${IMPORT_TARGETS.rssMB} MB   ${verdict(result.ok.rss)}`,
    `  longest event-loop stall ${result.stallMs.toFixed(0)} ms   ≤ ${IMPORT_TARGETS.stallMs} ms   ${verdict(result.ok.stall)}`,
    `  answers: ${result.answersRight ? 'every row created, then every row unchanged' : 'NOT as expected (see the phases)'}`,
  ].join('\n');
}
