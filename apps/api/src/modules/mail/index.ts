// The mail module's public surface: queue a message in the caller's transaction (the outbox), and
// the worker that renders and sends them.

export { anonymiseMessagesTo } from './erasure';
export { holdMail, releaseMail } from './hold';
export { MAIL_KIND_VALUES, MAIL_KINDS, type MailKind, purposeOf } from './kinds';
export { unsubscribeUrl } from './links';
export { DEFAULT_MAIL_SWEEP_MS, mailPlugin } from './mail.plugin';
export { mailPictureUrl, mailRoutes } from './mail.routes';
export { orderMessages, whatsAppMessagesOf } from './order-outbox';
export {
  findOutboxMessage,
  kindLabel,
  listOutbox,
  type OutboxListQuery,
  type OutboxViewer,
  outboxKinds,
  type Resent,
  resendMessage,
  SEALED_MASK,
  statusText,
  WAITING_FOR_SERVER,
} from './outbox-admin';
export { isQueued, mayMarket, type QueuedMail, queuedSoFar, queueMail } from './queue';
export { ownerAddresses } from './render';
export { clearOldBodies, deleteOldRecords } from './retention';
export { SEALED_PLACEHOLDER, seal, unsubscribeSignature, validUnsubscribeSignature } from './seal';
export { CLAIM_MS, MAX_ATTEMPTS, type MailerDeps, prepareMessages, retryDelayMs, sendDueMessages } from './sender';
export { type MailSettings, mailSettingsOf } from './settings';
export { type MailTransport, type OutgoingMail, smtpTransport } from './transport';
export { recordWhatsAppStatus, type WhatsAppStatusUpdate, whatsAppMessageOf } from './whatsapp-outbox';
export { sendDueWhatsApp } from './whatsapp-sender';
export { type WhatsAppSend, type WhatsAppSendStatus, whatsAppSendOf } from './whatsapp-state';
