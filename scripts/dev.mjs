#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch), the storefront on React Router's dev
// server (Vite, rendering pages on the server, with hot reload), which forwards /api, /media and /sandbox to the API, and the admin console on
// its own dev server (port 5174, under /admin/), which forwards /admin/api and /media.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/storefront-build.mjs';

const apiPort = process.env.PORT ?? '3000';
const children = [
  [
    'api',
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'apps/api/src/server.ts'],
    root,
  ],
  [
    'web',
    // React Router's dev server renders the storefront's pages itself, reading the API over HTTP.
    [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'dev', '--host', process.env.HOST ?? '127.0.0.1'],
    join(root, 'apps/storefront'),
  ],
  [
    'admin',
    [join(root, 'node_modules/vite/bin/vite.js'), '--host', process.env.HOST ?? '127.0.0.1'],
    join(root, 'apps/admin'),
  ],
].map(([name, args, cwd]) => {
  const child = spawn(process.execPath, args, {
    cwd,
    // The API's output reaches the terminal through this script's pipe: ask for readable logs.
    env: {
      ...(process.stdout.isTTY ? { LOG_FORMAT: 'pretty' } : {}),
      ...process.env,
      PORT: apiPort,
      KAPAAS_API_PORT: apiPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code) => {
    console.log(`[${name}] exited (${code}); stopping`);
    stop(code ?? 1);
  });
  return child;
});

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
