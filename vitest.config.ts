import { defineConfig } from 'vitest/config';

/** Unit, API and component tests. Browser journeys have their own config in e2e/. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The repository's scripts' own helpers (the report at the end of npm test, say).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: { name: 'web-kit', root: 'packages/web-kit', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      'apps/api/vitest.config.ts',
      'apps/storefront/vite.config.ts',
      'apps/admin/vite.config.ts',
    ],
  },
});
