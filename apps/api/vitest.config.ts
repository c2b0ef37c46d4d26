import { defineConfig } from 'vitest/config';

/** Tests that need a real PostgreSQL server (several processes on one database) run when DATABASE_URL is set. */
const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * Tests that start shop processes of their own on the embedded database whatever DATABASE_URL
 * says (the data-folder lock, SIGTERM, the server entry points, the PGlite backup, the stack with
 * its own PostgreSQL): the PostgreSQL pass would only repeat them.
 */
const embeddedProcessTests = [
  'test/backup.test.ts',
  'test/data-dir-lock.test.ts',
  'test/mail-crash.test.ts',
  'test/server.test.ts',
  'test/shutdown.test.ts',
  'test/stack.test.ts',
];

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: onPostgres ? embeddedProcessTests : ['**/*.pg.test.ts'],
    environment: 'node',
    // Each worker loads the API's modules once for all its files, rather than once per file: the API's tests on
    // PostgreSQL took 190 s instead of 365 s on this 2-core machine. Every file builds its own app and database
    // from the template, and no test mocks a module, so files share nothing but the loaded code.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
