/**
 * `npm run bench:web`: the storefront as a shopper's phone and a search engine see it. Builds the
 * storefront and the API, starts the built shop on a fresh data folder (the demo seed, as a first
 * `npm start` makes it), finds a home, a category and a product page through the shop's own API
 * (following redirects), and runs Lighthouse on each with its mobile preset (simulated slow 4G and a
 * 4× slower CPU) in a fresh headless Chromium per run, reporting the run with the median performance
 * score. Then taps three things a shopper taps (the menu, a size, Add To Cart as a guest) on a phone-sized page with
 * the CPU slowed 4× and reports each one's INP as the web-vitals library measures it. Then compares the product page's HTML throughput with a bare Fastify route serving the same
 * bytes. Prints the figures against the targets and writes .tmp/bench/web-results.json.
 * It measures whatever the shop serves at those addresses: nothing here knows how the storefront is made.
 * Exits 0 when it measured (a missed target is a finding), non-zero when it could not measure.
 * Options: --runs N (3)  --pages home,category,product  --skip-throughput  --skip-interactions
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, REPO_ROOT } from './paths';
import { buildShop, startShop, waitForStatus } from './processes';
import { type InteractionResult, interactionFloorMs, measureInteractions } from './web-interactions';
import { CHROME_PATH, type LighthouseFigures, lighthouseRun, medianRun } from './web-lighthouse';
import { PAGE_KINDS, parseWebOptions, type WebBenchOptions } from './web-options';
import { findPages, type StorefrontPage } from './web-pages';
import {
  interactionTable,
  lighthouseTable,
  type PageResult,
  throughputTable,
  WEB_TARGETS,
  webChecks,
} from './web-report';
import { measureThroughput, type ThroughputResult } from './web-throughput';

let options: WebBenchOptions;
try {
  options = parseWebOptions(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const began = performance.now();
const seconds = (from: number) => (performance.now() - from) / 1000;
const loadAverage = () => loadavg().map((value) => Number(value.toFixed(2)));
await mkdir(BENCH_DIR, { recursive: true });
const startLoad = loadAverage();

console.log('building the storefront and the API…');
let phase = performance.now();
await run('npm', ['run', 'build', '-w', '@kapaas/storefront'], 'building the storefront');
await buildShop();
const timings: Record<string, number> = { buildSeconds: seconds(phase) };

const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-web-bench-'));
const logFile = join(BENCH_DIR, 'web-shop.log');
await writeFile(logFile, '');
phase = performance.now();
const shop = await startShop(dataDir, logFile);
/** How the shop ended, should it end before the bench stops it (a crash, or a signal from elsewhere). */
let shopEnded: string | undefined;
void shop.exited.then((code) => {
  shopEnded = code;
});
const pageResults: PageResult[] = [];
let throughput: ThroughputResult | undefined;
let interactions: InteractionResult[] = [];
let failure: string | undefined;
let pages: StorefrontPage[] = [];
let seeded = false;
try {
  await waitForStatus(`${shop.origin}/healthz`, shop);
  await waitForStatus(`${shop.origin}/readyz`, shop);
  timings.startSeconds = seconds(phase);
  seeded = (await readFile(logFile, 'utf8')).includes('seeded the demo shop');
  console.log(
    `shop ready in ${timings.startSeconds.toFixed(1)} s on a fresh data folder (demo seed: ${seeded ? 'yes' : 'NOT SEEN in the log'})`,
  );

  const wanted = PAGE_KINDS.filter(
    (kind) => options.pages.includes(kind) || (kind === 'product' && !options.skipThroughput),
  );
  pages = await findPages(shop.origin, wanted);
  for (const page of pages)
    console.log(`  ${page.kind}: ${page.url}${page.redirects.length ? ` (from ${page.asked})` : ''}`);

  phase = performance.now();
  for (const page of pages.filter((p) => options.pages.includes(p.kind))) {
    pageResults.push(await measurePage(page, options.runs));
  }
  timings.lighthouseSeconds = seconds(phase);

  if (!options.skipInteractions) {
    phase = performance.now();
    console.log(`interactions, ${options.runs} runs each (phone-sized, CPU slowed ${options.cpuSlowdown}×)…`);
    interactions = await measureInteractions(
      pages.filter((p) => options.pages.includes(p.kind)),
      options.runs,
      options.cpuSlowdown,
    );
    timings.interactionSeconds = seconds(phase);
  }

  const product = pages.find((p) => p.kind === 'product');
  if (!options.skipThroughput && product) {
    phase = performance.now();
    console.log(`product page HTML: the shop, then the bare route, ${options.connections} connections…`);
    throughput = await measureThroughput(product, options);
    timings.throughputSeconds = seconds(phase);
  }
} catch (error) {
  failure = `${(error as Error).message}${shopEnded === undefined ? '' : ` (the shop had ended: ${shopEnded})`}`;
  console.error(`FAILED: ${failure} (the shop's log: ${logFile})`);
} finally {
  await shop.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const checks = webChecks(pageResults, throughput);
if (pageResults.length > 0) console.log(lighthouseTable(pageResults, checks, options.runs, options.cpuSlowdown));
if (interactions.length > 0) console.log(interactionTable(interactions, interactionFloorMs, options.cpuSlowdown));
if (throughput) console.log(throughputTable(throughput));
const inpOk = interactions.map((r) => r.medianMs !== undefined && (r.medianMs ?? 0) <= WEB_TARGETS.inpMs);
const missed = checks.filter((c) => c.ok === false).length + inpOk.filter((ok) => !ok).length;
const met = checks.filter((c) => c.ok === true).length + inpOk.filter((ok) => ok).length;
timings.totalSeconds = seconds(began);
const benchmarkIndex = pageResults.flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
console.log(
  `\ntargets: ${met} met, ${missed} missed. The whole run took ${(timings.totalSeconds / 60).toFixed(1)} min ` +
    `(build ${timings.buildSeconds?.toFixed(0)} s, Lighthouse ${timings.lighthouseSeconds?.toFixed(0) ?? '-'} s, ` +
    `interactions ${timings.interactionSeconds?.toFixed(0) ?? '-'} s, throughput ${timings.throughputSeconds?.toFixed(0) ?? '-'} s); load average at the start ${startLoad.join(', ')}, ` +
    `now ${loadAverage().join(', ')}; Lighthouse's benchmarkIndex ${benchmarkIndex.length ? `${Math.min(...benchmarkIndex)}–${Math.max(...benchmarkIndex)}` : 'n/a'}`,
);

const file = join(BENCH_DIR, 'web-results.json');
await writeFile(
  file,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      options,
      chrome: CHROME_PATH,
      targets: WEB_TARGETS,
      seeded,
      pages,
      lighthouse: pageResults,
      interactions,
      throughput,
      checks,
      timings,
      loadAverage: { start: startLoad, end: loadAverage() },
      failure,
    },
    null,
    2,
  )}\n`,
);
console.log(`results: ${file}`);
const unmeasured = failure !== undefined || pageResults.some((p) => !p.median);
process.exit(unmeasured ? 1 : 0);

/** The page's Lighthouse runs, each in its own Chromium; a run that fails is retried once. */
async function measurePage(page: StorefrontPage, runs: number): Promise<PageResult> {
  const figures: LighthouseFigures[] = [];
  const errors: string[] = [];
  for (let i = 0; i < runs; i++) {
    if (shopEnded !== undefined) throw new Error(`the shop ended (${shopEnded}) before ${page.kind} run ${i + 1}`);
    try {
      const run = await lighthouseRun(page.url, options.cpuSlowdown).catch((error: Error) => {
        errors.push(error.message);
        if (shopEnded !== undefined) throw error;
        console.error(`  ${page.kind} run ${i + 1}/${runs} failed, trying it again: ${error.message}`);
        return lighthouseRun(page.url, options.cpuSlowdown);
      });
      figures.push(run);
      console.log(
        `  ${page.kind} run ${i + 1}/${runs}: performance ${run.performance}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}; benchmarkIndex ${run.benchmarkIndex} (${run.seconds.toFixed(0)} s)`,
      );
    } catch (error) {
      errors.push((error as Error).message);
      console.error(`  ${page.kind} run ${i + 1}/${runs} FAILED: ${(error as Error).message}`);
    }
  }
  if (figures.length === 0) return { page, runs: figures, errors, failure: errors.join('; ') };
  return { page, runs: figures, errors, median: medianRun(figures) };
}

function run(command: string, args: string[], what: string): Promise<void> {
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code})`))));
  });
}
