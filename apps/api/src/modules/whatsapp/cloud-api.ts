/*
 * The WhatsApp port: what the shop asks of Meta's WhatsApp Business Cloud API (the Graph API), in the shop's words.
 * One adapter implements it (cloud-api.client.ts) and talks either to graph.facebook.com or to the built-in sandbox
 * (apps/api/src/dev/whatsapp-sandbox), as the Razorpay and Shiprocket clients do (ADR 022, ADR 045). Everything the
 * shop sends, and every error it reads back, is in Meta's documented shapes; the names here are the shop's.
 */

/** A template's approval state as Meta reports it (GET /{WABA_ID}/message_templates → data[].status). */
export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** Meta's template categories (utility: order updates; marketing: offers; authentication: codes). */
export const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * A button's parameter for one send. A quick reply carries the payload the shop reads back when it is tapped
 * (the webhook's `button.payload`); a URL button carries the one `{{1}}` of the template's URL.
 */
export type ButtonParameter =
  | { type: 'quick_reply'; index: number; payload: string }
  | { type: 'url'; index: number; text: string };

export interface SendTemplateInput {
  /** The shopper's number in E.164 without the +, e.g. 919876543210. */
  to: string;
  /** The template's name as approved by Meta, e.g. order_shipped. */
  template: string;
  /** The template's language code: en, hi, en_US, … */
  language: string;
  /** The body's {{1}}, {{2}}, … in order. */
  bodyParameters: string[];
  buttons?: ButtonParameter[];
  /**
   * Meta's `biz_opaque_callback_data`: echoed in every status webhook of the message. The outbox puts its row's id
   * here, so a send whose answer was lost (a crash) is still matched to its row by the statuses that follow.
   */
  callbackData?: string;
}

/** A sent message: Meta's id (`wamid.…`), which every status webhook and every reply's `context.id` names. */
export interface SentMessage {
  messageId: string;
  /** The WhatsApp id Meta resolved the number to (contacts[0].wa_id). */
  waId: string | undefined;
}

/** A template's button as the template (not one send) defines it. */
export type TemplateButton =
  | { type: 'QUICK_REPLY'; text: string }
  /** `url` may end in {{1}}: the one parameter each send fills. */
  | { type: 'URL'; text: string; url: string; example?: string[] };

/** A template for Meta's review (POST /{WABA_ID}/message_templates), in the shop's flattened form. */
export interface NewTemplate {
  name: string;
  language: string;
  category: TemplateCategory;
  /** With numbered parameters {{1}}, {{2}}, … */
  body: string;
  /** One example value per body parameter, which Meta requires for review. */
  bodyExample?: string[];
  buttons?: TemplateButton[];
}

/** A template as Meta holds it. */
export interface RemoteTemplate extends NewTemplate {
  id: string;
  status: TemplateStatus;
  /** Meta's reason for a rejection, when there is one. */
  rejectedReason?: string;
}

/**
 * Why Meta refused or the call failed. `code` is Meta's error code (131047 re-engagement window, 132000 parameter
 * count mismatch, 132001 template does not exist, 131026 undeliverable, 190 bad token, 4/80007/130429 rate
 * limits, …) or 0 when there was no Meta answer at all (network, timeout, an unreadable body).
 */
export class WhatsAppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** True when the same send may succeed later (rate limits, Meta's 5xx, no answer): the outbox tries again. */
    readonly retriable: boolean,
    readonly details: { subcode?: number; fbtraceId?: string; httpStatus?: number; errorDetails?: string } = {},
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}

/** The shop's WhatsApp Cloud API: sending and, for the templates page, listing and submitting templates. */
export interface CloudApi {
  /** POST /{version}/{phone_number_id}/messages with `type: "template"`. Throws WhatsAppError. */
  sendTemplate(input: SendTemplateInput): Promise<SentMessage>;
  /**
   * POST /{version}/{phone_number_id}/messages with `type: "text"`: free text, only inside the 24 hours after the
   * shopper last wrote (else Meta answers 131047). `contextMessageId` makes it a reply to that message.
   */
  sendText(to: string, body: string, contextMessageId?: string): Promise<SentMessage>;
  /** GET /{version}/{WABA_ID}/message_templates (every page). Throws WhatsAppError. */
  listTemplates(): Promise<RemoteTemplate[]>;
  /** POST /{version}/{WABA_ID}/message_templates: Meta answers `{id, status: "PENDING", category}`. */
  createTemplate(template: NewTemplate): Promise<{ id: string; status: TemplateStatus; category: TemplateCategory }>;
}
