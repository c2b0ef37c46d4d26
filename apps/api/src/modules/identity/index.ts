// The identity module's public surface: what app.ts and other modules may use.
export { identityRoutes } from './identity.routes';
