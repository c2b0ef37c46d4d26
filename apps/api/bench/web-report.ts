import type { InteractionResult } from './web-interactions';
import type { LighthouseFigures } from './web-lighthouse';
import { type PageKind, PRESET_CPU_SLOWDOWN } from './web-options';
import type { StorefrontPage } from './web-pages';
import type { ThroughputResult } from './web-throughput';

/** The storefront's targets: rendered on the server, fast on a mid-range phone, visible to search engines. */
export const WEB_TARGETS = {
  performance: 95,
  lcpSeconds: 1.5,
  cls: 0.02,
  tbtMs: 100,
  seo: 100,
  accessibility: 100,
  /** Each interaction's INP (web-vitals), phone-sized with the CPU slowed 4×: Google's "good". */
  inpMs: 200,
  /** Product-page HTML req/s at least this share of the bare route's for the same bytes. */
  htmlRpsRatio: 0.5,
} as const;

/** A page's Lighthouse runs and the one reported. */
export interface PageResult {
  page: StorefrontPage;
  runs: LighthouseFigures[];
  median?: LighthouseFigures;
  /** Runs that failed (each is tried again once): flakiness to know about. */
  errors: string[];
  /** Why no run gave figures. */
  failure?: string;
}

/** One target or figure for one page: the text shown and whether it meets the target (undefined: no target). */
export interface WebCheck {
  target: string;
  page: PageKind | 'product HTML';
  text: string;
  ok: boolean | undefined;
}

/** Below this benchmarkIndex Lighthouse's own command line warns that the host CPU is slower than its throttling assumes. */
const SLOW_HOST_INDEX = 1000;

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const kb = (bytes: number) => `${fixed(bytes / 1000)} KB`;
const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✓' : ' ✗');

/** Every checked target and shown figure, page by page (what the table shows, and what the JSON keeps). */
export function webChecks(pages: PageResult[], throughput: ThroughputResult | undefined): WebCheck[] {
  const t = WEB_TARGETS;
  const checks: WebCheck[] = [];
  for (const { page, median, failure } of pages) {
    const add = (target: string, text: string, ok: boolean | undefined) =>
      checks.push({ target, page: page.kind, text, ok });
    if (!median) {
      add('Lighthouse', `FAILED: ${failure ?? 'not measured'}`, false);
      continue;
    }
    const m = median;
    add(`performance ≥ ${t.performance}`, fixed(m.performance), m.performance >= t.performance);
    add(`LCP ≤ ${t.lcpSeconds} s`, `${fixed(m.lcpMs / 1000, 2)} s`, m.lcpMs / 1000 <= t.lcpSeconds);
    add(`CLS ≤ ${t.cls}`, fixed(m.cls, 3), m.cls <= t.cls);
    add(`TBT ≤ ${t.tbtMs} ms`, `${fixed(m.tbtMs)} ms`, m.tbtMs <= t.tbtMs);
    add(`SEO = ${t.seo}`, fixed(m.seo), m.seo >= t.seo);
    add(`accessibility = ${t.accessibility}`, fixed(m.accessibility), m.accessibility >= t.accessibility);
    add('best practices', fixed(m.bestPractices), undefined);
    add('FCP', `${fixed(m.fcpMs / 1000, 2)} s`, undefined);
    add('transferred, all', kb(m.totalBytes), undefined);
    add('transferred, scripts', kb(m.scriptBytes), undefined);
    add('requests', String(m.requests), undefined);
  }
  if (throughput) {
    const ok = throughput.failure ? false : throughput.ratio >= t.htmlRpsRatio;
    checks.push({
      target: `HTML req/s ≥ ${t.htmlRpsRatio} × bare`,
      page: 'product HTML',
      text: `× ${fixed(throughput.ratio, 2)}`,
      ok,
    });
  }
  return checks;
}

/** The Lighthouse table: one row per target or figure, one column per page. */
export function lighthouseTable(pages: PageResult[], checks: WebCheck[], runs: number, cpuSlowdown: number): string {
  const kinds = pages.map((p) => p.page.kind);
  const targets = [...new Set(checks.filter((c) => c.page !== 'product HTML').map((c) => c.target))];
  const body = targets.map((target) => [
    target,
    ...kinds.map((kind) => {
      const check = checks.find((c) => c.target === target && c.page === kind);
      return check ? `${check.text}${mark(check.ok)}` : '';
    }),
  ]);
  body.push([
    'performance of each run',
    ...pages.map((p) => p.runs.map((run) => fixed(run.performance)).join(', ') || '-'),
  ]);
  const lines = [
    `\n== Lighthouse ${runs === 1 ? 'one run' : `median of ${runs} runs by performance score`}, mobile preset (simulated slow 4G, ${cpuSlowdown}× CPU${cpuSlowdown === PRESET_CPU_SLOWDOWN ? '' : `, not the preset’s ${PRESET_CPU_SLOWDOWN}×`}) ==`,
    table(['target', ...kinds], body),
    '',
    ...pages.map((p) => `${p.page.kind}: ${p.page.url}${p.page.redirects.length ? ` (from ${p.page.asked})` : ''}`),
  ];
  for (const { page, median } of pages) {
    if (median && median.missedAudits.length > 0) {
      lines.push(`${page.kind}, audits that cost points: ${median.missedAudits.map((a) => `${a.id}`).join(', ')}`);
    }
    for (const warning of median?.warnings ?? []) lines.push(`${page.kind}, Lighthouse warns: ${warning}`);
    if (median && median.benchmarkIndex < SLOW_HOST_INDEX) {
      lines.push(
        `${page.kind}: this machine was busy or slow (Lighthouse's benchmarkIndex ${median.benchmarkIndex} < ${SLOW_HOST_INDEX}): ` +
          `the ${cpuSlowdown}× CPU slowdown lands on a slower CPU than it assumes, so TBT and LCP read high`,
      );
    }
    if (median && median.externalRequests.length > 0) {
      lines.push(`${page.kind}, REQUESTS OFF THE MACHINE: ${median.externalRequests.join(', ')}`);
    }
  }
  return lines.join('\n');
}

/**
 * The interactions' table: each one's median INP against the target, and every run. A run the Event Timing API did
 * not report (answered within its 16 ms floor) reads "< 16 ms".
 */
export function interactionTable(results: InteractionResult[], floorMs: number, cpuSlowdown: number): string {
  const t = WEB_TARGETS;
  const inp = (value: number | null | undefined) =>
    value === undefined ? 'FAILED' : value === null ? `< ${floorMs} ms` : `${fixed(value)} ms`;
  const rows = results.map((r) => [
    r.name,
    r.page,
    `${inp(r.medianMs)}${mark(r.medianMs === undefined ? false : (r.medianMs ?? 0) <= t.inpMs)}`,
    r.runs.map(inp).join(', ') || '-',
    r.errors.length ? r.errors.join('; ') : '',
  ]);
  return [
    `\n== interactions: INP by web-vitals, ${results[0]?.runs.length ?? 0} runs each, phone-sized, CPU slowed ${cpuSlowdown}× (target ≤ ${t.inpMs} ms) ==`,
    table(['interaction', 'page', 'INP, median', 'each run', 'failed runs'], rows),
  ].join('\n');
}

/** The product page's HTML, the shop against the bare route. */
export function throughputTable(result: ThroughputResult): string {
  const t = WEB_TARGETS;
  const ok = result.failure ? false : result.ratio >= t.htmlRpsRatio;
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'answers', 'non-2xx'];
  const row = (name: string, f: ThroughputResult['shop']) => [
    name,
    fixed(f.rps),
    String(f.p50),
    String(f.p99),
    String(f.answers),
    String(f.non2xx + f.errors),
  ];
  return [
    `\n== product page HTML (${fixed(result.htmlBytes / 1000, 1)} KB, ${result.contentType}), ${result.connections} connections, ${result.seconds} s after ${result.warmupSeconds} s of warm-up ==`,
    table(header, [row('shop', result.shop), row('bare route, same bytes', result.bare)]),
    `shop ÷ bare: req/s × ${fixed(result.ratio, 2)} (target ≥ ${t.htmlRpsRatio})${mark(ok)}; ` +
      `p99 × ${fixed(result.shop.p99 / result.bare.p99, 2)}${result.failure ? `; FAILED: ${result.failure}` : ''}`,
  ].join('\n');
}

/** A plain-text table, each column as wide as its widest cell; the figures on the right. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
