// The fit module's public surface (issue 38): size charts (ADR 056), size advice (ADR 057), children (ADR 059).
// Append lines only.

export { adviceNaming } from './advices';
export { ageInMonths, childProfilesOf, deleteChildProfilesOf } from './child-profiles';
export { childProfileRoutes } from './child-profiles.routes';
export { type FitLine, fitLineKey, fitWarningsOf } from './fit-warning';
export { nextSizeSoonDaily, queueNextSizeSoon } from './next-size';
export { sizeAdviceRoutes } from './size-advice.routes';
export {
  type ChartOwner,
  type ChartRow,
  dropProductSizeChart,
  loadSizeCharts,
  productSizeChart,
  type StoredChart,
  saveSizeChart,
  sizeChartOf,
} from './size-charts';
