import { randomBytes } from 'node:crypto';
import { type Database, sandboxWhatsappMessages, sandboxWhatsappTemplates, sandboxWhatsappWebhooks } from '@kapaas/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  HELD_SUFFIX,
  SANDBOX_DISPLAY_NUMBER,
  SANDBOX_PHONE_NUMBER_ID,
  SANDBOX_WABA_ID,
  UNDELIVERABLE_SUFFIX,
} from './sandbox.constants';

/*
 * The Graph API's side of the sandbox: sending (POST /{phone_number_id}/messages), templates
 * (GET/POST /{WABA_ID}/message_templates) and the webhooks Meta would send, in Meta's shapes and with Meta's error
 * codes and messages.
 */

/** A refusal in Meta's shape `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
export class GraphError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }

  get body() {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details: this.details } }),
        fbtrace_id: `A${randomBytes(10).toString('hex')}`,
      },
    };
  }
}

const invalidParameter = (details: string) => new GraphError(400, 100, '(#100) Invalid parameter', details);

export const newWamid = () =>
  `wamid.${Buffer.from(`kapaas-sandbox-${randomBytes(12).toString('hex')}`).toString('base64')}`;

const ButtonComponent = z.object({
  type: z.literal('button'),
  sub_type: z.enum(['quick_reply', 'url']),
  index: z.union([z.string().regex(/^\d$/), z.number().int().min(0).max(9)]).transform(Number),
  parameters: z.array(
    z.union([
      z.object({ type: z.literal('payload'), payload: z.string() }),
      z.object({ type: z.literal('text'), text: z.string() }),
    ]),
  ),
});
const BodyComponent = z.object({
  type: z.literal('body'),
  parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1) })),
});
const TemplateSend = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\+?\d{8,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string().min(2) }),
    components: z.array(z.union([BodyComponent, ButtonComponent])).default([]),
  }),
  biz_opaque_callback_data: z.string().max(512).optional(),
});
const TextSend = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\+?\d{8,15}$/),
  type: z.literal('text'),
  text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
  context: z.object({ message_id: z.string() }).optional(),
});

/** The {{n}} a template's body numbers, in order: {{1}} … {{count}}. */
export const parameterCount = (body: string) => new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;

export const render = (text: string, parameters: readonly string[]) =>
  text.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);

/** What a send asked for, checked against the template as Meta checks it. */
async function checkedTemplate(db: Database, send: z.infer<typeof TemplateSend>) {
  const { name, language, components } = send.template;
  const [template] = await db
    .select()
    .from(sandboxWhatsappTemplates)
    .where(and(eq(sandboxWhatsappTemplates.name, name), eq(sandboxWhatsappTemplates.language, language.code)));
  // Meta answers a template under review, rejected or missing alike: it does not exist in the translation.
  if (template?.status !== 'APPROVED') {
    throw new GraphError(
      404,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language.code}`,
    );
  }
  const body = components.find((c) => c.type === 'body');
  const given = body?.type === 'body' ? body.parameters.map((p) => p.text) : [];
  const expected = parameterCount(template.body);
  if (given.length !== expected) {
    throw new GraphError(
      400,
      132000,
      '(#132000) Number of parameters does not match the expected number of params',
      `body: number of localizable_params (${given.length}) does not match the expected number of params (${expected})`,
    );
  }
  return { template, parameters: given, buttons: buttonsOf(template.buttons, components) };
}

/** The template's buttons as the phone shows them, with what this send put in each. */
function buttonsOf(
  defined: { type: 'QUICK_REPLY' | 'URL'; text: string; url?: string }[],
  components: z.infer<typeof TemplateSend>['template']['components'],
) {
  return defined.map((button, index) => {
    const given = components.find((c) => c.type === 'button' && c.index === index);
    const parameter = given?.type === 'button' ? given.parameters[0] : undefined;
    if (button.type === 'URL') {
      const text = parameter && 'text' in parameter ? parameter.text : '';
      return { type: 'URL' as const, text: button.text, url: render(button.url ?? '', [text]) };
    }
    // Without a payload Meta sends back the button's text as the payload.
    const payload = parameter && 'payload' in parameter ? parameter.payload : button.text;
    return { type: 'QUICK_REPLY' as const, text: button.text, payload };
  });
}

const digitsOf = (to: string) => to.replace(/^\+/, '');

/** POST /{phone_number_id}/messages: a template or a text. Answers Meta's answer and the webhooks it owes. */
export async function sendMessage(db: Database, phoneNumberId: string, payload: unknown) {
  if (phoneNumberId !== SANDBOX_PHONE_NUMBER_ID) {
    throw new GraphError(400, 100, `(#100) Unsupported post request. Object with ID '${phoneNumberId}' does not exist`);
  }
  const kind = z.object({ type: z.string() }).safeParse(payload);
  if (!kind.success || (kind.data.type !== 'template' && kind.data.type !== 'text')) {
    throw invalidParameter('type: only template and text messages are emulated');
  }
  const wamid = newWamid();
  let row: typeof sandboxWhatsappMessages.$inferInsert;
  let callback: string | undefined;
  if (kind.data.type === 'template') {
    const send = TemplateSend.safeParse(payload);
    if (!send.success)
      throw invalidParameter(send.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const { template, parameters, buttons } = await checkedTemplate(db, send.data);
    callback = send.data.biz_opaque_callback_data;
    row = {
      wamid,
      direction: 'out',
      phone: digitsOf(send.data.to),
      template: template.name,
      language: template.language,
      parameters,
      buttons,
      text: render(template.body, parameters),
    };
  } else {
    const send = TextSend.safeParse(payload);
    if (!send.success)
      throw invalidParameter(send.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    row = {
      wamid,
      direction: 'out',
      phone: digitsOf(send.data.to),
      text: send.data.text.body,
      contextId: send.data.context?.message_id ?? null,
    };
  }
  await db.insert(sandboxWhatsappMessages).values(row);
  const webhookIds = await queueSendStatuses(db, wamid, row.phone, callback);
  return {
    answer: {
      messaging_product: 'whatsapp',
      contacts: [{ input: row.phone, wa_id: row.phone }],
      messages: [{ id: wamid, ...(row.template ? { message_status: 'accepted' } : {}) }],
    },
    webhookIds,
  };
}

/**
 * The statuses Meta sends after a send: `sent`, then `delivered` twice (Meta may repeat a webhook); for a number
 * that has no WhatsApp, `failed` with 131026 instead; for a held number, kept back until test/release.
 */
async function queueSendStatuses(db: Database, wamid: string, phone: string, callback: string | undefined) {
  if (phone.endsWith(UNDELIVERABLE_SUFFIX)) {
    return queueStatuses(db, wamid, phone, ['failed'], callback, { code: 131026, title: 'Message undeliverable' });
  }
  const ids = await queueStatuses(db, wamid, phone, ['sent', 'delivered', 'delivered'], callback);
  if (!phone.endsWith(HELD_SUFFIX)) return ids;
  await db.update(sandboxWhatsappWebhooks).set({ held: true }).where(inArray(sandboxWhatsappWebhooks.id, ids));
  return [];
}

/** Lets a message's held statuses go (all held ones without a message id), answering their ids in the order asked. */
export async function releaseHeld(db: Database, wamid: string | undefined, order: 'queued' | 'reverse') {
  const released = await db
    .update(sandboxWhatsappWebhooks)
    .set({ held: false })
    .where(and(eq(sandboxWhatsappWebhooks.held, true), wamid ? eq(sandboxWhatsappWebhooks.wamid, wamid) : undefined))
    .returning({ id: sandboxWhatsappWebhooks.id });
  const ids = released.map((row) => row.id).sort((a, b) => a - b);
  return order === 'reverse' ? ids.reverse() : ids;
}

export const STATUS_VALUES = ['sent', 'delivered', 'read', 'failed'] as const;
export type SandboxStatus = (typeof STATUS_VALUES)[number];

/** Stores status webhooks of one message, in this order, as Meta's `statuses[]` entries. */
export async function queueStatuses(
  db: Database,
  wamid: string,
  phone: string,
  statuses: readonly SandboxStatus[],
  callback?: string,
  error?: { code: number; title: string },
): Promise<number[]> {
  const ids: number[] = [];
  for (const status of statuses) {
    const entry = {
      id: wamid,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: phone,
      ...(callback === undefined ? {} : { biz_opaque_callback_data: callback }),
      ...(status === 'failed'
        ? {
            errors: [
              {
                code: error?.code ?? 131026,
                title: error?.title ?? 'Message undeliverable',
                message: error?.title ?? 'Message undeliverable',
                error_data: { details: 'Message failed to send because the number has no WhatsApp.' },
              },
            ],
          }
        : {}),
    };
    ids.push(await storeWebhook(db, wamid, status, { statuses: [entry] }));
  }
  return ids;
}

/** Wraps a change's value in Meta's envelope and stores the body, byte for byte as it will be signed. */
export async function storeWebhook(db: Database, wamid: string, event: string, value: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: SANDBOX_WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: SANDBOX_DISPLAY_NUMBER, phone_number_id: SANDBOX_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const [row] = await db
    .insert(sandboxWhatsappWebhooks)
    .values({ wamid, event, body })
    .returning({ id: sandboxWhatsappWebhooks.id });
  return (row as { id: number }).id;
}

export const ReplyBody = z
  .object({
    from: z.string().regex(/^\+?\d{8,15}$/, 'must be a phone number in digits'),
    context_message_id: z.string().min(1).optional(),
    button_payload: z.string().min(1).optional(),
    text: z.string().min(1).max(4096).optional(),
    name: z.string().min(1).max(100).default('Sandbox shopper'),
  })
  .refine((body) => body.button_payload !== undefined || body.text !== undefined, {
    message: 'give button_payload (a tap) or text (a reply)',
    path: ['text'],
  });

/**
 * The shopper's phone replies: a tap on a quick-reply button of `context_message_id` (its payload and text), or a
 * text. Stores it on the chat, marks the message answered read, and queues the webhook Meta would send.
 */
export async function reply(db: Database, input: z.infer<typeof ReplyBody>) {
  const from = digitsOf(input.from);
  const [context] = input.context_message_id
    ? await db.select().from(sandboxWhatsappMessages).where(eq(sandboxWhatsappMessages.wamid, input.context_message_id))
    : [];
  const tapped = context?.buttons.find((b) => b.type === 'QUICK_REPLY' && b.payload === input.button_payload);
  if (input.button_payload !== undefined && context && !tapped) {
    throw new GraphError(400, 100, 'That message has no button with this payload', `payload ${input.button_payload}`);
  }
  const wamid = newWamid();
  const text = input.button_payload !== undefined ? (tapped?.text ?? input.button_payload) : (input.text as string);
  await db.insert(sandboxWhatsappMessages).values({
    wamid,
    direction: 'in',
    phone: from,
    text,
    contextId: input.context_message_id ?? null,
    buttonPayload: input.button_payload ?? null,
  });
  const ids = context ? await queueStatuses(db, context.wamid, from, ['read']) : [];
  const message = {
    from,
    id: wamid,
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...(input.context_message_id ? { context: { from: SANDBOX_DISPLAY_NUMBER, id: input.context_message_id } } : {}),
    ...(input.button_payload !== undefined
      ? { type: 'button', button: { payload: input.button_payload, text } }
      : { type: 'text', text: { body: text } }),
  };
  ids.push(
    await storeWebhook(db, wamid, 'reply', {
      contacts: [{ profile: { name: input.name }, wa_id: from }],
      messages: [message],
    }),
  );
  return { answer: { message_id: wamid }, webhookIds: ids };
}

/** The chat of one number (or every number's), oldest first. */
export function chat(db: Database, phone?: string) {
  return db
    .select()
    .from(sandboxWhatsappMessages)
    .where(phone ? eq(sandboxWhatsappMessages.phone, digitsOf(phone)) : undefined)
    .orderBy(asc(sandboxWhatsappMessages.id));
}
