#!/usr/bin/env node
// `npm test`: the whole suite — unit, API and component tests (Vitest), then browser journeys
// (playwright-core driving Debian's Chromium against a shop started on a free port) — then its 10
// slowest tests across every pass, and one closing line `N passed, N failed` for all of it.
//
//   node scripts/test.mjs             everything
//   node scripts/test.mjs --api-only  the API tests and the migrations' tests alone (CI's second pass, on PostgreSQL)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatSlowest, slowestTests } from './lib/slowest-tests.mjs';
import { buildAdminIfStale, buildStorefrontIfStale, root } from './lib/storefront-build.mjs';

const CHROMIUM = '/usr/bin/chromium';
const apiOnly = process.argv.includes('--api-only');
const results = join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `The browser journeys need Chromium at ${CHROMIUM}, and it could not be installed automatically.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'then run the tests again.',
  );
  process.exit(1);
}

/** Runs one Vitest pass and reads back its counts, and its report (for the slowest tests). */
function vitest(name, args) {
  const outputFile = join(results, `${name}.json`);
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  let passed = 0;
  let failed = 0;
  const failures = [];
  let report;
  if (existsSync(outputFile)) {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    for (const file of report.testResults) {
      const where = relative(root, file.name);
      // A file that failed to load has no tests to count; it still failed.
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failed += 1;
        failures.push(`${where}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed') {
          failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        }
      }
    }
  }
  if (run.status !== 0 && failed === 0) {
    failed = 1;
    failures.push(`${name}: vitest exited with status ${run.status}`);
  }
  return { passed, failed, failures, report };
}

/** The first meaningful line of a failure message, short enough for a summary. */
function firstLine(message) {
  const lines = String(message ?? '').split('\n');
  const line = lines.find((l) => l.trim() !== '') ?? 'no message';
  // A browser journey's failure says what the page showed (e2e/support/failure-evidence.ts).
  const page = lines.find((l) => l.startsWith('page: '));
  return `${line.trim().slice(0, 300)}${page ? ` [${page.slice(0, 400)}]` : ''}`;
}

const passes = [];
// The API's tests render storefront pages with the real server build: build it first when it is missing or stale.
buildStorefrontIfStale();
if (apiOnly) {
  passes.push(vitest('api', ['--project', 'api']));
  // The migrations' own tests, which run their PostgreSQL half only when DATABASE_URL names a server.
  passes.push(vitest('db-migrations', ['--project', 'db', '.migration.test.ts']));
} else {
  ensureChromium();
  // The console's budget test (apps/admin/src/budget.test.ts) measures its real build, as the storefront's does.
  buildAdminIfStale();
  passes.push(vitest('unit', []));
  passes.push(vitest('e2e', ['--config', 'e2e/vitest.config.ts']));
}

const total = passes.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed }), {
  passed: 0,
  failed: 0,
});
const failures = passes.flatMap((p) => p.failures);
const slowest = slowestTests(
  passes.map((p) => p.report),
  root,
);
writeFileSync(join(results, 'summary.json'), JSON.stringify({ ...total, failures, slowest }));
// Where the time went, so that a test growing slow shows before it times out on a busy machine.
if (slowest.length > 0) console.log(`\n${formatSlowest(slowest).join('\n')}`);
// The failures again at the very end, where a truncated log still shows them.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
