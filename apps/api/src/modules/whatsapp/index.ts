// The whatsapp module's public surface (issue 36): the Cloud API port and its client, the plugin choosing Meta or the
// built-in sandbox, and the webhook (statuses to the outbox, replies to the handlers registered here). It owns
// `whatsapp_events`; the outbox's WhatsApp channel is the mail module's.
export {
  type ButtonParameter,
  type CloudApi,
  type NewTemplate,
  type RemoteTemplate,
  type SendTemplateInput,
  type SentMessage,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateButton,
  type TemplateCategory,
  type TemplateStatus,
  WhatsAppError,
} from './cloud-api';
export { createCloudApiClient, WHATSAPP_API_BASE } from './cloud-api.client';
export { deleteWhatsAppEventsOf } from './erasure';
export { type InboxQuery, repliesTo, strayReplies } from './inbox';
export { firstNameOf, type MarketingAccount, marketingWhatsApp } from './marketing';
export {
  changeTemplate,
  createTemplate,
  DEFAULT_WHATSAPP_KINDS,
  listTemplates,
  submitTemplate,
  syncTemplates,
  type WhatsAppTemplateChoice,
  whatsAppKindOf,
  whatsappTemplateFor,
} from './templates';
export {
  onWhatsAppReply,
  validSignature,
  type WhatsAppAnswer,
  type WhatsAppReply,
  type WhatsAppReplyHandler,
} from './webhook';
export { whatsAppWebhookRoutes } from './webhook.routes';
export { usesRealWhatsApp, type WhatsAppSetup, whatsAppMode, whatsAppPlugin } from './whatsapp.plugin';
