import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECLINED_CARDS,
  PAYING_CARDS,
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PREFIX,
} from '../src/dev/razorpay-sandbox/sandbox.constants';
import { adminFixtures } from '../src/modules/admin/admin.fixtures';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { type RegisteredShopper, startTestShop, type TestShop } from './shop';

/**
 * Every route of the OpenAPI document, called with requests generated from its own schemas:
 * values that fit, mixed with hostile ones (NUL, integers beyond int4, bodies nested too deeply,
 * wrong types, long strings, any Unicode, bad JSON), by a visitor, a guest, a shopper, a staff
 * member and the owner. Whatever the request, the shop must answer below 500.
 *
 * The routes the document hides (the Razorpay sandbox, its webhook) are described in HIDDEN_ROUTES
 * and fuzzed too. Nothing is skipped: logouts and account changes run too, and a client whose session they end
 * logs in again before its next call.
 */
const SEED = 20_261_125;
const REQUESTS = 10_000;

/** The subset of JSON Schema the OpenAPI document uses. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** As in the document: /admin/api/products/{id}. */
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  /** Headers every call sends (the sandbox's Basic auth). */
  headers?: Record<string, string>;
}

type ActorKind = 'visitor' | 'guest' | 'shopper' | 'staff' | 'owner';

/** One generated request, before it is given the actor's session. */
interface Call {
  actor: ActorKind;
  method: Operation['method'];
  url: string;
  /** A JSON value, or raw text sent as it is (broken JSON, extreme nesting). */
  payload?: { json: unknown } | { raw: string } | { multipart: Buffer; boundary: string };
  /** Extra headers a visitor sends: forged cookies and tokens. */
  headers: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Routes the document hides: the Razorpay sandbox and the webhook it calls, described here

const text = (maxLength: number): Schema => ({ type: 'string', maxLength });
const sandboxId: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^(order|pay)_[A-Za-z0-9]{14}$' },
};
const notes: Schema = { type: 'object', properties: { note: text(256), count: { type: 'integer' } } };
const sandboxAuth = {
  authorization: `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${SANDBOX_KEY_SECRET}`).toString('base64')}`,
};
const card: Schema = { enum: [...PAYING_CARDS, ...DECLINED_CARDS, '4111 1111 1111 1111'] };
const HIDDEN_ROUTES: Operation[] = [
  {
    method: 'POST',
    path: '/api/razorpay_webhook',
    parameters: [],
    body: {
      type: 'object',
      properties: {
        event: { enum: ['payment.captured', 'payment.failed', 'order.paid', 'refund.processed'] },
        payload: { type: 'object', properties: { payment: { type: 'object', properties: { entity: notes } } } },
      },
    },
    headers: { 'x-razorpay-signature': 'f'.repeat(64) },
  },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/v1/orders`,
    parameters: [],
    body: {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 100, maximum: 50_000_000 },
        currency: { enum: ['INR'] },
        receipt: text(40),
        notes,
      },
      required: ['amount', 'currency'],
    },
    headers: sandboxAuth,
  },
  {
    method: 'GET',
    path: `${SANDBOX_PREFIX}/v1/orders`,
    parameters: [
      { name: 'count', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0 } },
      { name: 'receipt', in: 'query', schema: text(40) },
      { name: 'from', in: 'query', schema: { type: 'integer', minimum: 0 } },
      { name: 'to', in: 'query', schema: { type: 'integer', minimum: 0 } },
    ],
    body: undefined,
    headers: sandboxAuth,
  },
  ...['/v1/orders/{id}', '/v1/orders/{id}/payments', '/v1/payments/{id}'].map(
    (path): Operation => ({
      method: 'GET',
      path: `${SANDBOX_PREFIX}${path}`,
      parameters: [sandboxId],
      body: undefined,
      headers: sandboxAuth,
    }),
  ),
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/v1/payments/{id}/capture`,
    parameters: [sandboxId],
    body: { type: 'object', properties: { amount: { type: 'integer', minimum: 100 }, currency: { enum: ['INR'] } } },
    headers: sandboxAuth,
  },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/v1/payments/{id}/refund`,
    parameters: [sandboxId],
    body: {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 100 },
        speed: { enum: ['normal', 'optimum'] },
        notes,
        receipt: text(40),
      },
    },
    headers: { ...sandboxAuth, 'x-refund-idempotency': 'fuzz-refund-key-1' },
  },
  { method: 'GET', path: `${SANDBOX_PREFIX}/checkout.js`, parameters: [], body: undefined },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/checkout/pay`,
    parameters: [],
    body: {
      type: 'object',
      properties: {
        key: { enum: [SANDBOX_KEY_ID] },
        order_id: sandboxId.schema,
        card_number: card,
        expiry: { enum: ['12/30', '01/20', '13/99'] },
        cvv: { enum: ['123', '1'] },
        email: { type: 'string', format: 'email' },
        contact: text(40),
      },
      required: ['key', 'order_id', 'card_number', 'expiry', 'cvv'],
    },
  },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/test/pay`,
    parameters: [],
    body: { type: 'object', properties: { order_id: sandboxId.schema, card_number: card }, required: ['order_id'] },
  },
];

// ---------------------------------------------------------------------------------------------
// Hostile values

const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => 'ä'.repeat(length)),
  fc.constantFrom(
    "' OR '1'='1",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '١٢٣',
    '𝟙',
    ' ',
    '',
    'null',
    'NaN',
    'Infinity',
    '1e400',
    '-0',
    '0x10',
    '9'.repeat(400),
    '2147483648',
    '-2147483649',
    '2026-02-30',
    '99999-12-31T00:00:00Z',
  ),
);
const hostileNumber = fc.constantFrom(
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  0.1,
  1.5,
  -1,
  0,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.integer({ min: 30, max: 40 }).map(nest),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { '': '' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A JSON text that is not what any route takes: broken, a bare scalar, 5,000 levels deep, a prototype key. */
const rawPayload = fc.constantFrom(
  '{',
  '',
  'null',
  '"text"',
  '1e400',
  '[1,2,3]',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  '{"name":"\\ud800"}',
);

// ---------------------------------------------------------------------------------------------
// Values from a schema: mostly ones that fit, sometimes hostile ones, at every level

function regexString(schema: Schema): fc.Arbitrary<string> | undefined {
  if (!schema.pattern) return undefined;
  try {
    // Lookaheads and the like are beyond fast-check's generator; those fields get free text instead.
    const arbitrary = fc.stringMatching(new RegExp(schema.pattern));
    fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    return arbitrary.map((text) => text.slice(0, schema.maxLength ?? 200));
  } catch {
    return undefined;
  }
}

function fitting(schema: Schema, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => value(option, depth, hostile)));
  switch (schema.type) {
    case 'integer': {
      const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000 : schema.exclusiveMinimum + 1);
      const high = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000_000 : schema.exclusiveMaximum - 1);
      // Small values hit the demo shop's records (ids 1…40); the whole range reaches the bounds.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: low, max: Math.min(high, Math.max(low, 0) + 40) }) },
        { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e7,
        max: schema.maximum ?? 1e7,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.format === 'date') {
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      }
      return (
        regexString(schema) ??
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) })
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(value(schema.items ?? {}, depth + 1, hostile), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, value(inner, depth + 1, hostile)])),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
      if (!hostile) return record;
      // Now and then a field no schema knows.
      return fc.oneof(
        { weight: 8, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.string({ maxLength: 10 }), hostileValue)
            .map(([r, k, v]) => ({ ...r, [k]: v })),
        },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value for a schema; in a hostile request, a quarter of the values at every level are hostile. */
function value(schema: Schema, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (!hostile) return fitting(schema, depth, false);
  return fc.oneof({ weight: 3, arbitrary: fitting(schema, depth, true) }, { weight: 1, arbitrary: hostileValue });
}

// ---------------------------------------------------------------------------------------------
// Requests from an operation

/** Percent-encodes text for a URL; text that is not valid Unicode becomes an invalid escape. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const asQueryValues = (raw: unknown): string[] => {
  if (Array.isArray(raw)) return raw.flatMap(asQueryValues);
  if (raw !== null && typeof raw === 'object') return [JSON.stringify(raw)];
  return [String(raw)];
};

/** A multipart upload of random bytes under a random name, as the upload route takes. */
const upload = fc
  .tuple(fc.uint8Array({ maxLength: 2_000 }), fc.constantFrom('a.png', 'a.jpg', 'b.webp', 'x.svg', '../x', ''))
  .map(([bytes, name]) => {
    const boundary = 'fuzzboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    return { multipart: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), boundary };
  });

/**
 * Requests for an operation: half of them fit its schemas (so they reach the database), half are
 * hostile. Most come from the clients the route is meant for, some from the others.
 */
function callsOf(operation: Operation): fc.Arbitrary<Call> {
  return fc.oneof(requestsOf(operation, false), requestsOf(operation, true));
}

const ADMIN_CLIENTS: { weight: number; arbitrary: fc.Arbitrary<ActorKind> }[] = [
  { weight: 4, arbitrary: fc.constant('owner') },
  { weight: 3, arbitrary: fc.constant('staff') },
  { weight: 1, arbitrary: fc.constantFrom('visitor', 'guest', 'shopper') },
];
const SHOP_CLIENTS: { weight: number; arbitrary: fc.Arbitrary<ActorKind> }[] = [
  { weight: 4, arbitrary: fc.constant('shopper') },
  { weight: 3, arbitrary: fc.constant('guest') },
  { weight: 1, arbitrary: fc.constantFrom('visitor', 'staff', 'owner') },
];

function requestsOf(operation: Operation, hostile: boolean): fc.Arbitrary<Call> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.record(
    Object.fromEntries(
      pathParameters.map((p) => [
        p.name,
        hostile ? fc.oneof(value(p.schema, 0, true), hostileString) : value(p.schema, 0, false),
      ]),
    ),
  );
  const query = fc.tuple(
    fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, value(p.schema, 0, hostile)])), {
      requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
    }),
    hostile ? fc.option(fc.tuple(fc.string({ maxLength: 8 }), hostileString), { freq: 4 }) : fc.constant(null),
  );
  const isUpload = operation.path.endsWith('/uploads');
  const payload: fc.Arbitrary<Call['payload']> =
    operation.method === 'GET' || operation.method === 'DELETE'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 10,
            arbitrary: (operation.body ? value(operation.body, 0, hostile) : fc.constant({})).map((json) => ({ json })),
          },
          ...(hostile ? [{ weight: 2, arbitrary: rawPayload.map((raw) => ({ raw })) }] : []),
          ...(isUpload ? [{ weight: 10, arbitrary: upload }] : []),
        );
  const forged = fc.option(
    fc.record(
      {
        cookie: fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((t) => `${SESSION_COOKIE}=${t}`),
        authorization: fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((t) => `Bearer ${t}`),
        'user-agent': hostileString.map((t) =>
          Array.from(t.slice(0, 500), (c) => (c.charCodeAt(0) > 0xff ? '?' : c)).join(''),
        ),
      },
      { requiredKeys: [] },
    ),
    { freq: 3 },
  );
  const actor = fc.oneof(...(operation.path.startsWith('/admin/') ? ADMIN_CLIENTS : SHOP_CLIENTS));
  return fc.record({ actor, path, query, payload, forged }).map((generated) => {
    const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encode(asQueryValues(generated.path[name])[0] ?? ''),
    );
    const [values, extra] = generated.query;
    const pairs = Object.entries(values).flatMap(([name, raw]) => asQueryValues(raw).map((v) => [name, v] as const));
    if (extra) pairs.push(extra);
    const search = pairs.map(([name, v]) => `${encode(name)}=${encode(v)}`).join('&');
    return {
      actor: generated.actor,
      method: operation.method,
      url: search ? `${url}?${search}` : url,
      payload: generated.payload,
      headers: { ...operation.headers, ...(generated.actor === 'visitor' && hostile ? generated.forged : {}) },
    };
  });
}

/** The operations of the OpenAPI document, in its order. */
function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// The clients, kept logged in

let shop: TestShop;
const admin = adminFixtures(() => shop);
let shopper: RegisteredShopper;
let guestCookie = '';
const adminTokens: { staff: string; owner: string } = { staff: '', owner: '' };
let staffEmail = '';
let relogins = 0;

async function newGuest(): Promise<void> {
  guestCookie = (await shop.guest()).cookie;
}

async function newStaff(): Promise<void> {
  const owner = await admin.owner();
  adminTokens.owner = owner.token ?? '';
  const staff = await admin.staff(owner);
  adminTokens.staff = staff.token ?? '';
  staffEmail = staff.email;
}

beforeAll(async () => {
  shop = await startTestShop();
  shopper = await shop.user();
  await newGuest();
  await newStaff();
});
afterAll(async () => {
  await shop.close();
});

function sessionHeaders(actor: ActorKind): Record<string, string> {
  if (actor === 'guest') return { cookie: guestCookie };
  if (actor === 'shopper') return { cookie: shopper.cookie };
  if (actor === 'staff' || actor === 'owner') return { authorization: `Bearer ${adminTokens[actor]}` };
  return {};
}

/** After a 401: if the actor's session has ended (a logout, a blocked account), starts a new one. */
async function keepLoggedIn(actor: ActorKind): Promise<void> {
  if (actor === 'visitor') return;
  if (actor === 'staff' || actor === 'owner') {
    const me = await shop.app.inject({ method: 'GET', url: '/admin/api/me', headers: sessionHeaders(actor) });
    if (me.statusCode !== 401) return;
    relogins += 1;
    if (actor === 'owner') adminTokens.owner = (await admin.owner()).token ?? '';
    else {
      const again = await admin.client().post('/login', { email: staffEmail, password: 'staff-password-1' });
      if (again.statusCode === 200) adminTokens.staff = again.json().token;
      else await newStaff();
    }
    return;
  }
  const cookie = actor === 'guest' ? guestCookie : shopper.cookie;
  const probe = await shop.app.inject({
    method: 'POST',
    url: '/api/cart_list',
    headers: { cookie, 'content-type': 'application/json' },
    payload: {},
  });
  if (probe.statusCode !== 401) return;
  relogins += 1;
  if (actor === 'guest') return newGuest();
  const login = await shopper.post('login', { user_name: shopper.email, password: shopper.password });
  if (login.statusCode !== 200) shopper = await shop.user();
}

async function send(call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...sessionHeaders(call.actor), ...call.headers };
  const payload = call.payload;
  let body: string | Buffer | undefined;
  if (payload && 'json' in payload) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload.json) ?? 'null';
  } else if (payload && 'raw' in payload) {
    headers['content-type'] = 'application/json';
    body = payload.raw;
  } else if (payload && 'multipart' in payload) {
    headers['content-type'] = `multipart/form-data; boundary=${payload.boundary}`;
    body = payload.multipart;
  }
  const response = await shop.app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
  // A call may start, replace or end the actor's session (get_guest_id, login, logout).
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (session && call.actor === 'guest') guestCookie = session.value ? `${SESSION_COOKIE}=${session.value}` : '';
  if (session && call.actor === 'shopper') shopper.cookie = session.value ? `${SESSION_COOKIE}=${session.value}` : '';
  if (response.statusCode === 401) await keepLoggedIn(call.actor);
  return response;
}

describe('fuzzing every route of the OpenAPI document', () => {
  it(`answers ${REQUESTS} generated requests without a single 5xx`, { timeout: 600_000 }, async () => {
    const documented = operationsOf(shop.app.swagger() as Parameters<typeof operationsOf>[0]);
    const operations = [...documented, ...HIDDEN_ROUTES];
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const planning = performance.now();
    const planned = operations.map((operation, index) =>
      fc.sample(callsOf(operation), { seed: SEED + index, numRuns: perOperation }),
    );
    const generation = ((performance.now() - planning) / 1000).toFixed(1);
    const started = performance.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const covered = new Set<string>();
    let sent = 0;
    // Round-robin over the routes, so that one route's writes meet the others' reads.
    for (let round = 0; round < perOperation; round += 1) {
      for (const [index, operation] of operations.entries()) {
        const call = planned[index]?.[round];
        if (!call) continue;
        const response = await send(call);
        sent += 1;
        covered.add(`${operation.method} ${operation.path}`);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          const payload = JSON.stringify(call.payload && 'json' in call.payload ? call.payload.json : call.payload);
          failures.push(
            `${response.statusCode} ${call.actor} ${call.method} ${call.url.slice(0, 200)} ${payload?.slice(0, 300)} → ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    process.stdout.write(
      `fuzz: seed ${SEED}, ${sent} requests over ${covered.size} routes (${documented.length} documented) in ${seconds} s (generated in ${generation} s), ${relogins} re-logins; ${histogram.join(' ')}\n`,
    );

    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(covered.size).toBe(operations.length);
    expect(failures).toEqual([]);
  });
});
