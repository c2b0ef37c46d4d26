import { type AdminWhatsAppTemplate, WHATSAPP_KINDS } from '@kapaas/contract';
import { whatsappTemplates } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures } from '../admin/admin.fixtures';
import { DEFAULT_WHATSAPP_KINDS, whatsappTemplateFor } from './templates';

/*
 * The shop's WhatsApp templates (issue 36) through /admin/api/whatsapp-templates against the built-in sandbox (the
 * real client): the demo shop's English and Hindi templates, Meta's rules refused beside the field, a draft's way
 * through review (submit, the sandbox's verdict, sync), and the per-kind switches that `whatsappTemplateFor` obeys.
 */

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admins = adminFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admins.owner();
  staff = await admins.staff(owner);
});
afterAll(async () => {
  await shop?.close();
});

async function templates(): Promise<AdminWhatsAppTemplate[]> {
  const response = await owner.get('/whatsapp-templates');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.templates;
}

const draft = (changes: Record<string, unknown> = {}) => ({
  name: 'order_shipped_short',
  language: 'en',
  category: 'utility',
  kind: 'order_shipped',
  body: 'Hello {{1}}, your order {{2}} has shipped.',
  examples: ['Asha', 'KP-1001'],
  buttons: [],
  ...changes,
});

async function review(name: string, status: 'APPROVED' | 'REJECTED', reason?: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/approve`,
    payload: { name, status, ...(reason ? { reason } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the demo shop', () => {
  it('has an approved English and Hindi template for every kind, utility for order updates and marketing for offers', async () => {
    const list = await templates();
    for (const kind of WHATSAPP_KINDS) {
      for (const language of ['en', 'hi'] as const) {
        const template = list.find((t) => t.kind === kind && t.language === language);
        expect(template?.status, `${kind} ${language}`).toBe('approved');
        const marketing = kind === 'back_in_stock' || kind === 'cart_reminder';
        expect(template?.category).toBe(marketing ? 'marketing' : 'utility');
      }
    }
    const hindi = list.find((t) => t.kind === 'order_cod_confirm' && t.language === 'hi');
    expect(hindi?.body).toMatch(/^नमस्ते \{\{1\}\}/);
    expect(hindi?.buttons).toEqual([
      { type: 'quick_reply', text: 'ऑर्डर कन्फ़र्म करें', payload: 'cod_confirm' },
      { type: 'quick_reply', text: 'ऑर्डर रद्द करें', payload: 'cod_cancel' },
    ]);
  });

  it('has them approved at the sandbox too: a Hindi shipping update with its tracking button is sent', async () => {
    const sent = await shop.app.whatsapp.client.sendTemplate({
      to: '919812300001',
      template: 'order_shipped',
      language: 'hi',
      bodyParameters: ['प्रिया', 'KP-10482', 'Delhivery'],
      buttons: [{ type: 'url', index: 0, text: '19041424751540' }],
    });
    expect(sent.messageId).toMatch(/^wamid\./);
    const chat = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=919812300001` });
    expect(chat.json()[0].text).toBe(
      'नमस्ते प्रिया, आपका ऑर्डर KP-10482 Delhivery से भेज दिया गया है। नीचे दिए बटन से अपना पार्सल ट्रैक करें।',
    );
  });
});

describe('a template refused beside the field, and nothing stored', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'parameters out of order',
      { body: 'Hello {{2}}, order {{1}} shipped.' },
      'body',
      /in order.*\{\{2\}\}, \{\{1\}\}/,
    ],
    ['a gap in the numbers', { body: 'Hello {{1}}, order {{3}} shipped.' }, 'body', /in order/],
    ['a named parameter', { body: 'Hello {{name}}, shipped.', examples: ['Asha'] }, 'body', /are numbers/],
    ['a parameter last', { body: 'Hello, your order is {{1}}', examples: ['KP-1'] }, 'body', /starts or ends/],
    ['an example missing', { examples: ['Asha'] }, 'examples', /the body has 2, and 1 example is given/],
    ['a marketing order update', { category: 'marketing' }, 'category', /utility message/],
    ['a utility back-in-stock', { kind: 'back_in_stock' }, 'category', /marketing/],
    ['an upper-case name', { name: 'Order_Shipped' }, 'name', /Lowercase letters/],
    ['a Tamil template', { language: 'ta' }, 'language', /English \(en\) or Hindi \(hi\)/],
    [
      'a URL and a quick reply',
      {
        buttons: [
          {
            type: 'url',
            text: 'Track',
            url: 'https://shiprocket.co/tracking/{{1}}',
            example: 'https://shiprocket.co/tracking/1',
          },
          { type: 'quick_reply', text: 'Stop', payload: 'stop' },
        ],
      },
      'buttons',
      /not both/,
    ],
    [
      'a URL with its parameter inside',
      { buttons: [{ type: 'url', text: 'Track', url: 'https://x.in/{{1}}/track', example: 'https://x.in/1/track' }] },
      'buttons.0.url',
      /at the end/,
    ],
    [
      'a tap that means nothing for the kind',
      { buttons: [{ type: 'quick_reply', text: 'Confirm', payload: 'cod_confirm' }] },
      'buttons.0.payload',
      /cannot do that/,
    ],
    [
      'a COD confirmation without its two taps',
      { kind: 'order_cod_confirm', buttons: [{ type: 'quick_reply', text: 'Confirm', payload: 'cod_confirm' }] },
      'buttons',
      /confirms and one that cancels/,
    ],
    ['a name the demo uses in English', { name: 'order_shipped' }, 'name', /exists already/],
  ];
  it.each(cases)('%s', async (_label, changes, field, message) => {
    const before = (await templates()).length;
    const response = await owner.post('/whatsapp-templates', draft(changes));
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json().errors as Record<string, string[]>;
    const beside = Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];
    expect(beside?.join(' '), JSON.stringify(errors)).toMatch(message);
    expect((await templates()).length).toBe(before);
  });

  it("is the owner's: staff are refused", async () => {
    expect((await staff.get('/whatsapp-templates')).statusCode).toBe(403);
    expect((await staff.post('/whatsapp-templates', draft({ name: 'staff_template' }))).statusCode).toBe(403);
  });
});

describe("a draft's way through Meta's review", () => {
  it('is created as a draft, submitted (pending at the sandbox), approved there and copied back by sync', async () => {
    const created = await owner.post('/whatsapp-templates', draft({ name: 'shipped_flow' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ status: 'draft', meta_id: null });

    const submitted = await owner.post(`/whatsapp-templates/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ status: 'pending', meta_id: expect.stringMatching(/^\d+$/) });
    // Meta holds it under review: not changed, not submitted twice.
    expect((await owner.patch(`/whatsapp-templates/${id}`, draft({ name: 'shipped_flow' }))).statusCode).toBe(409);
    expect((await owner.post(`/whatsapp-templates/${id}/submit`)).statusCode).toBe(409);

    await review('shipped_flow', 'APPROVED');
    const synced = await owner.post('/whatsapp-templates/sync');
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data.updated).toBe(1);
    const row = (synced.json().data.templates as AdminWhatsAppTemplate[]).find((t) => t.id === id);
    expect(row).toMatchObject({ status: 'approved', synced_at: expect.any(String) });
  });

  it("keeps Meta's reason for a rejection, and takes the corrected text only under a new name", async () => {
    const created = await owner.post('/whatsapp-templates', draft({ name: 'shipped_rejected' }));
    const id = created.json().data.id as number;
    await owner.post(`/whatsapp-templates/${id}/submit`);
    await review('shipped_rejected', 'REJECTED', 'INVALID_FORMAT');
    await owner.post('/whatsapp-templates/sync');
    const rejected = (await templates()).find((t) => t.id === id);
    expect(rejected).toMatchObject({ status: 'rejected', rejected_reason: 'INVALID_FORMAT' });

    const sameName = await owner.patch(`/whatsapp-templates/${id}`, draft({ name: 'shipped_rejected' }));
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().errors.name[0]).toMatch(/new name/);
    const renamed = await owner.patch(`/whatsapp-templates/${id}`, draft({ name: 'shipped_rejected_v2' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ status: 'draft', rejected_reason: null, meta_id: null });
    const resubmitted = await owner.post(`/whatsapp-templates/${id}/submit`);
    expect(resubmitted.json().data.status).toBe('pending');
  });

  it('names what Meta holds that the shop does not, and puts back to draft what Meta does not hold', async () => {
    await shop.app.whatsapp.client.createTemplate({
      name: 'made_in_meta_manager',
      language: 'en',
      category: 'UTILITY',
      body: 'Hello there.',
    });
    const [orphan] = await shop.database.db
      .insert(whatsappTemplates)
      .values({
        ...draft({ name: 'never_at_meta' }),
        status: 'approved',
        metaId: '1',
      } as typeof whatsappTemplates.$inferInsert)
      .returning();
    const synced = await owner.post('/whatsapp-templates/sync');
    // The rejected one renamed above is still at Meta under its old name: named too.
    expect(synced.json().data.unknown).toEqual(['shipped_rejected (en)', 'made_in_meta_manager (en)']);
    const row = (synced.json().data.templates as AdminWhatsAppTemplate[]).find((t) => t.id === orphan?.id);
    expect(row).toMatchObject({ status: 'draft', meta_id: null });
    // The demo's templates, approved at the sandbox, stay approved.
    expect((await templates()).filter((t) => t.status === 'approved').length).toBeGreaterThanOrEqual(20);
  });

  it("submits a URL button in Meta's form: its address with {{1}} and the example Meta reviews", async () => {
    const body = draft({
      name: 'shipped_with_link',
      body: 'Hello {{1}}, order {{2}} is on its way. Track it below.',
      buttons: [
        {
          type: 'url',
          text: 'Track parcel',
          url: 'https://shiprocket.co/tracking/{{1}}',
          example: 'https://shiprocket.co/tracking/19041424751540',
        },
      ],
    });
    const created = await owner.post('/whatsapp-templates', body);
    expect(created.statusCode, created.body).toBe(200);
    const submitted = await owner.post(`/whatsapp-templates/${created.json().data.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const atMeta = (await shop.app.whatsapp.client.listTemplates()).find((t) => t.name === 'shipped_with_link');
    expect(atMeta).toMatchObject({
      status: 'PENDING',
      category: 'UTILITY',
      bodyExample: ['Asha', 'KP-1001'],
      buttons: [{ type: 'URL', text: 'Track parcel', url: 'https://shiprocket.co/tracking/{{1}}' }],
    });
  });

  it('answers a refusal by Meta (here the sandbox) as a 400 in its words, and the draft stays a draft', async () => {
    await shop.app.whatsapp.client.createTemplate({
      name: 'taken_at_meta',
      language: 'hi',
      category: 'UTILITY',
      body: 'नमस्ते।',
    });
    const created = await owner.post('/whatsapp-templates', draft({ name: 'taken_at_meta', language: 'hi' }));
    const id = created.json().data.id as number;
    const submitted = await owner.post(`/whatsapp-templates/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(submitted.json().message).toMatch(/^Meta refused the template \(100\).*already exists/);
    expect((await templates()).find((t) => t.id === id)?.status).toBe('draft');
    await shop.database.db.delete(whatsappTemplates).where(eq(whatsappTemplates.id, id));
  });
});

describe('which kinds go by WhatsApp', () => {
  it('starts with the COD confirmation and the shipping updates on, and the owner changes them in settings', async () => {
    const settings = await owner.get('/settings');
    expect(settings.json().data.whatsapp_kinds).toEqual(DEFAULT_WHATSAPP_KINDS);
    const { db } = shop.database;
    expect((await whatsappTemplateFor(db, 'order_cod_confirm', 'hi'))?.name).toBe('cod_order_confirmation');
    expect(await whatsappTemplateFor(db, 'order_paid', 'en')).toBeNull();

    const changed = await owner.patch('/settings', { whatsapp_kinds: ['order_paid', 'order_paid', 'back_in_stock'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.whatsapp_kinds).toEqual(['order_paid', 'back_in_stock']);
    expect(await whatsappTemplateFor(db, 'order_cod_confirm', 'hi')).toBeNull();
    expect(await whatsappTemplateFor(db, 'order_paid', 'en')).toMatchObject({
      name: 'order_paid',
      language: 'en',
      category: 'utility',
      parameters: 3,
    });

    const unknown = await owner.patch('/settings', { whatsapp_kinds: ['order_teleported'] });
    expect(unknown.statusCode).toBe(400);
    expect((await owner.get('/settings')).json().data.whatsapp_kinds).toEqual(['order_paid', 'back_in_stock']);
    await owner.patch('/settings', { whatsapp_kinds: [...DEFAULT_WHATSAPP_KINDS] });
  });

  it('offers no template that is not approved: the e-mail goes instead', async () => {
    const { db } = shop.database;
    await db.update(whatsappTemplates).set({ status: 'paused' }).where(eq(whatsappTemplates.name, 'delivery_failed'));
    expect(await whatsappTemplateFor(db, 'shipment_undelivered', 'en')).toBeNull();
    expect(await whatsappTemplateFor(db, 'shipment_undelivered', 'hi')).toBeNull();
    await db.update(whatsappTemplates).set({ status: 'approved' }).where(eq(whatsappTemplates.name, 'delivery_failed'));
    expect((await whatsappTemplateFor(db, 'shipment_undelivered', 'hi'))?.buttons).toHaveLength(2);
  });
});
