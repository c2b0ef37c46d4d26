import type { Config } from '@react-router/dev/config';

/**
 * The storefront in React Router's framework mode: every page is rendered on the server (by the API, which imports the
 * server build) and hydrated in the browser. The build goes to dist/: dist/client (the files browsers load) and
 * dist/server/index.js (the server build).
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config;
