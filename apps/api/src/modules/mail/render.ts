import { adminUsers, type Database, type Queryable } from '@kapaas/db';
import { render } from '@react-email/render';
import { and, eq } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { invoicePdfOf } from '../tax';
import { type MailKind, purposeOf } from './kinds';
import { unsubscribeUrl } from './links';
import type { OutboxRow } from './outbox.repository';
import type { MailSettings } from './settings';
import { TEMPLATES } from './templates';

/** What a template gets: the database to read its facts from, the shop's mail settings, and the message. */
export interface TemplateContext {
  db: Queryable;
  mail: MailSettings;
  row: OutboxRow;
  /** For marketing messages: the recipient's unsubscribe link, for the footer. */
  unsubscribeUrl: string | undefined;
}

/** A template's answer: the subject and the message as a react-email element (Layout at its root). */
export interface Built {
  subject: string;
  element: ReactElement;
}

export type Template = (context: TemplateContext) => Promise<Built>;
export type Templates = Partial<Record<MailKind, Template>>;

/** Renders a queued message: its recipient (the owners' addresses for theirs), subject, HTML and plain text. */
export async function renderOutboxMessage(
  deps: { db: Database; mail: MailSettings },
  row: OutboxRow,
): Promise<{ recipient: string; subject: string; html: string; text: string }> {
  const recipient =
    row.audience === 'owner' ? (await ownerAddresses(deps.db, deps.mail)).join(', ') : (row.recipient ?? '');
  const template = TEMPLATES[row.kind as MailKind];
  if (!template) throw new Error(`no template for ${row.kind}`);
  const built = await template({
    db: deps.db,
    mail: deps.mail,
    row,
    unsubscribeUrl:
      row.marketing && recipient ? unsubscribeUrl(deps.mail, recipient, purposeOf(row.kind as MailKind)) : undefined,
  });
  const html = await render(built.element);
  const text = await render(built.element, { plainText: true });
  return { recipient, subject: built.subject, html, text };
}

/** Where the owner's messages go: NOTIFY_EMAIL, or every active owner account's address. */
export async function ownerAddresses(db: Queryable, settings: MailSettings): Promise<string[]> {
  if (settings.notify && settings.notify.length > 0) return [...settings.notify];
  const owners = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'owner'), eq(adminUsers.active, true)));
  return owners.map((owner) => owner.email);
}

/** The files a message carries: the order's tax invoice, when the message says so and the invoice exists. */
export async function attachmentsOf(db: Queryable, row: OutboxRow) {
  const orderId = row.payload.invoice_of_order;
  if (typeof orderId !== 'number') return [];
  const invoice = await invoicePdfOf(db, orderId);
  return invoice ? [{ filename: invoice.fileName, content: invoice.pdf, contentType: 'application/pdf' }] : [];
}
