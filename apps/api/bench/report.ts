import type { CallRow, SizeResult } from './measure-size';
import type { Stall } from './probes';

/** The targets of ADR 028 (the catalogue at 50,000 products). */
export const TARGETS = {
  healthySeconds: 10,
  editVisibleMs: 250,
  stallMs: 50,
  ordersP99Ratio: 1.5,
  listingKB: 40,
  listingP99Ms: 10,
  searchP99Ms: 10,
  rssMB: 700,
  rpsRatio: 0.8,
  p99Ratio: 1.5,
} as const;

/** One target checked at one size: the figure shown and whether it meets the target (undefined: not measured). */
interface Check {
  text: string;
  ok: boolean | undefined;
}
interface SummaryRow {
  target: string;
  bySize: Check[];
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const kb = (bytes: number) => bytes / 1000;
const check = (value: number | undefined, ok: (v: number) => boolean, show: (v: number) => string): Check =>
  value === undefined || Number.isNaN(value) ? { text: 'n/a', ok: undefined } : { text: show(value), ok: ok(value) };

/** A figure shown without a target. */
const info = (value: number | undefined, unit: string): Check =>
  value === undefined || Number.isNaN(value)
    ? { text: 'n/a', ok: undefined }
    : { text: `${fixed(value)} ${unit}`, ok: undefined };

/** The table of one size: start, memory, admin edit, orders, then one row per catalogue call. */
export function sizeTable(result: SizeResult): string {
  const lines = [`\n== ${result.products.toLocaleString('en')} products ${generationNote(result)} ==`];
  lines.push(
    `load average when it started: ${result.loadAverage.join(', ')} (2 cores; the figures are only as quiet as the machine)`,
  );
  if (result.failure) lines.push(`FAILED: ${result.failure}`);
  if (result.logError) lines.push(`the shop's log: ${result.logError}`);
  const { start, memory, edits, orders } = result;
  if (start) lines.push(`start: healthy ${fixed(start.healthySeconds, 2)} s, ready ${fixed(start.readySeconds, 2)} s`);
  if (memory) {
    lines.push(
      `memory: idle ${fixed(memory.idleMB)} MB, peak during the runs ${fixed(memory.peakRunsMB)} MB (VmHWM since ${memory.peakSince} ${fixed(memory.peakMB)} MB)`,
    );
  }
  if (edits) {
    const each = edits.figures.map((f) => `${fixed(f.visibleMs)} (PATCH ${fixed(f.patchMs)})`).join(', ');
    lines.push(
      `admin price edit → visible: worst ${fixed(edits.worstVisibleMs)} ms [${each}]; stall ${stallText(edits.stall)}`,
    );
  }
  if (orders) {
    const f = orders.figures;
    lines.push(
      `orders: ${f.paid} paid in ${orders.seconds} s (${fixed(f.perMinute)}/min, checkout mean ${fixed(f.meanMs)} ms, worst ${fixed(f.maxMs)} ms` +
        `${f.skipped ? `, ${f.skipped} skipped` : ''}${f.unfinished ? `, ${f.unfinished} unfinished` : ''}${f.failures.length ? `, ${f.failures.length} FAILED: ${f.failures[0]}` : ''}); ` +
        `product_detail p99 quiet ${orders.quietP99} ms, with orders ${orders.ordersP99} ms (× ${fixed(orders.ratio, 2)}); ` +
        `stall quiet ${orders.quietStall ? stallText(orders.quietStall) : 'not measured'}, with orders ${stallText(orders.stall)}`,
    );
  }
  if (result.calls.length > 0) lines.push('', callTable(result.calls));
  return lines.join('\n');
}

function generationNote(result: SizeResult): string {
  const g = result.generation;
  return g.cached
    ? `(catalogue from the cache in .tmp/bench, seed ${g.seed}: generation skipped)`
    : `(generated in ${fixed(g.seconds)} s, seed ${g.seed})`;
}

function stallText(stall: Stall): string {
  const failed = stall.probeFailures ? `, ${stall.probeFailures} not answered 200` : '';
  return `event loop ${fixed(stall.loopMs)} ms, slowest /healthz ${fixed(stall.probeMs)} ms of ${stall.probes}${failed}`;
}

function callTable(rows: CallRow[]): string {
  const header = [
    'call',
    'bodies',
    'KB mean',
    'KB max',
    'req/s',
    'p50',
    'p99',
    'bare req/s',
    'bare p99',
    '× rps',
    '× p99',
    'loop ms',
  ];
  const body = rows.map((row) => {
    const lead = [row.name, String(row.distinctBodies), fixed(kb(row.bytesMean), 1), fixed(kb(row.bytesMax), 1)];
    if (!row.shop || !row.bare) return [...lead, `FAILED: ${row.failure ?? 'not measured'}`];
    return [
      ...lead,
      fixed(row.shop.rps),
      String(row.shop.p50),
      String(row.shop.p99),
      fixed(row.bare.rps),
      String(row.bare.p99),
      fixed(row.shop.rps / row.bare.rps, 2),
      fixed(row.shop.p99 / row.bare.p99, 2),
      fixed(row.loopMs ?? Number.NaN),
      ...(row.failure ? [`FAILED: ${row.failure}`] : []),
    ];
  });
  return table(header, body);
}

/** Every target, at every size: the figure and ok / MISSED. */
export function summaryRows(results: SizeResult[]): SummaryRow[] {
  const row = (target: string, at: (r: SizeResult) => Check): SummaryRow => ({ target, bySize: results.map(at) });
  const t = TARGETS;
  const rows = [
    row(`start: healthy ≤ ${t.healthySeconds} s`, (r) =>
      !r.start && r.failure
        ? { text: 'did not start', ok: false }
        : check(
            r.start?.healthySeconds,
            (v) => v <= t.healthySeconds,
            (v) => `${fixed(v, 2)} s`,
          ),
    ),
    row(`admin edit visible ≤ ${t.editVisibleMs} ms`, (r) =>
      check(
        r.edits?.worstVisibleMs,
        (v) => v <= t.editVisibleMs,
        (v) => `${fixed(v)} ms`,
      ),
    ),
    // The event loop's own delay. /healthz also waits for the database, which on PGlite serves one
    // statement or transaction at a time in its own thread (ADR 029): shown below, without a target.
    row(`stall during admin edit ≤ ${t.stallMs} ms (event loop)`, (r) =>
      check(
        r.edits?.stall.loopMs,
        (v) => v <= t.stallMs,
        (v) => `${fixed(v)} ms`,
      ),
    ),
    row('slowest /healthz during admin edit (waits for the database)', (r) => info(r.edits?.stall.probeMs, 'ms')),
    row('slowest /healthz during orders (waits for the database)', (r) => info(r.orders?.stall.probeMs, 'ms')),
    row(`stall during orders ≤ ${t.stallMs} ms (event loop)`, (r) =>
      check(
        r.orders?.stall.loopMs,
        (v) => v <= t.stallMs,
        (v) => `${fixed(v)} ms`,
      ),
    ),
    row(`p99 with orders ≤ ${t.ordersP99Ratio} × quiet`, (r) =>
      check(
        r.orders?.ratio,
        (v) => v <= t.ordersP99Ratio,
        (v) => `× ${fixed(v, 2)}`,
      ),
    ),
    row(`RSS ≤ ${t.rssMB} MB (peak)`, (r) =>
      check(
        r.memory && Math.max(r.memory.peakMB, r.memory.peakRunsMB),
        (v) => v <= t.rssMB,
        (v) => `${fixed(v)} MB`,
      ),
    ),
  ];
  const names = results[0]?.calls.map((c) => c.name) ?? [];
  for (const [i, name] of names.entries()) rows.push(...callRows(results, i, name));
  return rows;
}

function callRows(results: SizeResult[], index: number, name: string): SummaryRow[] {
  const t = TARGETS;
  const at = (pick: (c: CallRow) => Check) => (r: SizeResult) => {
    const call = r.calls[index];
    if (!call) return { text: 'n/a', ok: undefined };
    if (!call.shop || !call.bare || call.failure) return { text: `FAILED ${call.status}`, ok: false };
    return pick(call);
  };
  const rows: SummaryRow[] = [];
  const first = results.find((r) => r.calls[index])?.calls[index];
  const latencyConnections = first?.latencyConnections ?? '?';
  if (first?.listing) {
    rows.push({
      target: `${name}: ≤ ${t.listingKB} KB`,
      bySize: results.map(
        at((c) =>
          check(
            kb(c.bytesMax),
            (v) => v <= t.listingKB,
            (v) => `${fixed(v, 1)} KB`,
          ),
        ),
      ),
    });
    rows.push({
      target: `${name}: p99 ≤ ${t.listingP99Ms} ms (${latencyConnections} conn.)`,
      bySize: results.map(
        at((c) =>
          check(
            c.latency?.p99,
            (v) => v <= t.listingP99Ms,
            (v) => `${v} ms`,
          ),
        ),
      ),
    });
  }
  if (first?.search) {
    rows.push({
      target: `${name} (distinct queries): p99 ≤ ${t.searchP99Ms} ms (${latencyConnections} conn.)`,
      bySize: results.map(
        at((c) =>
          check(
            c.latency?.p99,
            (v) => v <= t.searchP99Ms,
            (v) => `${v} ms`,
          ),
        ),
      ),
    });
  }
  const rps = (c: CallRow) => (c.shop && c.bare ? c.shop.rps / c.bare.rps : Number.NaN);
  const p99 = (c: CallRow) => (c.shop && c.bare ? c.shop.p99 / c.bare.p99 : Number.NaN);
  rows.push({
    target: `${name}: req/s ≥ ${t.rpsRatio} × bare`,
    bySize: results.map(
      at((c) =>
        check(
          rps(c),
          (v) => v >= t.rpsRatio,
          (v) => `× ${fixed(v, 2)}`,
        ),
      ),
    ),
  });
  rows.push({
    target: `${name}: p99 ≤ ${t.p99Ratio} × bare`,
    bySize: results.map(
      at((c) =>
        check(
          p99(c),
          (v) => v <= t.p99Ratio,
          (v) => `× ${fixed(v, 2)}`,
        ),
      ),
    ),
  });
  return rows;
}

/** The summary as text: one column per size. */
export function summaryTable(results: SizeResult[]): string {
  const header = ['target', ...results.map((r) => `${r.products.toLocaleString('en')} products`)];
  const verdict = (c: Check) => (c.ok === undefined ? c.text : `${c.text} ${c.ok ? 'ok' : 'MISSED'}`);
  const body = summaryRows(results).map((row) => [row.target, ...row.bySize.map(verdict)]);
  return `\n== summary ==\n${table(header, body)}`;
}

/** A plain-text table, each column as wide as its widest cell; numbers on the right. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i >= widths.length || !/^[\d.×\s-]+$/.test(cell)
          ? cell.padEnd(widths[i] ?? 0)
          : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
