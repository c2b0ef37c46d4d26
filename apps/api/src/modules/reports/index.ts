// The reports module's public surface (issue 37): the owner's reports (ADR 054) and the funnel's counts (ADR 053).
export { reportRoutes } from './reports.routes';
