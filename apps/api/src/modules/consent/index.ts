// The consent module's public surface (issue 35): the privacy notice and its versions, and the consent ledger that
// every sender of a message for a purpose asks. It owns `privacy_notices` and `consents`.
export { consentRoutes } from './consent.routes';
export { forgetConsentsOf } from './erasure';
export {
  type ConsentEntry,
  consentStands,
  consentStandsSql,
  consentsOf,
  type Person,
  recordConsents,
  type StandingConsent,
} from './ledger';
export {
  currentNotice,
  currentNoticeVersion,
  grievanceOfficer,
  type NoticeVersionRow,
  noticeVersions,
  publishNotice,
  shownNoticeVersion,
} from './notices';
