import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, REPO_ROOT } from './paths';

/** How a size's catalogue was generated (cached next to it). */
export interface Generated {
  products: number;
  seed: number;
  /** Seconds the generation took when it ran; reused from the cache otherwise. */
  seconds: number;
  /** True when this run found it in .tmp/bench and skipped generating. */
  cached: boolean;
}

const MARKER = 'generated.json';

/**
 * The catalogue for one size and seed, generated once into a fresh DATA_DIR under /tmp (demo shop
 * and seedScale, in a child process so that its memory is gone before the shop starts), then kept
 * under .tmp/bench/. Each run works on a copy (orders, price edits and rate-limit counters change
 * the database), so the cache stays as generated.
 */
export async function catalogueFor(products: number, seed: number, fresh: boolean): Promise<Generated> {
  const cached = cacheDir(products, seed);
  const marker = join(cached, MARKER);
  if (!fresh && existsSync(marker)) {
    const saved = JSON.parse(await readFile(marker, 'utf8')) as Omit<Generated, 'cached'>;
    return { ...saved, cached: true };
  }
  const scratch = await mkdtemp(join(tmpdir(), `kapaas-bench-gen-${products}-`));
  try {
    const began = performance.now();
    await runGenerator(scratch, products, seed);
    const generated = { products, seed, seconds: (performance.now() - began) / 1000 };
    await rm(cached, { recursive: true, force: true });
    await mkdir(cached, { recursive: true });
    await cp(scratch, cached, { recursive: true });
    await writeFile(marker, `${JSON.stringify(generated)}\n`);
    return { ...generated, cached: false };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A fresh DATA_DIR under /tmp holding a copy of the cached catalogue; the caller removes it. */
export async function workingCopy(products: number, seed: number): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), `kapaas-bench-run-${products}-`));
  await cp(cacheDir(products, seed), dataDir, {
    recursive: true,
    filter: (source) => !source.endsWith(MARKER),
  });
  return dataDir;
}

function cacheDir(products: number, seed: number): string {
  return join(BENCH_DIR, `catalogue-${products}-seed-${seed}`);
}

function runGenerator(dataDir: string, products: number, seed: number): Promise<void> {
  const script = join(REPO_ROOT, 'apps/api/bench/generate.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, String(products), String(seed)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`generating ${products} products failed (${signal ?? code})`)),
    );
  });
}
