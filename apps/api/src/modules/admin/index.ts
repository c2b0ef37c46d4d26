// The admin module's public surface: what app.ts and other modules may use.
export { type AdminOptions, adminRoutes } from './admin.routes';
export { forgetCustomerInAudit } from './audit-erasure';
export { type ImportDeps, type ImportRequest, runImport } from './imports/import.service';
export { consoleRecords, JOB_AUTHOR } from './retention';
