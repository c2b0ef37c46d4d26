import { z } from 'zod';
import {
  type ButtonParameter,
  type CloudApi,
  type NewTemplate,
  type RemoteTemplate,
  type SendTemplateInput,
  type SentMessage,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateButton,
  WhatsAppError,
} from './cloud-api';

/*
 * The Cloud API adapter: Meta's Graph API over HTTP with the system user's bearer token. The same code talks to
 * graph.facebook.com and to the built-in sandbox (/sandbox/whatsapp); only the base, the token and the `fetch` it is
 * handed differ (ADR 022). Requests and answers are Meta's documented shapes; answers are read with zod.
 */

export const WHATSAPP_API_BASE = 'https://graph.facebook.com';

/** The subset of `fetch` the client uses: global fetch, or the sandbox's in-process one. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface CloudApiOptions {
  /** A system user's access token (Business settings → System users), sent as `Authorization: Bearer`. */
  token: string;
  phoneNumberId: string;
  /** Templates are listed and submitted under the WhatsApp Business Account; unset: those calls refuse. */
  businessAccountId: string | undefined;
  /** e.g. https://graph.facebook.com, or the shop's origin + /sandbox/whatsapp. */
  apiBase: string;
  /** e.g. v23.0. */
  version: string;
  fetch?: FetchLike;
  /** Per request; default 15 s. */
  timeoutMs?: number;
}

/** Meta's error body. */
const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).passthrough().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const SendAnswer = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

const TemplateComponent = z.object({
  type: z.string(),
  text: z.string().optional(),
  example: z
    .object({ body_text: z.array(z.array(z.string())).optional() })
    .passthrough()
    .optional(),
  buttons: z
    .array(
      z.object({
        type: z.string(),
        text: z.string(),
        url: z.string().optional(),
        example: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

const TemplateList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      status: z.enum(TEMPLATE_STATUSES),
      category: z.enum(TEMPLATE_CATEGORIES),
      rejected_reason: z.string().optional(),
      components: z.array(TemplateComponent).default([]),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).passthrough().optional(),
});

const CreateAnswer = z.object({
  id: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  category: z.enum(TEMPLATE_CATEGORIES),
});

/**
 * Meta's codes a later try of the same send may get past: throttling (4, 80007, 130429, 131048, 131056) and its own
 * troubles (1, 2, 131000, 131016, 133004). Every other refusal (a template that does not exist, a parameter count,
 * the 24-hour window, an undeliverable number, a bad token) will be refused again.
 */
const RETRIABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** Meta's error of a non-2xx answer, or one made up from the status when the body is not Meta's. */
export function errorOf(status: number, body: string): WhatsAppError {
  let parsed: z.infer<typeof ErrorBody> | undefined;
  try {
    const result = ErrorBody.safeParse(JSON.parse(body));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON (a proxy's page): answered below from the status alone.
  }
  if (!parsed) return new WhatsAppError(0, `WhatsApp answered HTTP ${status}`, status >= 500 || status === 429);
  const { error } = parsed;
  return new WhatsAppError(error.code, error.message, status >= 500 || RETRIABLE_CODES.has(error.code), {
    ...(error.error_subcode === undefined ? {} : { subcode: error.error_subcode }),
    ...(error.fbtrace_id === undefined ? {} : { fbtraceId: error.fbtrace_id }),
    ...(error.error_data?.details === undefined ? {} : { errorDetails: error.error_data.details }),
    httpStatus: status,
  });
}

/** A send's button parameter in Meta's shape (`index` is a string in Meta's examples). */
function buttonComponent(button: ButtonParameter) {
  return button.type === 'quick_reply'
    ? {
        type: 'button',
        sub_type: 'quick_reply',
        index: String(button.index),
        parameters: [{ type: 'payload', payload: button.payload }],
      }
    : {
        type: 'button',
        sub_type: 'url',
        index: String(button.index),
        parameters: [{ type: 'text', text: button.text }],
      };
}

/** The body of POST /{phone_number_id}/messages for a template. */
export function templateMessage(input: SendTemplateInput) {
  const components: Record<string, unknown>[] = [];
  if (input.bodyParameters.length > 0) {
    components.push({ type: 'body', parameters: input.bodyParameters.map((text) => ({ type: 'text', text })) });
  }
  for (const button of input.buttons ?? []) components.push(buttonComponent(button));
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: input.to,
    type: 'template',
    template: { name: input.template, language: { code: input.language }, components },
    ...(input.callbackData === undefined ? {} : { biz_opaque_callback_data: input.callbackData }),
  };
}

/** A template in Meta's component form (POST /{WABA_ID}/message_templates). */
export function templateComponents(template: NewTemplate) {
  const body: Record<string, unknown> = { type: 'BODY', text: template.body };
  if (template.bodyExample && template.bodyExample.length > 0) body.example = { body_text: [template.bodyExample] };
  const components: Record<string, unknown>[] = [body];
  if (template.buttons && template.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: template.buttons });
  return components;
}

/** A template Meta lists, in the shop's flattened form. */
function remoteTemplate(row: z.infer<typeof TemplateList>['data'][number]): RemoteTemplate {
  const body = row.components.find((component) => component.type === 'BODY');
  const buttons = row.components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
  const example = body?.example?.body_text?.[0];
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    body: body?.text ?? '',
    ...(example ? { bodyExample: example } : {}),
    buttons: buttons.map(
      (button): TemplateButton =>
        button.type === 'URL'
          ? {
              type: 'URL',
              text: button.text,
              url: button.url ?? '',
              ...(button.example ? { example: button.example } : {}),
            }
          : { type: 'QUICK_REPLY', text: button.text },
    ),
    ...(row.rejected_reason && row.rejected_reason !== 'NONE' ? { rejectedReason: row.rejected_reason } : {}),
  };
}

/** The Cloud API client (the WhatsApp port's one adapter). */
export function createCloudApiClient(options: CloudApiOptions): CloudApi {
  const doFetch: FetchLike = options.fetch ?? globalFetch(options.timeoutMs ?? 15_000);
  const root = `${options.apiBase.replace(/\/$/, '')}/${options.version}`;

  async function call<T>(method: 'GET' | 'POST', url: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let answer: { status: number; text: string };
    try {
      const response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      answer = { status: response.status, text: await response.text() };
    } catch (err) {
      throw new WhatsAppError(0, `WhatsApp could not be reached: ${(err as Error).message}`, true);
    }
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer.status, answer.text);
    try {
      return schema.parse(JSON.parse(answer.text));
    } catch {
      // A 2xx the shop cannot read: whether Meta took the message is unknown, so it must not be sent again.
      throw new WhatsAppError(0, `WhatsApp's answer could not be read: ${answer.text.slice(0, 200)}`, false);
    }
  }

  const send = async (payload: unknown): Promise<SentMessage> => {
    const answer = await call('POST', `${root}/${options.phoneNumberId}/messages`, SendAnswer, payload);
    return { messageId: (answer.messages[0] as { id: string }).id, waId: answer.contacts?.[0]?.wa_id };
  };

  const waba = (): string => {
    if (!options.businessAccountId) {
      throw new WhatsAppError(
        0,
        'WHATSAPP_BUSINESS_ACCOUNT_ID is not set: templates cannot be listed or submitted',
        false,
      );
    }
    return `${root}/${options.businessAccountId}/message_templates`;
  };

  return {
    sendTemplate: (input) => send(templateMessage(input)),
    sendText: (to, body, contextMessageId) =>
      send({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'text',
        text: { body, preview_url: false },
        ...(contextMessageId === undefined ? {} : { context: { message_id: contextMessageId } }),
      }),
    async listTemplates() {
      const templates: RemoteTemplate[] = [];
      let url: string | undefined =
        `${waba()}?fields=id,name,language,status,category,components,rejected_reason&limit=100`;
      // Meta pages its lists; `paging.next` is the next page's full URL. At most 50 pages: a loop guard.
      for (let page = 0; url !== undefined && page < 50; page += 1) {
        const answer: z.infer<typeof TemplateList> = await call('GET', url, TemplateList);
        templates.push(...answer.data.map(remoteTemplate));
        url = answer.paging?.next;
      }
      return templates;
    },
    createTemplate: (template) =>
      call('POST', waba(), CreateAnswer, {
        name: template.name,
        language: template.language,
        category: template.category,
        components: templateComponents(template),
      }),
  };
}

function globalFetch(timeoutMs: number): FetchLike {
  return (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
