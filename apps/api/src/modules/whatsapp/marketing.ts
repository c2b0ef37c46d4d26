import type { OutboxWhatsAppTemplate, Queryable } from '@kapaas/db';
import { whatsAppNumberOf } from '../../lib/whatsapp-number';
import { whatsappTemplateFor } from './templates';

/*
 * The WhatsApp form of a marketing message (issue 36: back in stock, the cart reminder), given with its mail. The
 * outbox sends it on WhatsApp only while the number's whatsapp_marketing consent stands (the row is `marketing`), so
 * a shopper who agreed only to order updates (whatsapp_updates) gets the e-mail.
 */

export type MarketingKind = 'back_in_stock' | 'cart_reminder';

/** The shopper's account as the message names it: its name and its mobile (ten digits). */
export interface MarketingAccount {
  name: string;
  mobile: string;
}

/** The first word of the account's name, as the templates greet the shopper ("Hello Priya"). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || 'there';
}

/**
 * The `whatsapp` of queueMail for a marketing message to the account's mobile, or undefined (the kind off, no
 * approved template): then only the e-mail is queued. `parameters` are in the demo templates' order, cut to the
 * count the template numbers (Meta refuses a wrong count); `urlParameter` fills the URL button's {{1}}, when the
 * template's URL has one.
 */
export async function marketingWhatsApp(
  db: Queryable,
  kind: MarketingKind,
  account: MarketingAccount,
  parameters: string[],
  urlParameter?: string,
): Promise<(OutboxWhatsAppTemplate & { phone: string }) | undefined> {
  const template = await whatsappTemplateFor(db, kind, 'en');
  if (!template) return undefined;
  const index = template.buttons.findIndex((button) => button.type === 'url' && button.url.includes('{{1}}'));
  // A URL button with {{1}} needs its parameter: without one Meta refuses the send, so the e-mail goes alone.
  if (index >= 0 && !urlParameter) return undefined;
  const buttons = index >= 0 && urlParameter ? [{ type: 'url' as const, index, text: urlParameter }] : [];
  return {
    phone: whatsAppNumberOf(account.mobile),
    template: template.name,
    language: template.language,
    bodyParameters: parameters.slice(0, template.parameters),
    ...(buttons.length > 0 ? { buttons } : {}),
  };
}
