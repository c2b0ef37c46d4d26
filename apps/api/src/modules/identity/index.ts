// The identity module's public surface: what app.ts and other modules may use.

export { accountContacts, eraseAccount, forgetGuests, passwordMatches } from './erasure';
export { sessionStore, setUserStatus } from './identity.repository';
export { identityRoutes } from './identity.routes';
export {
  accountOfToken,
  FORGOT_PASSWORD_MESSAGE,
  issueResetToken,
  limitResetRequests,
  PASSWORD_RESET_MESSAGE,
  useResetToken,
} from './password-reset';
export { deleteEndedSessions, deleteIdleGuests } from './retention';
