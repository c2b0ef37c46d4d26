// The messages module's public surface: what app.ts may use.
export { messageRoutes } from './messages.routes';
