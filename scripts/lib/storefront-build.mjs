// Builds the storefront and the admin console when a build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
const storefront = join(root, 'apps/storefront');
const admin = join(root, 'apps/admin');
/** What each app's build leaves last: the storefront's server build, the admin console's index.html. */
const BUILT = { storefront: 'dist/server/index.js', admin: 'dist/index.html' };
export const storefrontServerBuild = join(storefront, BUILT.storefront);

/** The newest modification time of a file or of anything under a folder (node_modules and dist left out). */
export function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestIn(join(path, name)));
  }
  return newest;
}

/** True when the app's build is missing or older than anything its build reads. */
function isStale(app) {
  const index = join(app, app === storefront ? BUILT.storefront : BUILT.admin);
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [app, join(root, 'packages/contract/src')];
  return sources.some((path) => newestIn(path) > built);
}

export const storefrontIsStale = () => isStale(storefront);

function buildIfStale(app, name) {
  if (!isStale(app)) return;
  console.log(`Building the ${name}…`);
  const steps = [
    // The storefront is built by React Router's framework mode (a client and a server build), the console by Vite.
    app === storefront
      ? [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build']
      : [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Brotli and gzip copies of the browser's files, served as they are asked for.
    [join(root, 'scripts/precompress.mjs'), app === storefront ? 'dist/client' : 'dist'],
  ];
  // A build started from a test run (the stack test's `npm run stack`) must not inherit VITEST: the storefront's Vite
  // config reads it to pick its test setup, which has no React Router plugin, and the build would fail.
  const { VITEST: _test, ...env } = process.env;
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: app, stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`The ${name} build failed.`);
      process.exit(result.status ?? 1);
    }
  }
}

export const buildStorefrontIfStale = () => buildIfStale(storefront, 'storefront');
export const buildAdminIfStale = () => buildIfStale(admin, 'admin console');
