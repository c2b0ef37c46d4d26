/**
 * `npm run bench`: the shop's speed at 1,000, 10,000 and 50,000 products (ADR 028). For each size it
 * generates (or takes from .tmp/bench) a catalogue, starts the built shop in its own process as
 * production runs it, and measures start-up, memory, an admin price edit, orders under browsing, and
 * each catalogue call against a bare Fastify route in another process serving the same bytes.
 * Prints one table per size and a summary against the targets; writes .tmp/bench/results.json.
 * Exits 0 when it measured (a missed target is a finding), non-zero when the run itself failed.
 * Last, on the first size, the funnel's cost (ADR 053): the product page with counting on against off, as a ratio.
 * Options: --sizes 1000,10000,50000  --seconds N  --rounds N  --connections N  --seed N  --quick  --fresh  --funnel-only
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueFor } from './catalogue-data';
import { type FunnelResult, funnelLine, measureFunnel } from './funnel';
import { loadAverage, measureSize, type SizeResult } from './measure-size';
import { parseOptions } from './options';
import { BENCH_DIR } from './paths';
import { buildShop } from './processes';
import { sizeTable, summaryRows, summaryTable, TARGETS } from './report';

const options = parseOptions(process.argv.slice(2));
await mkdir(BENCH_DIR, { recursive: true });
const began = performance.now();
console.log(`building the API…`);
await buildShop();

const results: SizeResult[] = [];
for (const products of options.sizes) {
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
console.log(`\nthe funnel: the product page counting and not, ${funnelSize.toLocaleString('en')} products…`);
let funnel: FunnelResult | { failure: string };
try {
  funnel = await measureFunnel(funnelSize, options);
} catch (error) {
  funnel = { failure: (error as Error).message };
}

for (const result of results) console.log(sizeTable(result));
console.log(summaryTable(results));
console.log('ratio' in funnel ? funnelLine(funnel) : `funnel: FAILED ${funnel.failure}`);
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
  `${JSON.stringify({ at: new Date().toISOString(), options, targets: TARGETS, results, summary, funnel }, null, 2)}\n`,
);
console.log(`results: ${file}`);
process.exit(0);
