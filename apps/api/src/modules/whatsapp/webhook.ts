import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Database, type Queryable, whatsappEvents } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Logger } from '../../lib/deps';
import { recordWhatsAppStatus, whatsAppMessageOf } from '../mail';
import { isStop, stopReply } from './stop';

/*
 * POST /api/whatsapp_webhook's work: Meta's signature over the raw bytes, then each status and each reply stored once
 * by its message id (and status), statuses applied to the outbox, replies handed to the handlers other modules
 * register (the COD buttons), after the shop's own STOP; what they answer is sent once the reply is committed.
 */

/** Whether `X-Hub-Signature-256` is `sha256=` + hex(HMAC-SHA256(raw body, app secret)), compared in constant time. */
export function validSignature(raw: string, header: unknown, appSecret: string | undefined): boolean {
  if (!appSecret || typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const Status = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string().regex(/^\d+$/),
  recipient_id: z.string(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z
    .array(z.object({ code: z.number(), title: z.string().optional(), message: z.string().optional() }))
    .optional(),
});
const Message = z.object({
  from: z.string(),
  id: z.string().min(1),
  timestamp: z.string().regex(/^\d+$/),
  type: z.string(),
  context: z.object({ id: z.string().optional(), from: z.string().optional() }).optional(),
  button: z.object({ payload: z.string(), text: z.string() }).optional(),
  interactive: z.object({ button_reply: z.object({ id: z.string(), title: z.string() }).optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
});
const Body = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({ statuses: z.array(Status).optional(), messages: z.array(Message).optional() })
            .passthrough(),
        }),
      ),
    }),
  ),
});

/** A shopper's reply or tap, as the handlers get it. */
export interface WhatsAppReply {
  /** The reply's own wamid. */
  messageId: string;
  /** The shopper's number (digits). */
  from: string;
  /** The shop's message it answers (context.id), if any. */
  contextId: string | null;
  /** Whether `contextId` is a message the shop's outbox sent. */
  knownContext: boolean;
  /** The outbox row's kind, key and number of that message, for the handler to find its order and check the sender. */
  context: { kind: string; key: string; phone: string | null } | null;
  type: string;
  /** A quick-reply tap's payload (`button.payload`, or an interactive reply's id). */
  buttonPayload: string | null;
  text: string | null;
}

/**
 * What a handler answers, both once the reply is committed: a text in the chat (free text: the shopper has just
 * written, ADR 050), and work that must follow the commit (an order move's after-commit effects).
 */
export interface WhatsAppAnswer {
  text?: string;
  after?: () => Promise<void>;
}

/**
 * What a handler may use: the transaction the reply is stored in (a failure stores nothing: Meta retries). It may
 * answer a text, sent once the reply is committed: never for a reply stored before, and never for one rolled back.
 * A handler that takes a reply answers something (`{}` when it has nothing to say); one that answers nothing leaves
 * it to the others, and a reply no handler took is marked so (`handled` false) for the owner's WhatsApp inbox.
 */
export type WhatsAppReplyHandler = (
  tx: Queryable,
  reply: WhatsAppReply,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that answers nothing may simply return
) => Promise<WhatsAppAnswer | undefined | void>;

/** Sends an answer in the chat (the client's sendText). */
export type SendAnswer = (to: string, text: string, contextMessageId: string) => Promise<unknown>;

const handlers = new Set<WhatsAppReplyHandler>();

/** Registers a handler of every new reply (once per reply); answers the function that removes it. */
export function onWhatsAppReply(handler: WhatsAppReplyHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export class RefusedWebhook extends Error {}

/** Parses a verified body; a body that is not Meta's is refused (400). */
export function parseWebhook(raw: string): z.infer<typeof Body> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RefusedWebhook('The body is not JSON');
  }
  const parsed = Body.safeParse(json);
  if (!parsed.success) throw new RefusedWebhook('The body is not a WhatsApp Business Account webhook');
  return parsed.data;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
const at = (seconds: string) => new Date(Number(seconds) * 1000);

async function storeStatus(db: Database, status: z.infer<typeof Status>, log: Logger) {
  if (!STATUSES.has(status.status)) return;
  const event = status.status as 'sent' | 'delivered' | 'read' | 'failed';
  const first = status.errors?.[0];
  const error = first ? `${first.code}: ${first.message ?? first.title ?? 'failed'}` : undefined;
  const inserted = await db
    .insert(whatsappEvents)
    .values({
      messageId: status.id,
      event,
      phone: status.recipient_id,
      error: error ?? null,
      occurredAt: at(status.timestamp),
      raw: status,
    })
    .onConflictDoNothing()
    .returning({ id: whatsappEvents.id });
  if (inserted.length === 0) return;
  const ours = await recordWhatsAppStatus(db, {
    messageId: status.id,
    status: event,
    error,
    callbackData: status.biz_opaque_callback_data,
    at: at(status.timestamp),
  });
  if (!ours) log.info({ wamid: status.id, status: event }, 'a WhatsApp status of a message the outbox does not know');
}

async function storeReply(db: Database, message: z.infer<typeof Message>): Promise<WhatsAppAnswer[]> {
  return db.transaction(async (tx) => {
    const contextId = message.context?.id ?? null;
    const buttonPayload = message.button?.payload ?? message.interactive?.button_reply?.id ?? null;
    const text = message.text?.body ?? message.button?.text ?? message.interactive?.button_reply?.title ?? null;
    const inserted = await tx
      .insert(whatsappEvents)
      .values({
        messageId: message.id,
        event: 'reply',
        phone: message.from,
        contextId,
        replyType: message.type,
        buttonPayload,
        text,
        handled: false,
        occurredAt: at(message.timestamp),
        raw: message,
      })
      .onConflictDoNothing()
      .returning({ id: whatsappEvents.id });
    if (inserted.length === 0) return [];
    const context = contextId ? await whatsAppMessageOf(tx, contextId) : null;
    const reply: WhatsAppReply = {
      messageId: message.id,
      from: message.from,
      contextId,
      knownContext: context !== null,
      context,
      type: message.type,
      buttonPayload,
      text,
    };
    const { answers, taken } = await answersTo(tx, reply);
    const [row] = inserted;
    if (taken && row) await tx.update(whatsappEvents).set({ handled: true }).where(eq(whatsappEvents.id, row.id));
    return answers;
  });
}

/**
 * STOP first (the shop's own), then every registered handler; answers what they would say, and whether any took the
 * reply. A STOP is the shop's even when nothing was left to withdraw (it is not answered twice, ADR 050).
 */
async function answersTo(tx: Queryable, reply: WhatsAppReply): Promise<{ answers: WhatsAppAnswer[]; taken: boolean }> {
  const answers: WhatsAppAnswer[] = [];
  const stopped = await stopReply(tx, reply);
  if (stopped) answers.push(stopped);
  let taken = reply.type === 'text' && isStop(reply.text);
  for (const handler of handlers) {
    const answer = await handler(tx, reply);
    if (answer) answers.push(answer);
    taken ||= Boolean(answer);
  }
  return { answers, taken };
}

/**
 * Sends the answers after the reply committed. A failed answer is logged, not retried: the reply is stored and its
 * work done, and Meta's retry of the webhook would find it stored and answer nothing.
 */
async function sendAnswers(send: SendAnswer, log: Logger, message: z.infer<typeof Message>, answers: WhatsAppAnswer[]) {
  for (const answer of answers) {
    try {
      await answer.after?.();
      if (answer.text) await send(message.from, answer.text, message.id);
    } catch (error) {
      log.warn({ err: error, to: message.from }, 'a WhatsApp answer to a reply could not be sent');
    }
  }
}

/** Stores and applies every status and reply of a verified webhook. Answers how many entries it held. */
export async function receiveWhatsAppWebhook(
  db: Database,
  log: Logger,
  raw: string,
  send: SendAnswer,
): Promise<number> {
  const body = parseWebhook(raw);
  let count = 0;
  for (const change of body.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    for (const status of change.value.statuses ?? []) {
      await storeStatus(db, status, log);
      count += 1;
    }
    for (const message of change.value.messages ?? []) {
      await sendAnswers(send, log, message, await storeReply(db, message));
      count += 1;
    }
  }
  return count;
}
