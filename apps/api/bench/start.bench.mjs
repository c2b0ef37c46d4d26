/**
 * Start time and memory of the shop process, through tsx and compiled (ADR 017). Each run starts
 * the server on one already-seeded DATA_DIR (so start-up is migrations checked, catalogue loaded,
 * no initdb), times process start → first `/healthz` 200, reads the process's resident memory
 * then, and stops it. The ways are interleaved so that the machine's load falls on each alike.
 * Run with `node apps/api/bench/start.bench.mjs [runs]` after `npm run build -w @kapaas/api`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const runs = Number(process.argv[2] ?? 5);
const ways = {
  'tsx (before)': ['--import', 'tsx', join(root, 'apps/api/src/server.ts')],
  'node dist (after)': ['--enable-source-maps', join(root, 'apps/api/dist/server.js')],
  'node dist, no source maps': [join(root, 'apps/api/dist/server.js')],
};

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function rssMiB(pid) {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kib / 1024;
}

async function once(args, dataDir) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
    stdio: 'ignore',
  });
  const exited = new Promise((done) => child.on('exit', done));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 20));
  }
  const seconds = (performance.now() - began) / 1000;
  const rss = rssMiB(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { seconds, rss };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-start-bench-'));
try {
  await once(ways['tsx (before)'], dataDir); // initdb, migrations and the seed, once, untimed
  const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, args] of Object.entries(ways)) results[name].push(await once(args, dataDir));
  }
  console.log(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const [name, samples] of Object.entries(results)) {
    const times = samples.map((s) => s.seconds.toFixed(2)).join(' ');
    const rss = samples.map((s) => s.rss.toFixed(0)).join(' ');
    console.log(
      `${name}: start median ${median(samples.map((s) => s.seconds)).toFixed(2)} s [${times}], ` +
        `RSS median ${median(samples.map((s) => s.rss)).toFixed(0)} MiB [${rss}]`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
