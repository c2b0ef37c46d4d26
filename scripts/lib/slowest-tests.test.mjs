import { describe, expect, it } from 'vitest';
import { formatSlowest, slowestTests } from './slowest-tests.mjs';

const ROOT = '/repo';

/** A Vitest JSON report of one pass, from [file, [name, status, duration]…] pairs. */
function report(files) {
  return {
    testResults: files.map(([file, tests]) => ({
      name: `${ROOT}/${file}`,
      assertionResults: tests.map(([fullName, status, duration]) => ({ fullName, status, duration })),
    })),
  };
}

describe('the slowest tests at the end of npm test', () => {
  it('takes the 10 slowest across every pass, slowest first, leaving out tests that did not run', () => {
    const unit = report([
      ['apps/api/src/a.test.ts', Array.from({ length: 8 }, (_, n) => [`a ${n}`, 'passed', 100 * (n + 1)])],
      [
        'apps/api/src/b.test.ts',
        [
          ['b skipped', 'skipped', 90_000],
          ['b failed', 'failed', 2_500],
          ['b todo', 'todo'],
        ],
      ],
    ]);
    const e2e = report([
      [
        'e2e/shop.e2e.ts',
        [
          ['journey', 'passed', 41_234.5],
          ['quick', 'passed', 5],
        ],
      ],
    ]);
    const slowest = slowestTests([unit, undefined, e2e], ROOT);
    expect(slowest.map((test) => test.name)).toEqual([
      'journey',
      'b failed',
      'a 7',
      'a 6',
      'a 5',
      'a 4',
      'a 3',
      'a 2',
      'a 1',
      'a 0',
    ]);
    expect(slowest[0]).toEqual({ file: 'e2e/shop.e2e.ts', name: 'journey', ms: 41_234.5 });
    expect(slowestTests([unit, e2e], ROOT, 3).map((test) => test.ms)).toEqual([41_234.5, 2_500, 800]);
  });

  it('lists them one to a line, seconds aligned, long names cut; nothing without tests', () => {
    const long = `races ${'and more races '.repeat(10)}`;
    const lines = formatSlowest([
      { file: 'e2e/shop.e2e.ts', name: 'journey', ms: 41_234.5 },
      { file: 'apps/api/test/x.test.ts', name: long, ms: 1_040 },
    ]);
    expect(lines[0]).toBe('Slowest 2 tests:');
    expect(lines[1]).toBe('  41.2 s  e2e/shop.e2e.ts > journey');
    expect(lines[2]?.startsWith('   1.0 s  apps/api/test/x.test.ts > races and more races')).toBe(true);
    expect(lines[2]?.endsWith('…')).toBe(true);
    expect(lines[2]?.length).toBe('   1.0 s  '.length + 110);
    expect(formatSlowest([{ file: 'f.test.ts', name: 'one', ms: 12 }])).toEqual([
      'Slowest test:',
      '  0.0 s  f.test.ts > one',
    ]);
    expect(formatSlowest([])).toEqual([]);
  });
});
