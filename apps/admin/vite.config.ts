import { webAppConfig } from '@kapaas/web-kit/vite';

/** The console lives at /admin on the shop's server; in development the dev server forwards the admin API and the images. */
export default webAppConfig({
  name: 'admin',
  root: import.meta.dirname,
  base: '/admin/',
  apiPaths: ['/admin/api', '/media'],
  port: 5174,
});
