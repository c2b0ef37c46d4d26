/** The spinner both apps show while data is on its way (packages/web-kit). */
export { LoadingState } from '@kapaas/web-kit';
