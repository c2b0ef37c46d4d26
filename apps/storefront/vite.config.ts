import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API serves /api, the demo images under /media and the payment sandbox; the dev server forwards all three. */
const apiTarget = `http://127.0.0.1:${process.env.KAPAAS_API_PORT ?? '3000'}`;
const proxy = Object.fromEntries(['/api', '/media', '/sandbox'].map((path) => [path, { target: apiTarget }]));

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'storefront',
    environment: 'jsdom',
    setupFiles: './test/setup.ts',
    // Timed transitions (the 1.5 s cart spinner, redirects after 2 s) must not meet the limit on a busy machine.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    unstubGlobals: true,
  },
});
