import { defineConfig } from 'vitest/config';

/** Tests that need a real PostgreSQL server (several processes on one database) run when DATABASE_URL is set. */
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: onPostgres ? [] : ['**/*.pg.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
