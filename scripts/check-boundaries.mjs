#!/usr/bin/env node
// Enforces the import direction of the storefront and the admin console (ADR 002): shared -> features -> app.
// src/components and src/lib never import a feature or the app; a feature never imports
// another feature; and nothing outside apps/api imports server code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readProblems } from './lib/table-reads.mjs';
import { ownershipProblems } from './lib/table-writes.mjs';

// BOUNDARIES_ROOT: another copy of the repository to check, for the check's own tests (scripts/lib/table-writes.test.mjs).
const root = process.env.BOUNDARIES_ROOT ?? resolve(import.meta.dirname, '..');
const apps = [join(root, 'apps/storefront/src'), join(root, 'apps/admin/src')];
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

/** Which layer a file of an app's src belongs to: 'app', 'shared', or 'feature:<name>'. */
function layerOf(src, file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'features') return `feature:${parts[1]}`;
  if (parts[0] === 'app' || parts[0] === 'routes' || parts[0] === 'main.tsx') return 'app';
  return 'shared';
}

/**
 * Where an import points inside the app: relative specifiers, and the app's own package.json `imports` alias
 * (`#storefront/…` → src, `#storefront/test/…` → test; ADR 023). Anything else is a package.
 */
function targetOf(src, file, specifier) {
  if (specifier?.startsWith('.')) return resolve(dirname(file), specifier);
  const alias = `#${src.split(sep).at(-2)}/`;
  if (!specifier?.startsWith(alias)) return undefined;
  const rest = specifier.slice(alias.length);
  return rest.startsWith('test/') ? join(src, '..', rest) : join(src, rest);
}

const problems = [];
for (const src of apps) {
  for (const file of sourceFiles(src)) {
    const from = layerOf(src, file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const target = targetOf(src, file, specifier);
      if (!target) continue;
      if (!target.startsWith(src)) continue;
      const to = layerOf(src, target);
      const allowed = from === to || to === 'shared' || (from === 'app' && to.startsWith('feature:'));
      if (!allowed) problems.push(`${relative(root, file)} imports ${specifier} (${from} -> ${to})`);
    }
  }
}

// The Razorpay sandbox lives apart (ADR 022): production code (apps/api/src/modules, lib,
// plugins) never imports apps/api/src/dev. The one way in is the dynamic import() in
// razorpay.plugin.ts, taken only when no Razorpay keys are configured. Tests and their fixtures may.
const apiSrc = join(root, 'apps/api/src');
const devDir = join(apiSrc, 'dev');
// The Shiprocket sandbox is kept apart the same way: its one way in is the import() in shiprocket.plugin.ts.
const sandboxLoaders = [
  { file: join(apiSrc, 'modules/razorpay/razorpay.plugin.ts'), specifier: '../../dev/razorpay-sandbox/sandbox.plugin' },
  {
    file: join(apiSrc, 'modules/shiprocket/shiprocket.plugin.ts'),
    specifier: '../../dev/shiprocket-sandbox/sandbox.plugin',
  },
  // And the WhatsApp sandbox's: the import() in whatsapp.plugin.ts (issue 36).
  { file: join(apiSrc, 'modules/whatsapp/whatsapp.plugin.ts'), specifier: '../../dev/whatsapp-sandbox/sandbox.plugin' },
];
for (const layer of ['modules', 'lib', 'plugins']) {
  for (const file of sourceFiles(join(apiSrc, layer))) {
    if (/\.(test|fixtures)\.ts$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (target !== devDir && !target.startsWith(`${devDir}${sep}`)) continue;
      const isTheLoader = sandboxLoaders.some((loader) => file === loader.file && match[2] === loader.specifier);
      if (!isTheLoader)
        problems.push(`${relative(root, file)} imports ${specifier} (production code -> apps/api/src/dev)`);
    }
  }
}

// In the API (ADR 021) a module's non-test file imports another module only through its index.ts,
// and app.ts imports modules only through their index.
const modules = join(apiSrc, 'modules');

/** The module a file of apps/api/src/modules belongs to, or undefined outside the modules. */
function moduleOf(file) {
  const parts = relative(modules, file).split(sep);
  return parts[0] === '..' || parts.length < 2 ? undefined : parts[0];
}

/** Tests and fixtures may reach into a module; everything else uses its index. */
const reachesFreely = (file) => /\.(test|pg\.test|fixtures)\.tsx?$/.test(file);

/** Whether an import of `target` (resolved, without extension) names a module's index. */
function isIndex(target) {
  const parts = relative(modules, target).split(sep);
  return parts.length === 1 || (parts.length === 2 && parts[1] === 'index');
}

for (const file of sourceFiles(modules)) {
  if (reachesFreely(file)) continue;
  const from = moduleOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(modules + sep)) continue;
    const to = relative(modules, target).split(sep)[0];
    if (to === from) continue;
    if (!isIndex(target)) {
      problems.push(`${relative(root, file)} imports ${specifier} (module ${from} reaches into ${to}: use ../${to})`);
    }
  }
}

// The API's floors (ADR 039, ADR 041): lib/ is the ground floor, plugins/ (the Fastify plugins: sessions, metrics,
// web, scheduled jobs…) stand on it, the modules on both, and app.ts on top. A production file of lib/ or plugins/
// imports nothing from a floor above it, not even a type: a lower floor that needs something from above declares
// the interface (or takes the function) and app.ts or the module hands it down, or the module adds its field to
// lib/deps.ts's ServiceDeps by declaration merging.
const floors = ['lib', 'plugins', 'modules', 'app.ts'];
const floorNames = { lib: 'lib/', plugins: 'plugins/', modules: 'the modules', 'app.ts': 'app.ts' };

/** The floor of an import's target (resolved, without extension), or undefined outside the four. */
function floorOf(target) {
  const parts = relative(apiSrc, target).split(sep);
  if (parts.length === 1 && (parts[0] === 'app' || parts[0] === 'app.ts')) return 'app.ts';
  return parts.length > 1 && floors.includes(parts[0]) ? parts[0] : undefined;
}

for (const floor of ['lib', 'plugins']) {
  for (const file of sourceFiles(join(apiSrc, floor))) {
    if (reachesFreely(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const to = floorOf(resolve(dirname(file), specifier));
      if (to && floors.indexOf(to) > floors.indexOf(floor)) {
        const why = `${floor}/ is below ${floorNames[to]}: invert the dependency`;
        problems.push(`${relative(root, file)} imports ${specifier} (${why})`);
      }
    }
  }
}

for (const file of [join(apiSrc, 'app.ts')]) {
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (target.startsWith(modules + sep) && !isIndex(target)) {
      problems.push(`${relative(root, file)} imports ${specifier} (app.ts uses a module's index only)`);
    }
  }
}

// Each table has one writing module (ADR 021, amended by ADR 039): a module's production code that inserts,
// updates or deletes a table another module owns fails, naming the file, the table and its owner. Code outside
// the modules (lib/, plugins/, dev/, backups/, app.ts…) writes only the infrastructure tables assigned to it (ADR 041).
const owners = await import(pathToFileURL(join(modules, 'table-owners.ts')).href);
problems.push(...ownershipProblems(root, owners.TABLE_OWNERS, owners.INFRASTRUCTURE_TABLES));

// Reads across modules (ADR 043): a module reads another's table through the owner's index.ts, or under a read model
// it declares in table-readers.ts; a declared read the code no longer makes fails too, so that the map stays true.
const readers = await import(pathToFileURL(join(modules, 'table-readers.ts')).href);
problems.push(...readProblems(root, owners.TABLE_OWNERS, owners.INFRASTRUCTURE_TABLES, readers.READ_MODELS));

if (problems.length) {
  console.error(`Import boundaries, table owners or read models broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  'Import boundaries hold; every table is written by its owner alone, and every cross-module read is declared.',
);
