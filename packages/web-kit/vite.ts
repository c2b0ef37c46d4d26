import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * `zod` as the browser apps import it: through src/zod-jitless.ts, which turns off zod's `new Function` probe that a
 * strict Content-Security-Policy reports. Only a bare `zod` is redirected; the module itself imports `zod/v4`.
 */
export const ZOD_IN_THE_BROWSER = { find: /^zod$/, replacement: join(import.meta.dirname, 'src', 'zod-jitless.ts') };

interface WebAppOptions {
  /** The Vitest project name. */
  name: string;
  /** The app's folder (its vite.config.ts's `import.meta.dirname`). */
  root: string;
  /** Where the app is served from; `/` unless it lives under a prefix. */
  base?: string;
  /** The paths the dev server and preview forward to the API. */
  apiPaths: string[];
  /** The dev server's port, when the app must not take Vite's default. */
  port?: number;
}

/** The Vite and Vitest configuration of a browser app: React, the API proxy, the dist build and the jsdom tests. */
export function webAppConfig({ name, root, base = '/', apiPaths, port }: WebAppOptions) {
  const apiTarget = `http://127.0.0.1:${process.env.KAPAAS_API_PORT ?? '3000'}`;
  const proxy = Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget }]));
  return defineConfig({
    root,
    base,
    plugins: [react()],
    resolve: { alias: [ZOD_IN_THE_BROWSER] },
    server: { proxy, ...(port === undefined ? {} : { port }) },
    preview: { proxy },
    build: { outDir: 'dist', emptyOutDir: true },
    test: {
      name,
      environment: 'jsdom',
      setupFiles: './test/setup.ts',
      // Timed transitions (the 1.5 s cart spinner, redirects after 2 s) must not meet the limit on a busy machine.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      unstubGlobals: true,
      // A worker's test files share its loaded modules and its window rather than each making its own: the
      // storefront's tests took 63 s instead of 141 s here. The setup file empties the storage for each file, globals
      // stubbed by a test are put back after it, and no test mocks a module.
      isolate: false,
    },
  });
}
