#!/usr/bin/env node
// `npm start`: builds the storefront, the admin console and the API if needed, then runs the
// compiled shop with plain node (migrations and the first seed happen inside the server, under a
// lock). PORT, HOST, DATA_DIR and the rest come from the environment; see the README's
// configuration section.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiDist, buildApiIfStale } from './lib/api-build.mjs';
import { SERVER_NODE_ARGS } from './lib/server-args.mjs';
import { buildAdminIfStale, buildStorefrontIfStale, root } from './lib/storefront-build.mjs';

buildStorefrontIfStale();
buildAdminIfStale();
await buildApiIfStale();

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, join(apiDist, 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
