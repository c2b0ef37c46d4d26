// The search module's public surface: what app.ts may use.
export { searchRoutes } from './search.routes';
