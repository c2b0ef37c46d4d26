// The health module's public surface: what app.ts may use.
export { healthRoutes } from './health.routes';
export { readinessRoutes } from './readiness.routes';
