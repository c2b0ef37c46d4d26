import {
  type AdminWhatsAppTemplate,
  AdminWhatsAppTemplateInput,
  WHATSAPP_KINDS,
  type WhatsAppKind,
  type WhatsAppTemplateStatus,
} from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { type CloudApi, type NewTemplate, type TemplateButton, type TemplateStatus, WhatsAppError } from './cloud-api';
import {
  approvedTemplate,
  insertTemplate,
  listTemplateRows,
  type TemplateRow,
  templateNamed,
  templateRow,
  updateTemplate,
  whatsAppKinds,
} from './templates.repository';
import { checkTemplate, parameterNumbers } from './templates.rules';

/*
 * The shop's WhatsApp templates (issue 36): written in the console as drafts, submitted to Meta (or the sandbox) for
 * review, and their state copied back by "sync". The outbox sends a kind by WhatsApp only with an approved template
 * of it in the shopper's language, and only when the owner turned the kind on (shop_settings.whatsapp_kinds).
 */

/**
 * The kinds a shop sends by WhatsApp before the owner chose (shop_settings' column default): the ones that save a
 * parcel, and the cancellation of a COD order its confirmation asked about in vain, told where it asked (a shopper
 * who was asked on WhatsApp reads the answer there). Meta charges per template message, so the rest start off.
 */
export const DEFAULT_WHATSAPP_KINDS: readonly WhatsAppKind[] = [
  'order_cod_confirm',
  'order_cod_unconfirmed',
  'order_shipped',
  'shipment_out_for_delivery',
  'shipment_undelivered',
];

const LANGUAGE_NAMES = { en: 'English', hi: 'Hindi' } as const;

export function templateAnswer(row: TemplateRow): AdminWhatsAppTemplate {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    kind: row.kind,
    body: row.body,
    examples: row.examples,
    buttons: row.buttons,
    status: row.status,
    rejected_reason: row.rejectedReason,
    meta_id: row.metaId,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    synced_at: row.syncedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Queryable): Promise<AdminWhatsAppTemplate[]> {
  return (await listTemplateRows(db)).map(templateAnswer);
}

const nameTaken = (input: AdminWhatsAppTemplateInput) =>
  fieldError(
    'name',
    `A template named ${input.name} in ${LANGUAGE_NAMES[input.language]} exists already: Meta keeps one per name and language.`,
  );

/** A new draft, checked as Meta would check it. */
export async function createTemplate(db: Queryable, input: AdminWhatsAppTemplateInput): Promise<AdminWhatsAppTemplate> {
  checkTemplate(input);
  const row = await insertTemplate(db, input);
  if (!row) throw nameTaken(input);
  return templateAnswer(row);
}

/** Changes a draft or a rejected template (which becomes a draft again, to be submitted anew). */
export async function changeTemplate(
  db: Database,
  id: number,
  input: AdminWhatsAppTemplateInput,
): Promise<{ before: AdminWhatsAppTemplate; after: AdminWhatsAppTemplate }> {
  checkTemplate(input);
  return db.transaction(async (tx) => {
    const current = await templateRow(tx, id, true);
    if (!current) throw notFound('Template');
    if (current.status !== 'draft' && current.status !== 'rejected') {
      throw new AppError(
        'CONFLICT',
        `Only a draft or a rejected template can be changed; this one is ${current.status} at Meta. Make a new one instead.`,
      );
    }
    if (current.status === 'rejected' && current.name === input.name && current.language === input.language) {
      // Meta keeps the rejected template under its name and language: a corrected one is a new submission.
      throw fieldError('name', `Meta keeps the rejected ${current.name}: give the corrected template a new name.`);
    }
    const other = await templateNamed(tx, input.name, input.language);
    if (other && other.id !== id) throw nameTaken(input);
    // A template Meta rejected goes back as a new submission: Meta's id and verdict belong to the old text.
    const row = await updateTemplate(tx, id, { ...input, status: 'draft', rejectedReason: null, metaId: null });
    if (!row) throw notFound('Template');
    return { before: templateAnswer(current), after: templateAnswer(row) };
  });
}

function metaButton(button: TemplateRow['buttons'][number]): TemplateButton {
  if (button.type === 'quick_reply') return { type: 'QUICK_REPLY', text: button.text };
  return {
    type: 'URL',
    text: button.text,
    url: button.url,
    ...(button.url.includes('{{1}}') ? { example: [button.example] } : {}),
  };
}

/** The template in the port's form, as POST /{WABA_ID}/message_templates takes it. */
export function newTemplateOf(row: TemplateRow): NewTemplate {
  return {
    name: row.name,
    language: row.language,
    category: row.category.toUpperCase() as NewTemplate['category'],
    body: row.body,
    ...(row.examples.length > 0 ? { bodyExample: row.examples } : {}),
    ...(row.buttons.length > 0 ? { buttons: row.buttons.map(metaButton) } : {}),
  };
}

const statusOf = (status: TemplateStatus): WhatsAppTemplateStatus => status.toLowerCase() as WhatsAppTemplateStatus;

/** Meta's refusal as the owner reads it: a 400 with Meta's words, or a 502 when Meta could not be reached. */
function metaRefusal(error: unknown): never {
  if (!(error instanceof WhatsAppError)) throw error;
  const detail = error.details.errorDetails ? ` (${error.details.errorDetails})` : '';
  if (error.retriable || error.code === 0) {
    throw new AppError('PROVIDER_UNAVAILABLE', `WhatsApp could not be reached: ${error.message}. Try again shortly.`);
  }
  throw new AppError('INVALID_DATA', `Meta refused the template (${error.code}): ${error.message}${detail}`, {
    code: 'WHATSAPP_REFUSED',
  });
}

/** Submits a draft for Meta's review: it is pending (or whatever Meta answers) with Meta's id. */
export async function submitTemplate(
  db: Queryable,
  client: CloudApi,
  id: number,
): Promise<{ before: AdminWhatsAppTemplate; after: AdminWhatsAppTemplate }> {
  const current = await templateRow(db, id);
  if (!current) throw notFound('Template');
  if (current.status !== 'draft') {
    throw new AppError('CONFLICT', `This template is ${current.status}: only a draft is submitted for review.`);
  }
  // Checked again: a row written before a rule was added must not reach Meta to be refused there.
  const kept = AdminWhatsAppTemplateInput.safeParse({
    name: current.name,
    language: current.language,
    category: current.category,
    kind: current.kind,
    body: current.body,
    examples: current.examples,
    buttons: current.buttons,
  });
  if (!kept.success) throw new AppError('INVALID_DATA', 'This template no longer passes the checks: change it first.');
  checkTemplate(kept.data);
  const answer = await client.createTemplate(newTemplateOf(current)).catch(metaRefusal);
  const row = await updateTemplate(db, id, {
    status: statusOf(answer.status),
    metaId: answer.id,
    submittedAt: new Date(),
    rejectedReason: null,
  });
  if (!row) throw notFound('Template');
  return { before: templateAnswer(current), after: templateAnswer(row) };
}

/**
 * Copies each template's state from Meta (GET /{WABA_ID}/message_templates). A template the shop submitted that Meta
 * no longer holds (deleted in Meta's manager, or seeded for the sandbox) goes back to draft, to be submitted again;
 * what Meta holds that the shop does not keep is named, not imported (its kind is the owner's to say).
 */
/** Answers how many templates' states changed, and what Meta holds that the shop does not keep. */
export async function syncTemplates(db: Queryable, client: CloudApi, now = new Date()) {
  const remote = await client.listTemplates().catch(metaRefusal);
  const byKey = new Map(remote.map((template) => [`${template.name}|${template.language}`, template]));
  let updated = 0;
  for (const row of await listTemplateRows(db)) {
    const found = byKey.get(`${row.name}|${row.language}`);
    byKey.delete(`${row.name}|${row.language}`);
    if (!found && row.status === 'draft') continue;
    const changes = found
      ? { status: statusOf(found.status), rejectedReason: found.rejectedReason ?? null, metaId: found.id }
      : { status: 'draft' as const, rejectedReason: null, metaId: null };
    await updateTemplate(db, row.id, { ...changes, syncedAt: now });
    if (changes.status !== row.status || changes.rejectedReason !== row.rejectedReason) updated += 1;
  }
  const unknown = [...byKey.values()].map((template) => `${template.name} (${template.language})`);
  return { updated, unknown };
}

const RETURN_MAIL_KINDS = new Set([
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'return_refunded',
  'return_exchange_shipped',
]);

/**
 * The WhatsApp kind an outbox mail kind is sent as (every return and exchange mail is one `return_update`), or null
 * for a mail that has no WhatsApp form (the owner's, a password reset, …). The COD confirmation has no mail kind: the
 * owner phones instead.
 */
export function whatsAppKindOf(mailKind: string): WhatsAppKind | null {
  if (RETURN_MAIL_KINDS.has(mailKind)) return 'return_update';
  return (WHATSAPP_KINDS as readonly string[]).includes(mailKind) ? (mailKind as WhatsAppKind) : null;
}

/** A template as a sender uses it: what to send Meta and what each of its buttons means. */
export interface WhatsAppTemplateChoice {
  name: string;
  language: 'en' | 'hi';
  category: 'utility' | 'marketing' | 'authentication';
  /** How many {{n}} the body numbers: the sender gives as many parameters. */
  parameters: number;
  body: string;
  buttons: TemplateRow['buttons'];
}

/**
 * The approved template for a kind of message in the shopper's language, or null: then the e-mail goes instead. Null
 * also when the owner turned WhatsApp off for the kind (settings), so a sender asks one question.
 */
export async function whatsappTemplateFor(
  db: Queryable,
  kind: WhatsAppKind,
  language: 'en' | 'hi',
): Promise<WhatsAppTemplateChoice | null> {
  const kinds = (await whatsAppKinds(db)) ?? DEFAULT_WHATSAPP_KINDS;
  if (!kinds.includes(kind)) return null;
  const row = await approvedTemplate(db, kind, language);
  if (!row) return null;
  return {
    name: row.name,
    language: row.language,
    category: row.category,
    parameters: parameterNumbers(row.body).length,
    body: row.body,
    buttons: row.buttons,
  };
}
