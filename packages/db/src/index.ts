/** Query operators, re-exported so that apps query through this package only. */
export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
export * from './client';
export { DataDirLockedError } from './data-dir-lock';
export * from './migrate';
export * from './prepare';
export { rebuildReportAggregates } from './report-aggregates';
export * as schema from './schema';
export * from './schema';
