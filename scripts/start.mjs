#!/usr/bin/env node
// `npm start`: builds the storefront and the admin console if needed, then runs the shop (migrations and the first
// seed happen inside the server, under a lock). PORT, HOST, DATA_DIR and the rest come from the
// environment; see the README's configuration section.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAdminIfStale, buildStorefrontIfStale, root } from './lib/storefront-build.mjs';

buildStorefrontIfStale();
buildAdminIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
