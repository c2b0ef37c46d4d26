import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The console lives at /admin on the shop's server; in development the dev server forwards the admin API and the images. */
const apiTarget = `http://127.0.0.1:${process.env.KAPAAS_API_PORT ?? '3000'}`;
const proxy = Object.fromEntries(['/admin/api', '/media'].map((path) => [path, { target: apiTarget }]));

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  server: { proxy, port: 5174 },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'admin',
    environment: 'jsdom',
    setupFiles: './test/setup.ts',
    // Timed transitions (the 1.5 s cart spinner, redirects after 2 s) must not meet the limit on a busy machine.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    unstubGlobals: true,
  },
});
