#!/usr/bin/env node
// `npm run backup` and `npm run restore`: run the compiled command of that name (apps/api/dist),
// building the API first when it is missing or stale, as `npm start` does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiDist, buildApiIfStale } from './lib/api-build.mjs';

const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') {
  console.error('Usage: node scripts/ops.mjs backup|restore [FILE]');
  process.exit(2);
}
await buildApiIfStale();
const child = spawn(process.execPath, ['--enable-source-maps', join(apiDist, `${command}.js`), ...args], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
