import { parseArgs } from 'node:util';

/** What one `npm run bench` measures; see ADR 028. */
export interface BenchOptions {
  /** Catalogue sizes, in products added to the demo shop. */
  sizes: number[];
  /** Seconds of load per measured call (after a shorter warm-up). */
  seconds: number;
  /** Seconds of warm-up before each measured call. */
  warmupSeconds: number;
  /**
   * Rounds of shop-then-bare per call; each side keeps its round with the most req/s. More than one
   * lessens what other work on the machine does to the comparison, at that many times the time.
   */
  rounds: number;
  /** autocannon connections, the same for the shop and the bare route. */
  connections: number;
  /**
   * Connections for the absolute p99 targets (listings, search): at 50 the bare route's own p99 is
   * already 10–13 ms on this machine, set by queueing, not by the work of one request.
   */
  latencyConnections: number;
  /** The generator's seed: the same seed gives the same catalogue, and the cache is per size and seed. */
  seed: number;
  /** Admin price edits per size (the worst is reported). */
  edits: number;
  /** Shoppers' orders a minute during the orders measurement. */
  ordersPerMinute: number;
  /** A short smoke run: one second per call, one edit. */
  quick: boolean;
  /** Generate the catalogues again even when .tmp/bench holds them. */
  fresh: boolean;
  /** Measure only the funnel's cost (counting on against off), on the first size (ADR 053). */
  funnelOnly: boolean;
  /**
   * Measure only the reports (issue 37, ADR 054) on 50,000 products and 100,000 generated orders. Without it, the
   * reports are measured last whenever the sizes include 50,000.
   */
  reportsOnly: boolean;
  /**
   * Measure only the catalogue import of 50,000 rows (issue 39, ADR 064). Without it, the import is measured whenever
   * the sizes include 50,000.
   */
  importOnly: boolean;
  /**
   * The reports measured on this PostgreSQL database instead of the embedded one (ADR 062): it must already hold the
   * shop that `seed:scale --products 50000` and `seed:orders --orders 100000` made (with the same seed). With
   * --import-only, the import is measured on it instead, and it must then hold only the demo shop, freshly seeded (the
   * shop seeds an empty database). Unset: PGlite.
   */
  databaseUrl: string | undefined;
}

const USAGE = `npm run bench -- [--sizes 1000,10000,50000] [--seconds N] [--rounds N] [--connections N] [--latency-connections N] [--seed N] [--quick] [--fresh] [--funnel-only] [--reports-only] [--import-only] [--database-url URL]`;

/** Reads the command line; throws with the usage on anything it does not know. */
export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '1000,10000,50000' },
      seconds: { type: 'string' },
      connections: { type: 'string', default: '50' },
      'latency-connections': { type: 'string', default: '10' },
      rounds: { type: 'string', default: '1' },
      seed: { type: 'string', default: '42' },
      quick: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      'funnel-only': { type: 'boolean', default: false },
      'reports-only': { type: 'boolean', default: false },
      'import-only': { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const sizes = values.sizes.split(',').map((size) => wholeNumber('--sizes', size.replaceAll('_', '')));
  const quick = values.quick;
  const seconds = values.seconds === undefined ? (quick ? 1 : 5) : wholeNumber('--seconds', values.seconds);
  return {
    sizes,
    seconds,
    warmupSeconds: quick ? 1 : 2,
    connections: wholeNumber('--connections', values.connections),
    latencyConnections: wholeNumber('--latency-connections', values['latency-connections']),
    rounds: wholeNumber('--rounds', values.rounds),
    seed: wholeNumber('--seed', values.seed),
    edits: quick ? 1 : 3,
    ordersPerMinute: 100,
    quick,
    fresh: values.fresh,
    funnelOnly: values['funnel-only'],
    reportsOnly: values['reports-only'],
    importOnly: values['import-only'],
    databaseUrl: values['database-url'] || undefined,
  };
}

function wholeNumber(name: string, text: string): number {
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: "${text}" is not a whole number ≥ 1\n${USAGE}`);
  return value;
}
