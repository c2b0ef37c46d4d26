/**
 * `npx tsx apps/api/bench/export.bench.ts [--products 50000] [--format kapaas|shopify] [--no-build]`: the catalogue
 * export's cost (ADR 063). Starts the built shop on a copy of the bench's catalogue (generated once into .tmp/bench,
 * as `npm run bench` does), downloads GET /admin/api/products/export as a slow-enough client would (reading the
 * stream chunk by chunk), and prints the file's rows and size, the time, the shop's RSS before and its peak during
 * the download, and the longest event-loop stall meanwhile. A measurement, not a test: it asserts nothing.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueFor, workingCopy } from './catalogue-data';
import { HttpClient } from './http';
import { BENCH_DIR } from './paths';
import { MemorySampler, withStall } from './probes';
import { BENCH_ADMIN, buildShop, memoryMB, startShop, waitForStatus } from './processes';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const products = Number(argument('products', '50000'));
const format = argument('format', 'kapaas');

if (!process.argv.includes('--no-build')) await buildShop();
const generation = await catalogueFor(products, 42, false);
console.log(`${products.toLocaleString('en')} products (${generation.cached ? 'cached' : 'generated'})`);
const dataDir = await workingCopy(products, 42);
const logFile = join(BENCH_DIR, `export-${products}.log`);
await writeFile(logFile, '');
const shop = await startShop(dataDir, logFile);
try {
  await waitForStatus(`${shop.origin}/readyz`, shop);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const client = new HttpClient(shop.origin, '127.0.0.4');
  const { token } = await client.post<{ token: string }>('/admin/api/login', BENCH_ADMIN);
  client.close();
  const idleMB = memoryMB(shop.pid).rss;
  const sampler = new MemorySampler(shop.pid);
  const began = performance.now();
  const { result, stall } = await withStall(shop.origin, async () => {
    const answer = await fetch(`${shop.origin}/admin/api/products/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status !== 200 || !answer.body) throw new Error(`export answered ${answer.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of answer.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
      sampler.sample();
    }
    return { bytes, lines };
  });
  const seconds = (performance.now() - began) / 1000;
  const peakMB = sampler.stop();
  console.log(
    [
      `format ${format}: ${result.lines.toLocaleString('en')} lines (rows and line breaks in cells), ${(result.bytes / 1e6).toFixed(1)} MB`,
      `in ${seconds.toFixed(1)} s`,
      `RSS ${idleMB.toFixed(0)} MB before, peak ${peakMB.toFixed(0)} MB during (+${(peakMB - idleMB).toFixed(0)} MB)`,
      `longest event-loop stall ${stall.loopMs.toFixed(0)} ms, slowest /healthz ${stall.probeMs.toFixed(0)} ms`,
    ].join('\n  '),
  );
} finally {
  await shop.stop();
  await rm(dataDir, { recursive: true, force: true });
}
