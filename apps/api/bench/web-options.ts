import { parseArgs } from 'node:util';
import { parseOptions } from './options';

/** The storefront pages `npm run bench:web` measures, in the order it measures them. */
export const PAGE_KINDS = ['home', 'category', 'product'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Lighthouse's mobile preset slows the CPU this many times; `--cpu-slowdown` asks for another factor. */
export const PRESET_CPU_SLOWDOWN = 4;

/** What one `npm run bench:web` measures. */
export interface WebBenchOptions {
  /** Lighthouse runs per page; the run with the median performance score is reported. */
  runs: number;
  pages: PageKind[];
  /** Leave out the product page's HTML throughput against the bare route. */
  skipThroughput: boolean;
  /** Leave out the interactions' INP (the menu, a size, Add To Cart). */
  skipInteractions: boolean;
  /**
   * How many times slower than this machine's the page's CPU is made: Lighthouse's mobile preset assumes 4 on a desktop
   * of its reference speed. On a faster machine a higher factor stands for the same phone: Lighthouse's own advice is to
   * scale it by the benchmark index (ADR 031, fourth pass).
   */
  cpuSlowdown: number;
  /** The load of the throughput comparison: the catalogue bench's defaults, for comparable ratios. */
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

const USAGE =
  'npm run bench:web -- [--runs N] [--pages home,category,product] [--skip-throughput] [--skip-interactions] [--cpu-slowdown N]';

/** Reads the command line; throws with the usage on anything it does not know. */
export function parseWebOptions(argv: string[]): WebBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      pages: { type: 'string', default: PAGE_KINDS.join(',') },
      'skip-throughput': { type: 'boolean', default: false },
      'skip-interactions': { type: 'boolean', default: false },
      'cpu-slowdown': { type: 'string', default: String(PRESET_CPU_SLOWDOWN) },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const runs = Number(values.runs.trim());
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs: "${values.runs}" is not a whole number ≥ 1\n${USAGE}`);
  const cpuSlowdown = Number(values['cpu-slowdown'].trim());
  if (!Number.isFinite(cpuSlowdown) || cpuSlowdown < 1)
    throw new Error(`--cpu-slowdown: "${values['cpu-slowdown']}" is not a number ≥ 1\n${USAGE}`);
  const pages = values.pages.split(',').map((page) => page.trim());
  const unknown = pages.filter((page) => !(PAGE_KINDS as readonly string[]).includes(page));
  if (unknown.length > 0 || pages.length === 0)
    throw new Error(`--pages: unknown page "${unknown.join(',')}"\n${USAGE}`);
  // The same connections, seconds and warm-up as the catalogue bench's shop/bare ratios.
  const load = parseOptions([]);
  return {
    runs,
    pages: PAGE_KINDS.filter((kind) => pages.includes(kind)),
    skipThroughput: values['skip-throughput'],
    skipInteractions: values['skip-interactions'],
    cpuSlowdown,
    connections: load.connections,
    seconds: load.seconds,
    warmupSeconds: load.warmupSeconds,
  };
}
