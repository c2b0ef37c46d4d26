import { webAppConfig } from '@kapaas/web-kit/vite';

/** The API serves /api, the demo images under /media and the payment sandbox; the dev server forwards all three. */
export default webAppConfig({
  name: 'storefront',
  root: import.meta.dirname,
  apiPaths: ['/api', '/media', '/sandbox'],
});
