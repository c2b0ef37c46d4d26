import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

/** The Chromium the benchmark drives (Debian's package); nothing is downloaded. */
export const CHROME_PATH = '/usr/bin/chromium';
/**
 * Headless, no sandbox (the machine runs as root in a container), and no name resolution for
 * anything but the loopback: Debian's launcher gives Chromium Google API keys and remote extensions,
 * and even with chrome-launcher's flags against background networking it looks up
 * accounts.google.com, clients2.google.com and update.googleapis.com. The shop is reached by IP, so
 * nothing the page needs is resolved; a page that asks for another host fails fast and is listed.
 */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'];
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

/** What one Lighthouse run (mobile preset: simulated slow 4G and a 4× slower CPU) found on a page. */
export interface LighthouseFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  /** All the page's requests, as transferred (compressed where the shop compressed them). */
  totalBytes: number;
  scriptBytes: number;
  requests: number;
  /** Requests that left the machine (anything but the shop's own origin and data: URLs): should be none. */
  externalRequests: string[];
  /** Audits that cost points in accessibility, SEO or best practices: what to fix. */
  missedAudits: { category: string; id: string; title: string }[];
  /** Lighthouse's measure of this machine's speed when it ran (its benchmarkIndex). */
  benchmarkIndex: number;
  warnings: string[];
  /** Seconds the run took, Chromium's start and stop included. */
  seconds: number;
}

/**
 * One Lighthouse run of `url` in a Chromium started for it alone (Lighthouse's advice for stable
 * figures: no cache, no state carried from the run before), stopped after it.
 */
export async function lighthouseRun(url: string, cpuSlowdown: number): Promise<LighthouseFigures> {
  const began = performance.now();
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Merged into the mobile preset's throttling: only the CPU's factor changes (PRESET_CPU_SLOWDOWN is its own).
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return { ...figuresOf(lhr, url), seconds: (performance.now() - began) / 1000 };
  } finally {
    chrome.kill();
  }
}

function figuresOf(lhr: Result, url: string): Omit<LighthouseFigures, 'seconds'> {
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse scored no ${category} for ${url}`);
    return Math.round(value * 100);
  };
  const numeric = (audit: string) => {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${audit} for ${url}`);
    return value;
  };
  const summary = tableItems(lhr, 'resource-summary');
  const bytesOf = (type: string) => Number(summary.find((row) => row.resourceType === type)?.transferSize ?? 0);
  const requests = tableItems(lhr, 'network-requests');
  const origin = new URL(url).origin;
  const externalRequests = requests
    .map((row) => String(row.url ?? ''))
    .filter((address) => /^(https?|wss?):/.test(address) && new URL(address).origin !== origin);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    speedIndexMs: numeric('speed-index'),
    totalBytes: bytesOf('total'),
    scriptBytes: bytesOf('script'),
    requests: requests.length,
    externalRequests,
    missedAudits: missedAudits(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings.map(String),
  };
}

/** The rows of an audit's table (resource-summary, network-requests), or none. */
function tableItems(lhr: Result, audit: string): Record<string, unknown>[] {
  const details = lhr.audits[audit]?.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items as Record<string, unknown>[];
}

function missedAudits(lhr: Result): LighthouseFigures['missedAudits'] {
  const missed: LighthouseFigures['missedAudits'] = [];
  for (const category of ['accessibility', 'seo', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      missed.push({ category, id: ref.id, title: audit.title });
    }
  }
  return missed;
}

/** The run with the median performance score (the lower middle one for an even count). */
export function medianRun<T extends { performance: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no run to take the median of');
  return median;
}
