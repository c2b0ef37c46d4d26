// The slowest tests of a run, for the end of `npm test`: read from the Vitest JSON reports its passes write, so that a
// test that grows slow (or a machine too busy for one) shows before it times out.
import { relative } from 'node:path';

/** The longest a listed name may be before it is cut, so that each test keeps to one line of a terminal. */
const NAME_LENGTH = 110;

/**
 * The `count` slowest tests of these Vitest JSON reports (one per pass: unit, e2e, api…), slowest first: each as its
 * file relative to `root`, its full name and its duration in milliseconds. Tests that did not run (skipped, todo) and
 * tests without a duration are left out; equal durations keep the reports' order.
 */
export function slowestTests(reports, root, count = 10) {
  const tests = [];
  for (const report of reports) {
    for (const file of report?.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'passed' && test.status !== 'failed') continue;
        if (typeof test.duration !== 'number' || !Number.isFinite(test.duration)) continue;
        tests.push({ file: relative(root, file.name), name: test.fullName, ms: test.duration });
      }
    }
  }
  return tests
    .map((test, order) => ({ test, order }))
    .sort((a, b) => b.test.ms - a.test.ms || a.order - b.order)
    .slice(0, count)
    .map(({ test }) => test);
}

/** Seconds to one decimal, right-aligned in `width` characters: "  26.5 s". */
function seconds(ms, width) {
  return `${(ms / 1000).toFixed(1)} s`.padStart(width);
}

/**
 * The lines that list them: a heading, then one line per test, its seconds aligned, then its file and name (cut with
 * "…" past NAME_LENGTH characters). Nothing when there is no test.
 */
export function formatSlowest(tests) {
  if (tests.length === 0) return [];
  const width = Math.max(...tests.map((test) => seconds(test.ms, 0).length));
  const lines = [`Slowest ${tests.length === 1 ? 'test' : `${tests.length} tests`}:`];
  for (const test of tests) {
    const where = `${test.file} > ${test.name}`;
    const shown = where.length > NAME_LENGTH ? `${where.slice(0, NAME_LENGTH - 1)}…` : where;
    lines.push(`  ${seconds(test.ms, width)}  ${shown}`);
  }
  return lines;
}
