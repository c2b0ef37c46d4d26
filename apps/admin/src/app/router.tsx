import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The console is served at /admin/ (vite's base), so every route lives under that basename. */
export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: '/admin' });
}
