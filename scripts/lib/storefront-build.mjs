// Builds the storefront when its build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
const storefront = join(root, 'apps/storefront');
export const storefrontIndex = join(storefront, 'dist/index.html');

function newestIn(path) {
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

/** True when dist/index.html is missing or older than anything the build reads. */
export function storefrontIsStale() {
  if (!existsSync(storefrontIndex)) return true;
  const built = statSync(storefrontIndex).mtimeMs;
  const sources = [storefront, join(root, 'packages/contract/src')];
  return sources.some((path) => newestIn(path) > built);
}

export function buildStorefrontIfStale() {
  if (!storefrontIsStale()) return;
  console.log('Building the storefront…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: storefront,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The storefront build failed.');
    process.exit(result.status ?? 1);
  }
}
