// The privacy module's public surface (issue 35, India's DPDP Act): the registry of personal data, retention,
// and the shopper's rights requests. What app.ts and other modules may use.
export {
  addressesInList,
  breachView,
  choosePeople,
  findBreach,
  recordBreach,
  sendBreachNotice,
} from './breach';
export { breachPage, noticePage, notifiedCount } from './breach.repository';
export { ERASED_ANSWER, eraseCustomer, eraseForRequest, exportForOwner } from './console-data';
export { erasePerson, OPEN_ORDER_STATUSES, refuseWhileOpen } from './erasure';
export { exportFiles, sweepExports } from './export';
export { myDataRoutes } from './my-data.routes';
export { accountKeys, guestKeys, requestKeys } from './person-keys';
export { REGISTRY } from './registry';
export {
  answerPrivacyRequest,
  findPrivacyRequest,
  privacyRequestPage,
  requestView,
  startPrivacyRequest,
} from './requests.console';
export { privacyRequestRoutes } from './requests.routes';
export { applyRetention, type ConsoleRecords, retentionPeriods, runDailyRetention } from './retention';
export { DEFAULT_RETENTION_SWEEP_MS, retentionPlugin } from './retention.plugin';
