import { z } from 'zod';
import { adminItem } from './common';

/*
 * The shop's WhatsApp message templates (issue 36), under /admin/api/whatsapp-templates: Meta sends a message the shop
 * starts only from a template it approved, per name and language, so the owner writes them here, submits them for
 * review and copies Meta's verdict back. Each serves one kind of message.
 */

/** The messages a template can serve (every return and exchange update is `return_update`). */
export const WHATSAPP_KINDS = [
  'order_placed',
  'order_paid',
  'order_cod_confirm',
  'order_cod_unconfirmed',
  'order_shipped',
  'shipment_out_for_delivery',
  'order_delivered',
  'shipment_undelivered',
  'return_update',
  'back_in_stock',
  'cart_reminder',
] as const;
export const WhatsAppKind = z.enum(WHATSAPP_KINDS);
export type WhatsAppKind = z.infer<typeof WhatsAppKind>;

/** Each kind in the owner's words, and whether Meta counts it as marketing (dearer, and only with consent). */
export const WHATSAPP_KIND_INFO: Record<WhatsAppKind, { label: string; marketing: boolean }> = {
  order_placed: { label: 'Order placed (cash on delivery)', marketing: false },
  order_paid: { label: 'Order paid', marketing: false },
  order_cod_confirm: { label: 'COD confirmation (Confirm / Cancel buttons)', marketing: false },
  order_cod_unconfirmed: { label: 'COD order cancelled, not confirmed in time', marketing: false },
  order_shipped: { label: 'Order shipped, with the tracking link', marketing: false },
  shipment_out_for_delivery: { label: 'Out for delivery', marketing: false },
  order_delivered: { label: 'Delivered', marketing: false },
  shipment_undelivered: { label: 'Could not deliver (another attempt / correct the address)', marketing: false },
  return_update: { label: 'Return and exchange updates', marketing: false },
  back_in_stock: { label: 'Back in stock', marketing: true },
  cart_reminder: { label: 'Cart reminder', marketing: true },
};

export const WhatsAppLanguage = z.enum(['en', 'hi'], 'English (en) or Hindi (hi).');
export const WhatsAppCategory = z.enum(
  ['utility', 'marketing', 'authentication'],
  'Utility, marketing or authentication.',
);
export const WhatsAppTemplateStatus = z.enum(['draft', 'pending', 'approved', 'rejected', 'paused', 'disabled']);
export type WhatsAppTemplateStatus = z.infer<typeof WhatsAppTemplateStatus>;

/** What a quick reply's tap does when it comes back (its payload). */
export const QUICK_REPLY_ACTIONS = {
  cod_confirm: 'Confirms the cash-on-delivery order',
  cod_cancel: 'Cancels the cash-on-delivery order',
  delivery_retry: 'Asks the courier for another attempt',
  address_correct: 'Answers with the link to correct the address or phone',
  stop: 'Stops WhatsApp messages to this number',
} as const;
export const QuickReplyAction = z.enum(Object.keys(QUICK_REPLY_ACTIONS) as [keyof typeof QUICK_REPLY_ACTIONS]);

const ButtonText = z.string().trim().min(1, 'Give the button a text.').max(25, 'At most 25 characters.');

export const WhatsAppTemplateButton = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('quick_reply'), text: ButtonText, payload: QuickReplyAction }),
  z.strictObject({
    type: z.literal('url'),
    text: ButtonText,
    /** An https address; it may end in {{1}}, which each message fills (a tracking number, an order's page). */
    url: z.string().trim().max(2000).startsWith('https://', 'An https:// address.'),
    /** The whole address with an example in place of {{1}}, which Meta requires. */
    example: z.string().trim().max(2000),
  }),
]);
export type WhatsAppTemplateButton = z.infer<typeof WhatsAppTemplateButton>;

/** A template as the owner writes it (POST, PATCH). The server checks the rest (parameters, buttons, category). */
export const AdminWhatsAppTemplateInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'Lowercase letters, digits and underscores only, as Meta requires.'),
  language: WhatsAppLanguage,
  category: WhatsAppCategory,
  kind: WhatsAppKind,
  body: z.string().trim().min(1, 'This field is required.').max(1024, 'At most 1,024 characters, as Meta allows.'),
  /** One example per parameter {{1}} … {{n}}, in order. */
  examples: z.array(z.string().trim().min(1, 'Give an example.').max(200)).max(20).default([]),
  buttons: z.array(WhatsAppTemplateButton).max(3, 'At most three buttons.').default([]),
});
export type AdminWhatsAppTemplateInput = z.infer<typeof AdminWhatsAppTemplateInput>;

export const AdminWhatsAppTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  language: WhatsAppLanguage,
  category: WhatsAppCategory,
  kind: WhatsAppKind,
  body: z.string(),
  examples: z.array(z.string()),
  /** As kept: a quick reply's payload is one of QUICK_REPLY_ACTIONS. */
  buttons: z.array(
    z.union([
      z.object({ type: z.literal('quick_reply'), text: z.string(), payload: z.string() }),
      z.object({ type: z.literal('url'), text: z.string(), url: z.string(), example: z.string() }),
    ]),
  ),
  status: WhatsAppTemplateStatus,
  rejected_reason: z.string().nullable(),
  meta_id: z.string().nullable(),
  submitted_at: z.string().nullable(),
  synced_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminWhatsAppTemplate = z.infer<typeof AdminWhatsAppTemplate>;

export const AdminWhatsAppTemplates = z.object({
  templates: z.array(AdminWhatsAppTemplate),
  /** `sandbox`: the built-in sandbox is Meta (it approves at /sandbox/whatsapp); `none`: WhatsApp is not set up. */
  mode: z.enum(['cloud', 'sandbox', 'none']),
});
export type AdminWhatsAppTemplates = z.infer<typeof AdminWhatsAppTemplates>;
export const AdminWhatsAppTemplatesAnswer = adminItem(AdminWhatsAppTemplates);
export type AdminWhatsAppTemplatesAnswer = z.infer<typeof AdminWhatsAppTemplatesAnswer>;
export const AdminWhatsAppTemplateAnswer = adminItem(AdminWhatsAppTemplate);
export type AdminWhatsAppTemplateAnswer = z.infer<typeof AdminWhatsAppTemplateAnswer>;

/** POST /whatsapp-templates/sync: the list as Meta's states left it, and what Meta holds that the shop does not. */
export const AdminWhatsAppSyncAnswer = adminItem(
  AdminWhatsAppTemplates.extend({
    updated: z.number().int(),
    /** `name (language)` of each template Meta holds that the shop does not keep. */
    unknown: z.array(z.string()),
  }),
);
export type AdminWhatsAppSyncAnswer = z.infer<typeof AdminWhatsAppSyncAnswer>;
