// The reports module's public surface (issue 37): the owner's reports (ADR 054) and the funnel's counts (ADR 053).
export { FUNNEL_STEPS, Funnel, type FunnelStep, isPersonVisit, productViews } from './funnel';
export { DEFAULT_FUNNEL_FLUSH_MS, funnelPlugin } from './funnel.plugin';
export { reportRoutes } from './reports.routes';
