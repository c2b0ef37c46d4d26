import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shops under test answer, e.g. http://127.0.0.1:41234: one per worker (see `shopUrl`). */
    baseUrls: string[];
  }
}

/**
 * How many shops, and so how many journey files at once: two by default, which took the journeys from 368 s to
 * about 240 s on a 2-core machine (ADR 009). `E2E_SHOPS=1` runs them one file at a time against one shop.
 */
export function shopCount(): number {
  const count = Number(process.env.E2E_SHOPS ?? 2);
  return Number.isInteger(count) && count >= 1 ? count : 2;
}

const root = resolve(import.meta.dirname, '../..');

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The shop did not become healthy in 90 s:\n${output()}`);
}

/** Starts the real shops (built storefront, each a fresh DATA_DIR on embedded PGlite, demo seed) on free ports. */
export default async function setup(project: TestProject) {
  const shops = await Promise.all(Array.from({ length: shopCount() }, () => startShop()));
  project.provide(
    'baseUrls',
    shops.map((shop) => shop.baseUrl),
  );
  return async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
  };
}

/** One shop process on a free port with a DATA_DIR of its own. */
async function startShop(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}
