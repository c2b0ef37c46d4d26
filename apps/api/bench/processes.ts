import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SERVER_NODE_ARGS } from '../../../scripts/lib/server-args.mjs';
import { REPO_ROOT } from './paths';

/** The credentials the benchmark gives the shop it starts; the first owner is made from them. */
export const BENCH_ADMIN = { email: 'bench-owner@kapaas.example', password: 'Kapaas bench owner 7Qv!x2' } as const;
export const METRICS_TOKEN = 'kapaas-bench-metrics-token-0123456789';

/** A server process of the benchmark: the shop or the bare route. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** Resolves with the exit code (or signal) when the process ends. */
  /** performance.now() just before the process was spawned. */
  startedAt: number;
  exited: Promise<string>;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
        );
      });
  });
}

/** `npm run build -w @kapaas/api` (esbuild into apps/api/dist), once per run. */
export function buildShop(): Promise<void> {
  return run('npm', ['run', 'build', '-w', '@kapaas/api'], 'building the API');
}

/**
 * Starts `node apps/api/dist/server.js` as production runs it: NODE_ENV=production, the default
 * LOG_LEVEL (whatever the environment had is removed), its stdout and stderr appended to `logFile`;
 * `settings` adds to its environment (the funnel's comparison turns counting off in one shop).
 */
export async function startShop(
  dataDir: string,
  logFile: string,
  settings: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'kapaas-bench-session-secret-not-for-real-shops-0123456789',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ALLOW_SANDBOX_PAYMENTS: 'true',
    METRICS_TOKEN,
    ...settings,
  };
  return startServer([...SERVER_NODE_ARGS, join(REPO_ROOT, 'apps/api/dist/server.js')], env, port, logFile);
}

/** Starts the bare Fastify route (bare-route.mjs) answering each path with the given bytes. */
export async function startBare(answersFile: string, logFile: string): Promise<ServerProcess> {
  const port = await freePort();
  const env = { PATH: process.env.PATH, PORT: String(port), ANSWERS_FILE: answersFile };
  const bare = await startServer([join(REPO_ROOT, 'apps/api/bench/bare-route.mjs')], env, port, logFile);
  await waitForStatus(`${bare.origin}/ready`, bare, 'GET');
  return bare;
}

/** Starts `node args…` with `env`, its output appended to `logFile`; resolves once it is spawned (not yet ready). */
export async function startServer(args: string[], env: NodeJS.ProcessEnv, port: number, logFile: string) {
  const log = createWriteStream(logFile, { flags: 'a' });
  await new Promise((resolve) => log.once('open', resolve));
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', log, log] });
  if (child.pid === undefined) throw new Error(`could not start ${args.join(' ')}`);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    log.end();
  };
  return { child, pid: child.pid, port, origin: `http://127.0.0.1:${port}`, startedAt, exited, stop };
}

/** How long the benchmark waits for a start before it reports it as failed (a hung process, not a slow one). */
export const START_PATIENCE_SECONDS = 600;

/**
 * Polls `url` every 10 ms until it answers 200. The benchmark puts no start-up limit of its own on
 * the shop: a slow start is measured, and only a process still not answering after
 * START_PATIENCE_SECONDS is given up on. Throws when the process ends first.
 */
export async function waitForStatus(url: string, server: ServerProcess, method = 'GET'): Promise<void> {
  let exit: string | undefined;
  void server.exited.then((code) => {
    exit = code;
  });
  for (;;) {
    if (exit !== undefined) throw new Error(`the process ended (${exit}) before ${url} answered 200`);
    if (performance.now() - server.startedAt > START_PATIENCE_SECONDS * 1000) {
      throw new Error(`${url} did not answer 200 within ${START_PATIENCE_SECONDS} s of the spawn`);
    }
    const ok = await fetch(url, { method, signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A process's resident memory now (VmRSS) and its peak (VmHWM), in MB (10^6 bytes, as the target says). */
export function memoryMB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: (kib('VmRSS') * 1024) / 1e6, peak: (kib('VmHWM') * 1024) / 1e6 };
}

/** Resets the process's peak resident memory (VmHWM) to its current size; false where the kernel refuses. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], what: string): Promise<void> {
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code})`))));
  });
}
