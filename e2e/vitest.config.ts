import { defineConfig } from 'vitest/config';
import { shopCount } from './support/global-setup';

/**
 * Browser journeys: Chromium driven by playwright-core against real shops. Each worker has a shop of its own
 * (support/global-setup.ts starts E2E_SHOPS of them, 2 by default) and runs its files one at a time.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/failure-evidence.ts'],
    maxWorkers: shopCount(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page on a machine busy with the whole suite can take seconds to answer; vitest's default is 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
