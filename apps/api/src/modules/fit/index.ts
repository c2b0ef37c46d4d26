// The fit module's public surface (issue 38): size charts (ADR 056), size advice (ADR 057). Append lines only.
export { adviceNaming } from './advices';
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
