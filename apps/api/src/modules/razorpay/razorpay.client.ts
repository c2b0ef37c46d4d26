import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * The one Razorpay client: Razorpay's REST API over HTTP with Basic auth (key_id:key_secret)
 * against a base URL. The same code talks to https://api.razorpay.com and to the built-in
 * sandbox (/sandbox/razorpay); only the base, the keys and the `fetch` it is handed differ.
 */

// ---------------------------------------------------------------------------------------------
// Answers, parsed with Razorpay's field names. Unknown fields are kept out; nullable ones are
// optional too, because Razorpay omits some of them depending on the account and the method.

export const RazorpayOrder = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  created_at: z.number().int(),
});
export type RazorpayOrder = z.infer<typeof RazorpayOrder>;

export const RazorpayPayment = z.object({
  id: z.string(),
  entity: z.literal('payment'),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  /** `pending`: a cash-on-delivery payment of Razorpay's own COD, to be collected at the door. */
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed', 'pending']),
  method: z.string().nullable(),
  /** The method's detail (ADR 046): the UPI id, the netbanking bank's code, the wallet, the card. */
  vpa: z.string().nullable().optional(),
  bank: z.string().nullable().optional(),
  wallet: z.string().nullable().optional(),
  card: z
    .object({ network: z.string().nullable().optional(), last4: z.string().nullable().optional() })
    .nullable()
    .optional(),
  captured: z.boolean(),
  amount_refunded: z.number().int().optional(),
  refund_status: z.enum(['partial', 'full']).nullable().optional(),
  error_code: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
  error_reason: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
  created_at: z.number().int(),
});
export type RazorpayPayment = z.infer<typeof RazorpayPayment>;

export const RazorpayRefund = z.object({
  id: z.string(),
  entity: z.literal('refund'),
  payment_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  created_at: z.number().int(),
});
export type RazorpayRefund = z.infer<typeof RazorpayRefund>;

/** A Payment Link (`/v1/payment_links`): a hosted page that pays `amount` once; its order is known once paid. */
export const RazorpayPaymentLink = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'partially_paid', 'paid', 'cancelled', 'expired']),
  short_url: z.string(),
  reference_id: z.string().nullable().optional(),
  order_id: z.string().nullable().optional(),
  expire_by: z.number().int().nullable().optional(),
  notes: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullable()
    .optional(),
  payments: z
    .array(z.object({ payment_id: z.string(), amount: z.number().int(), status: z.string() }))
    .nullable()
    .optional(),
  created_at: z.number().int(),
});
export type RazorpayPaymentLink = z.infer<typeof RazorpayPaymentLink>;

const collection = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });

/** Razorpay's error body: `{ error: { code, description, field?, source?, step?, reason?, metadata? } }`. */
export const RazorpayErrorBody = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    field: z.string().nullable().optional(),
    source: z.string().nullable().optional(),
    step: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
});
export type RazorpayErrorBody = z.infer<typeof RazorpayErrorBody>;

/**
 * A failed provider call. `code`/`description` are Razorpay's (BAD_REQUEST_ERROR, GATEWAY_ERROR,
 * SERVER_ERROR, …) when it answered; NETWORK_ERROR / TIMEOUT / INVALID_RESPONSE when it did not
 * answer usefully. `retriable` is true when the same request may succeed later (network, timeout,
 * 5xx, 409 "request in progress", 429).
 */
export class ProviderError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly description: string;
  readonly field: string | null;
  readonly reason: string | null;
  readonly metadata: Record<string, unknown>;
  readonly retriable: boolean;

  constructor(options: {
    status: number | null;
    code: string;
    description: string;
    field?: string | null;
    reason?: string | null;
    metadata?: Record<string, unknown> | null;
    cause?: unknown;
  }) {
    super(`Razorpay ${options.code}: ${options.description}`, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = options.status;
    this.code = options.code;
    this.description = options.description;
    this.field = options.field ?? null;
    this.reason = options.reason ?? null;
    this.metadata = options.metadata ?? {};
    this.retriable =
      options.status === null || options.status >= 500 || options.status === 409 || options.status === 429;
  }
}

// ---------------------------------------------------------------------------------------------

/** The subset of `fetch` the client uses; global fetch, or the sandbox's in-process one. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** e.g. https://api.razorpay.com, or the shop's origin + /sandbox/razorpay. No trailing /v1. */
  apiBase: string;
  fetch?: FetchLike;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** How many times createOrder tries to create before giving up; default 3. */
  createAttempts?: number;
  /** Pause between create attempts (ms), multiplied by the attempt number; default 300. */
  retryDelayMs?: number;
}

export interface CreateOrderInput {
  /** Paise. */
  amount: number;
  currency: string;
  /** Our order id; unique per provider order (at most 40 characters). */
  receipt: string;
  notes?: Record<string, string>;
}

export interface RefundInput {
  /** Paise; absent means the whole refundable amount. */
  amount?: number;
  notes?: Record<string, string>;
}

export interface CreatePaymentLinkInput {
  /** Paise. */
  amount: number;
  currency: string;
  description: string;
  /** Ours, unique per link (at most 40 characters): Razorpay refuses a second link with the same. */
  referenceId: string;
  /** Unix seconds; Razorpay wants it at least 15 minutes ahead. */
  expireBy?: number;
  customer?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  /** Where the hosted page sends the shopper once paid (GET, with the link's id and signature). */
  callbackUrl?: string;
}

export interface RazorpayClient {
  readonly apiBase: string;
  readonly keyId: string;
  /**
   * Creates the provider order for `receipt`, never two for the same receipt:
   * 1. it sends `unique_receipt: true`, so Razorpay (and the sandbox) answer a repeat create
   *    with the existing order for that receipt instead of a second one;
   * 2. when a create fails without a definite answer (network error, timeout, 5xx, 409, 429),
   *    it first looks the receipt up (GET /v1/orders?receipt=…) and returns the order found;
   *    only when none exists does it create again, up to `createAttempts` times;
   * 3. a definite refusal (4xx) is thrown at once as a ProviderError.
   * An order found for the receipt with a different amount or currency is refused
   * (ProviderError RECEIPT_MISMATCH): the caller's receipt must identify one purchase.
   */
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  /** The order created for this receipt, or null. */
  fetchOrderByReceipt(receipt: string): Promise<RazorpayOrder | null>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /**
   * Captures an authorised payment (POST /v1/payments/:id/capture) for exactly the amount and
   * currency authorised, and answers the captured payment. Razorpay refuses a second capture of
   * the same payment with a 400, so a capture is never made twice.
   */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment>;
  /**
   * Refunds a captured payment. `idempotencyKey` (10+ characters of A-Z a-z 0-9 _ -) goes in
   * X-Refund-Idempotency: the same key and body answer the same refund, never a second one.
   */
  refund(paymentId: string, input: RefundInput, idempotencyKey: string): Promise<RazorpayRefund>;
  /** A Payment Link the shopper pays on Razorpay's hosted page; the shop never emails it through Razorpay. */
  createPaymentLink(input: CreatePaymentLinkInput): Promise<RazorpayPaymentLink>;
  fetchPaymentLink(linkId: string): Promise<RazorpayPaymentLink>;
  cancelPaymentLink(linkId: string): Promise<RazorpayPaymentLink>;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

type Answer = { status: number; text(): Promise<string> };

/**
 * Sends one request and reads its body within `timeoutMs`. No answer in time is a TIMEOUT and a
 * failed request a NETWORK_ERROR, both ProviderErrors without a status (retriable).
 */
async function send(
  doFetch: FetchLike,
  url: string,
  init: Parameters<FetchLike>[1],
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ProviderError({ status: null, code: 'TIMEOUT', description: `No answer in ${timeoutMs} ms` })),
        timeoutMs,
      );
    });
    const request = (async () => {
      const answer: Answer = await doFetch(url, init);
      return { status: answer.status, text: await answer.text() };
    })();
    request.catch(() => undefined); // a late failure after the timeout is not unhandled
    return await Promise.race([request, timeout]);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError({
      status: null,
      code: 'NETWORK_ERROR',
      description: error instanceof Error ? error.message : 'The request failed',
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads an answer: a 2xx body that `schema` accepts, or a ProviderError carrying Razorpay's error
 * (or the bare status when the body is not Razorpay's error shape).
 */
function readAnswer<T>(schema: z.ZodType<T>, request: string, response: { status: number; text: string }): T {
  let json: unknown;
  try {
    json = response.text === '' ? undefined : JSON.parse(response.text);
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    const parsed = RazorpayErrorBody.safeParse(json);
    if (parsed.success) {
      const { code, description, field, reason, metadata } = parsed.data.error;
      throw new ProviderError({ status: response.status, code, description, field, reason, metadata });
    }
    throw new ProviderError({
      status: response.status,
      code: response.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description: `HTTP ${response.status} from ${request}`,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      description: `Unexpected answer to ${request}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  }
  return parsed.data;
}

/** One REST call: method, path below the base (with /v1), an optional JSON body and headers. */
type Call = <T>(
  schema: z.ZodType<T>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
) => Promise<T>;

/** The order found for a receipt, refused when it is not for the same amount and currency. */
function sameOrder(order: RazorpayOrder, input: CreateOrderInput): RazorpayOrder {
  if (order.amount !== input.amount || order.currency !== input.currency) {
    throw new ProviderError({
      status: null,
      code: 'RECEIPT_MISMATCH',
      description: `Receipt ${input.receipt} already has order ${order.id} for ${order.amount} ${order.currency}`,
    });
  }
  return order;
}

/** createOrder's retries, as RazorpayClient.createOrder describes them. */
async function createOrderForReceipt(
  call: Call,
  fetchOrderByReceipt: (receipt: string) => Promise<RazorpayOrder | null>,
  input: CreateOrderInput,
  retry: { attempts: number; delayMs: number },
): Promise<RazorpayOrder> {
  const body = {
    amount: input.amount,
    currency: input.currency,
    receipt: input.receipt,
    notes: input.notes ?? {},
    unique_receipt: true,
  };
  let lastError: ProviderError | undefined;
  for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
    if (lastError) {
      await new Promise((resolve) => setTimeout(resolve, retry.delayMs * (attempt - 1)));
      // The failed attempt may have created the order after all: look before creating again.
      try {
        const existing = await fetchOrderByReceipt(input.receipt);
        if (existing) return sameOrder(existing, input);
      } catch (error) {
        if (!(error instanceof ProviderError) || !error.retriable) throw error;
        lastError = error;
        continue;
      }
    }
    try {
      return sameOrder(await call(RazorpayOrder, 'POST', '/v1/orders', body), input);
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retriable) throw error;
      lastError = error;
    }
  }
  // Every attempt failed without a definite answer: one last look, so that an order created
  // by an attempt whose answer was lost is still found.
  try {
    const existing = await fetchOrderByReceipt(input.receipt);
    if (existing) return sameOrder(existing, input);
  } catch {
    // keep the create's error, it is the one that explains the failure
  }
  throw lastError as ProviderError;
}

/** A refund request, its idempotency key checked first (Razorpay's rule for X-Refund-Idempotency). */
function refundCall(call: Call, paymentId: string, input: RefundInput, idempotencyKey: string) {
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new ProviderError({
      status: null,
      code: 'BAD_REQUEST_ERROR',
      description: 'The idempotency key must be at least 10 characters of letters, digits, _ and -',
      field: 'X-Refund-Idempotency',
    });
  }
  const body = {
    ...(input.amount === undefined ? {} : { amount: input.amount }),
    speed: 'normal',
    notes: input.notes ?? {},
  };
  return call(RazorpayRefund, 'POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, body, {
    'x-refund-idempotency': idempotencyKey,
  });
}

/** A Payment Link's request body; Razorpay's own SMS and e-mail are off: the shop's confirmation carries the link. */
function paymentLinkBody(input: CreatePaymentLinkInput) {
  return {
    amount: input.amount,
    currency: input.currency,
    accept_partial: false,
    description: input.description,
    reference_id: input.referenceId,
    ...(input.expireBy === undefined ? {} : { expire_by: input.expireBy }),
    ...(input.customer ? { customer: input.customer } : {}),
    notify: { sms: false, email: false },
    reminder_enable: false,
    notes: input.notes ?? {},
    ...(input.callbackUrl ? { callback_url: input.callbackUrl, callback_method: 'get' } : {}),
  };
}

/** The Razorpay REST client for `options.apiBase`: api.razorpay.com, or the sandbox. */
export function createRazorpayClient(options: RazorpayClientOptions): RazorpayClient {
  const base = options.apiBase.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retry = { attempts: Math.max(1, options.createAttempts ?? 3), delayMs: options.retryDelayMs ?? 300 };
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const call: Call = async (schema, method, path, body, extraHeaders = {}) => {
    const headers: Record<string, string> = { authorization, accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    return readAnswer(schema, `${method} ${path}`, await send(doFetch, `${base}${path}`, init, timeoutMs));
  };
  const id = (value: string) => encodeURIComponent(value);

  async function fetchOrderByReceipt(receipt: string): Promise<RazorpayOrder | null> {
    const list = await call(collection(RazorpayOrder), 'GET', `/v1/orders?receipt=${encodeURIComponent(receipt)}`);
    return list.items.find((order) => order.receipt === receipt) ?? null;
  }

  return {
    apiBase: base,
    keyId: options.keyId,
    createOrder: (input) => createOrderForReceipt(call, fetchOrderByReceipt, input, retry),
    fetchOrder: (orderId) => call(RazorpayOrder, 'GET', `/v1/orders/${id(orderId)}`),
    fetchOrderByReceipt,
    async fetchOrderPayments(orderId) {
      const list = await call(collection(RazorpayPayment), 'GET', `/v1/orders/${id(orderId)}/payments`);
      return list.items;
    },
    fetchPayment: (paymentId) => call(RazorpayPayment, 'GET', `/v1/payments/${id(paymentId)}`),
    capturePayment: (paymentId, amount, currency) =>
      call(RazorpayPayment, 'POST', `/v1/payments/${id(paymentId)}/capture`, { amount, currency }),
    refund: async (paymentId, input, idempotencyKey) => refundCall(call, paymentId, input, idempotencyKey),
    createPaymentLink: (input) => call(RazorpayPaymentLink, 'POST', '/v1/payment_links', paymentLinkBody(input)),
    fetchPaymentLink: (linkId) => call(RazorpayPaymentLink, 'GET', `/v1/payment_links/${id(linkId)}`),
    cancelPaymentLink: (linkId) => call(RazorpayPaymentLink, 'POST', `/v1/payment_links/${id(linkId)}/cancel`, {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Signatures, as Razorpay computes them.

/** hex(HMAC-SHA256(message, secret)). */
export function hmacHex(message: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * The checkout handler's `razorpay_signature`: hex(HMAC-SHA256(`${orderId}|${paymentId}`, key_secret)),
 * compared in constant time. Pass the order id the server stored, never the one the browser sent.
 */
export function verifyPaymentSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string) {
  if (!orderId || !paymentId) return false;
  return sameHex(hmacHex(`${orderId}|${paymentId}`, keySecret), signature);
}

/**
 * A webhook's `X-Razorpay-Signature`: hex(HMAC-SHA256(raw body, webhook_secret)). `rawBody` must be
 * the bytes received, not a re-serialised parse.
 */
export function verifyWebhookSignature(rawBody: string | Buffer, signature: unknown, webhookSecret: string) {
  if (!webhookSecret) return false;
  return sameHex(hmacHex(rawBody, webhookSecret), signature);
}
