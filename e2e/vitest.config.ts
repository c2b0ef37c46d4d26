import { defineConfig } from 'vitest/config';

/** Browser journeys: one shop for the run, Chromium driven by playwright-core, one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page on a machine busy with the whole suite can take seconds to answer; vitest's default is 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
