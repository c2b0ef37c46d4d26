/**
 * `npm run bench`: the shop's speed at 1,000, 10,000 and 50,000 products (ADR 028). For each size it
 * generates (or takes from .tmp/bench) a catalogue, starts the built shop in its own process as
 * production runs it, and measures start-up, memory, an admin price edit, orders under browsing, and
 * each catalogue call against a bare Fastify route in another process serving the same bytes.
 * Prints one table per size and a summary against the targets; writes .tmp/bench/results.json.
 * Exits 0 when it measured (a missed target is a finding), non-zero when the run itself failed.
 * Last, on the first size, the funnel's cost (ADR 053): the product page with counting on against off, as a ratio.
 * Then, when the sizes include 50,000 (or with --reports-only, alone), the reports (ADR 054): each report's p50 and p95 on
 * 50,000 products with 100,000 generated orders (seed:orders), against the target p95 ≤ 300 ms.
 * Then, when the sizes include 50,000 (or with --import-only, alone), the catalogue import (ADR 064): a Shopify CSV of
 * 50,000 rows, dry run and commit, then again, against ≤ 2 minutes, RSS ≤ 700 MB and no event-loop stall over 50 ms.
 * Options: --sizes 1000,10000,50000  --seconds N  --rounds N  --connections N  --seed N  --quick  --fresh  --funnel-only
 *   --reports-only  --import-only  --database-url URL
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueFor } from './catalogue-data';
import { type FunnelResult, funnelLine, measureFunnel } from './funnel';
import { type ImportResult, importTable, measureImport } from './imports';
import { loadAverage, measureSize, type SizeResult } from './measure-size';
import { parseOptions } from './options';
import { BENCH_DIR } from './paths';
import { buildShop } from './processes';
import { sizeTable, summaryRows, summaryTable, TARGETS } from './report';
import { measureReports, REPORT_PRODUCTS, type ReportsResult, reportsTable } from './reports';

const options = parseOptions(process.argv.slice(2));
await mkdir(BENCH_DIR, { recursive: true });
const began = performance.now();
console.log(`building the API…`);
await buildShop();

const alone = options.reportsOnly || options.importOnly;
const results: SizeResult[] = [];
for (const products of alone ? [] : options.sizes) {
  console.log(`\n${products.toLocaleString('en')} products: preparing the catalogue…`);
  const generation = await catalogueFor(products, options.seed, options.fresh);
  console.log(
    generation.cached
      ? `  cached in .tmp/bench (seed ${options.seed}): generation skipped`
      : `  generated in ${generation.seconds.toFixed(1)} s`,
  );
  if (!options.funnelOnly) results.push(await measureSize(products, generation, options));
}

// The funnel's cost (ADR 053): the product page with counting on against off, on the first size's catalogue.
const funnelSize = options.sizes[0] as number;
let funnel: FunnelResult | { failure: string } | { skipped: true } = { skipped: true };
if (!alone) {
  console.log(`\nthe funnel: the product page counting and not, ${funnelSize.toLocaleString('en')} products…`);
  try {
    funnel = await measureFunnel(funnelSize, options);
  } catch (error) {
    funnel = { failure: (error as Error).message };
  }
}

// The reports (ADR 054) on 50,000 products and 100,000 generated orders.
let reports: ReportsResult | { failure: string } | undefined;
if (options.reportsOnly || (!options.importOnly && options.sizes.includes(REPORT_PRODUCTS))) {
  console.log(`\nthe reports: ${REPORT_PRODUCTS.toLocaleString('en')} products and their generated orders…`);
  try {
    reports = await measureReports(options);
  } catch (error) {
    reports = { failure: (error as Error).message };
  }
}

// The catalogue import (issue 39, ADR 064): 50,000 rows into the demo shop, on PostgreSQL only when measured alone.
let imported: ImportResult | { failure: string } | undefined;
if (options.importOnly || (!options.reportsOnly && options.sizes.includes(REPORT_PRODUCTS))) {
  console.log(`\nthe import: a Shopify CSV of 50,000 rows…`);
  try {
    imported = await measureImport({ ...options, databaseUrl: options.importOnly ? options.databaseUrl : undefined });
  } catch (error) {
    imported = { failure: (error as Error).message };
  }
}

for (const result of results) console.log(sizeTable(result));
if (results.length > 0) console.log(summaryTable(results));
if ('ratio' in funnel) console.log(funnelLine(funnel));
else if ('failure' in funnel) console.log(`funnel: FAILED ${funnel.failure}`);
if (reports) console.log('reports' in reports ? reportsTable(reports) : `reports: FAILED ${reports.failure}`);
if (imported) console.log('phases' in imported ? importTable(imported) : `import: FAILED ${imported.failure}`);
const minutes = (performance.now() - began) / 60_000;
console.log(
  `\n${options.connections} connections, ${options.seconds} s per call after ${options.warmupSeconds} s of warm-up, ` +
    `${options.rounds === 1 ? 'one round' : `best of ${options.rounds} rounds`} of the shop and then the bare route; ` +
    `the whole run took ${minutes.toFixed(1)} min; ` +
    `load average now ${loadAverage().join(', ')}`,
);
const file = join(BENCH_DIR, 'results.json');
const summary = summaryRows(results);
await writeFile(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), options, targets: TARGETS, results, summary, funnel, reports, imported }, null, 2)}\n`,
);
console.log(`results: ${file}`);
process.exit(0);
