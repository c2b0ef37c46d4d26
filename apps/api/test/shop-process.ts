import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');

/** A shop running as `npm start` runs it: its own process, its own port. */
export interface ShopProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  log(): string;
  /** Resolves with the exit code (null when a signal ended it) and when it happened. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Spawns server.ts with these settings on top of the test's environment (PGlite unless DATABASE_URL is given). */
export function spawnShop(env: Record<string, string>): ShopProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })),
  );
  return { child, log: () => log, exited };
}

/** Waits until the shop logs the address it listens on, and answers it; fails with its output if it exits first. */
export async function listeningAt(shop: ShopProcess, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(shop.log())?.[1];
    if (address) return address;
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
      throw new Error(`the shop exited before listening:\n${shop.log()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the shop did not listen within ${timeoutMs} ms:\n${shop.log()}`);
}

/** Ends the shop if it still runs (SIGKILL: the test is over). */
export async function stopShop(shop: ShopProcess): Promise<void> {
  if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  shop.child.kill('SIGKILL');
  await shop.exited;
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
