import { createHmac } from 'node:crypto';
import { whatsappEvents } from '@kapaas/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_APP_SECRET, SANDBOX_PREFIX, SANDBOX_VERIFY_TOKEN } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { WhatsAppError } from './cloud-api';
import { createCloudApiClient } from './cloud-api.client';
import { onWhatsAppReply, type WhatsAppReply } from './webhook';

/*
 * The WhatsApp Cloud API client against the built-in sandbox (the real client, through app.inject), the sandbox's
 * refusals in Meta's codes, and the shop's webhook: Meta's verification, the signature over the raw bytes, and
 * statuses and replies stored once.
 */

let shop: TestShop;
let phones = 0;
/** A number of its own for each test: the sandbox keeps one chat per number. */
function newPhone(): string {
  phones += 1;
  return `9198765${String(40_000 + phones).padStart(5, '0')}`;
}

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const client = () => shop.app.whatsapp.client;

async function approvedTemplate(name: string, body: string, buttons?: { type: 'QUICK_REPLY'; text: string }[]) {
  const created = await client().createTemplate({
    name,
    language: 'en',
    category: 'UTILITY',
    body,
    bodyExample: [...body.matchAll(/\{\{\d+\}\}/g)].map((_, i) => `example ${i + 1}`),
    ...(buttons ? { buttons } : {}),
  });
  expect(created.status).toBe('PENDING');
  const approved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/approve`,
    payload: { name, language: 'en' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

async function chatOf(phone: string) {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${phone}` });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    id: string;
    direction: string;
    template: string | null;
    language: string | null;
    parameters: string[];
    text: string;
    buttons: { type: string; text: string; payload?: string; url?: string }[];
  }[];
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  return error as WhatsAppError;
};

describe('the Cloud API client against the sandbox', () => {
  it('submits a template (PENDING), lists it with its state, and sends it once approved, rendered with its buttons', async () => {
    await approvedTemplate('order_shipped_t1', 'Hi {{1}}, order {{2}} is on its way.', [
      { type: 'QUICK_REPLY', text: 'Thanks' },
    ]);
    const listed = await client().listTemplates();
    expect(listed.find((t) => t.name === 'order_shipped_t1')).toMatchObject({
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Hi {{1}}, order {{2}} is on its way.',
      buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }],
    });
    const phone = newPhone();
    const sent = await client().sendTemplate({
      to: phone,
      template: 'order_shipped_t1',
      language: 'en',
      bodyParameters: ['Asha', 'KP-1001'],
      buttons: [{ type: 'quick_reply', index: 0, payload: 'thanks:1001' }],
    });
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.waId).toBe(phone);
    expect(await chatOf(phone)).toMatchObject([
      {
        id: sent.messageId,
        direction: 'out',
        template: 'order_shipped_t1',
        language: 'en',
        parameters: ['Asha', 'KP-1001'],
        text: 'Hi Asha, order KP-1001 is on its way.',
        buttons: [{ type: 'QUICK_REPLY', text: 'Thanks', payload: 'thanks:1001' }],
      },
    ]);
  });

  it('refuses a template under review as Meta does (132001, not worth another try), and stores nothing', async () => {
    await client().createTemplate({ name: 'pending_t2', language: 'en', category: 'UTILITY', body: 'Hello' });
    const phone = newPhone();
    const error = await refusal(
      client().sendTemplate({ to: phone, template: 'pending_t2', language: 'en', bodyParameters: [] }),
    );
    expect(error.code).toBe(132001);
    expect(error.message).toBe('(#132001) Template name does not exist in the translation');
    expect(error.retriable).toBe(false);
    expect(error.details.errorDetails).toBe('template name (pending_t2) does not exist in en');
    expect(await chatOf(phone)).toEqual([]);
  });

  it('refuses a wrong number of parameters with 132000 and Meta’s details', async () => {
    await approvedTemplate('count_t3', 'Hi {{1}}, order {{2}}.');
    const error = await refusal(
      client().sendTemplate({ to: newPhone(), template: 'count_t3', language: 'en', bodyParameters: ['Asha'] }),
    );
    expect(error.code).toBe(132000);
    expect(error.details.errorDetails).toBe(
      'body: number of localizable_params (1) does not match the expected number of params (2)',
    );
    expect(error.retriable).toBe(false);
  });

  it('is refused with code 190 for a wrong token, and a template in a language never submitted is 132001', async () => {
    const wrong = createCloudApiClient({
      token: 'not-the-token',
      phoneNumberId: '100000000000001',
      businessAccountId: '200000000000002',
      apiBase: `${SANDBOX_PREFIX}`,
      version: 'v23.0',
      fetch: async (url, init) => {
        const response = await shop.app.inject({
          method: init.method as 'POST',
          url: new URL(url, 'http://shop.test').pathname,
          headers: init.headers,
          ...(init.body === undefined ? {} : { payload: init.body }),
        });
        return { status: response.statusCode, text: async () => response.body };
      },
    });
    const error = await refusal(wrong.sendText(newPhone(), 'hello'));
    expect(error.code).toBe(190);
    expect(error.details.httpStatus).toBe(401);
    await approvedTemplate('lang_t4', 'Hello {{1}}');
    const hindi = await refusal(
      client().sendTemplate({ to: newPhone(), template: 'lang_t4', language: 'hi', bodyParameters: ['आशा'] }),
    );
    expect(hindi.code).toBe(132001);
  });
});

const sign = (body: string, secret = SANDBOX_APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function eventsOf(messageId: string) {
  return shop.database.db.select().from(whatsappEvents).where(eq(whatsappEvents.messageId, messageId));
}

describe('GET /api/whatsapp_webhook (Meta’s verification)', () => {
  it('answers the challenge for the verify token, and 403 for another or none', async () => {
    const url = (token: string) =>
      `/api/whatsapp_webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const right = await shop.app.inject({ method: 'GET', url: url(SANDBOX_VERIFY_TOKEN) });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('1158201444');
    const wrong = await shop.app.inject({ method: 'GET', url: url('guessed-token') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    const none = await shop.app.inject({ method: 'GET', url: '/api/whatsapp_webhook?hub.challenge=5' });
    expect(none.statusCode).toBe(403);
  });
});

describe('POST /api/whatsapp_webhook', () => {
  const statusBody = (id: string, status: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000002',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000001', phone_number_id: '100000000000001' },
                statuses: [{ id, status, timestamp: '1764300000', recipient_id: '919876500001' }],
              },
            },
          ],
        },
      ],
    });
  const post = (body: string, signature?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/whatsapp_webhook',
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const body = statusBody('wamid.SIGNATURE-TEST', 'delivered');
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, 'another-secret'))).statusCode).toBe(401);
    // Signed, then changed by one byte on the way: the signature is of the raw bytes.
    expect((await post(body.replace('1764300000', '1764300001'), sign(body))).statusCode).toBe(401);
    expect(await eventsOf('wamid.SIGNATURE-TEST')).toEqual([]);
    const signed = await post(body, sign(body));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await eventsOf('wamid.SIGNATURE-TEST')).toHaveLength(1);
  });

  it('stores a status delivered twice once', async () => {
    const body = statusBody('wamid.TWICE', 'read');
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await eventsOf('wamid.TWICE')).toMatchObject([{ event: 'read', phone: '919876500001' }]);
  });

  it('refuses a signed body that is not a WhatsApp Business Account webhook (400)', async () => {
    const body = JSON.stringify({ object: 'page', entry: [] });
    expect((await post(body, sign(body))).statusCode).toBe(400);
  });
});

describe('replies through the sandbox phone', () => {
  it('hands a tap to the registered handlers once, with its payload and the message it answers', async () => {
    await approvedTemplate('cod_confirm_t5', 'Confirm order {{1}}?', [
      { type: 'QUICK_REPLY', text: 'Confirm order' },
      { type: 'QUICK_REPLY', text: 'Cancel order' },
    ]);
    const phone = newPhone();
    const sent = await client().sendTemplate({
      to: phone,
      template: 'cod_confirm_t5',
      language: 'en',
      bodyParameters: ['KP-2001'],
      buttons: [
        { type: 'quick_reply', index: 0, payload: 'cod_confirm:2001' },
        { type: 'quick_reply', index: 1, payload: 'cod_cancel:2001' },
      ],
    });
    const seen: WhatsAppReply[] = [];
    const off = onWhatsAppReply(async (_tx, reply) => {
      seen.push(reply);
    });
    try {
      const tapped = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/test/reply`,
        payload: { from: phone, context_message_id: sent.messageId, button_payload: 'cod_confirm:2001' },
      });
      expect(tapped.statusCode, tapped.body).toBe(200);
      await shop.app.whatsappSandbox?.deliveries.idle();
      const written = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/test/reply`,
        payload: { from: phone, context_message_id: 'wamid.NOT-THE-SHOPS', text: 'Where is my parcel?' },
      });
      expect(written.statusCode).toBe(200);
      await shop.app.whatsappSandbox?.deliveries.idle();
    } finally {
      off();
    }
    expect(seen).toMatchObject([
      {
        from: phone,
        contextId: sent.messageId,
        type: 'button',
        buttonPayload: 'cod_confirm:2001',
        text: 'Confirm order',
      },
      { from: phone, contextId: 'wamid.NOT-THE-SHOPS', knownContext: false, type: 'text', text: 'Where is my parcel?' },
    ]);
    // The reply to a message the shop never sent is kept for the owner, not lost.
    const [kept] = await shop.database.db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.contextId, 'wamid.NOT-THE-SHOPS'));
    expect(kept).toMatchObject({ event: 'reply', phone, text: 'Where is my parcel?' });
    // The sandbox's statuses of the sent message came too: sent, delivered (twice, stored once), read (the tap).
    const statuses = (await eventsOf(sent.messageId)).map((e) => e.event).sort();
    expect(statuses).toEqual(['delivered', 'read', 'sent']);
  });

  it('stores nothing when a handler fails (500: Meta sends it again), and hands the reply over once when it is sent again', async () => {
    const phone = newPhone();
    const reply = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000002',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000001', phone_number_id: '100000000000001' },
                contacts: [{ profile: { name: 'Asha' }, wa_id: phone }],
                messages: [
                  {
                    from: phone,
                    id: `wamid.REPLY-${phone}`,
                    timestamp: '1764300000',
                    type: 'text',
                    text: { body: 'STOP' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const post = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/whatsapp_webhook',
        payload: reply,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(reply) },
      });
    let calls = 0;
    let fail = true;
    const off = onWhatsAppReply(async () => {
      calls += 1;
      if (fail) throw new Error('the handler broke');
    });
    try {
      expect((await post()).statusCode).toBe(500);
      expect(await eventsOf(`wamid.REPLY-${phone}`)).toEqual([]);
      fail = false;
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
    } finally {
      off();
    }
    expect(calls).toBe(2);
    expect(await eventsOf(`wamid.REPLY-${phone}`)).toMatchObject([{ event: 'reply', text: 'STOP', replyType: 'text' }]);
  });

  it('refuses a tap on a button the message does not have, in Meta’s shape', async () => {
    await approvedTemplate('one_button_t6', 'Hello', [{ type: 'QUICK_REPLY', text: 'Hi' }]);
    const phone = newPhone();
    const sent = await client().sendTemplate({
      to: phone,
      template: 'one_button_t6',
      language: 'en',
      bodyParameters: [],
    });
    const tapped = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/reply`,
      payload: { from: phone, context_message_id: sent.messageId, button_payload: 'nope' },
    });
    expect(tapped.statusCode).toBe(400);
    expect(tapped.json()).toMatchObject({ error: { code: 100 } });
    await shop.app.whatsappSandbox?.deliveries.idle();
    const [replies] = await shop.database.db
      .select({ n: count() })
      .from(whatsappEvents)
      .where(and(eq(whatsappEvents.phone, phone), eq(whatsappEvents.event, 'reply')));
    expect(replies?.n).toBe(0);
  });

  it('sends a text in answer to a reply, and the sandbox page shows the chat under the shop’s CSP', async () => {
    const phone = newPhone();
    const sent = await client().sendText(phone, 'Thank you, your order is confirmed.', 'wamid.CONTEXT');
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(await chatOf(phone)).toMatchObject([{ direction: 'out', text: 'Thank you, your order is confirmed.' }]);
    const page = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.body).toContain(`+${phone}`);
    // An earlier test's COD confirmation, its quick replies as buttons to tap.
    expect(page.body).toContain('data-payload="cod_confirm:2001">Confirm order</button>');
    expect(page.body).toContain('<script src="/sandbox/whatsapp/page.js"></script>');
    expect(page.body).not.toMatch(/<script>|style=/);
  });
});
