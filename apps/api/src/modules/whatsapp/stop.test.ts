import { consents } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { consentStands, recordConsents } from '../consent';

/*
 * STOP (issue 36): a shopper's "STOP" (any case, trimmed) or "रोकें" withdraws both WhatsApp purposes of the number at
 * once, in the ledger as `whatsapp_reply`, and is answered once; through the sandbox's signed webhook and the real
 * client.
 */

let shop: TestShop;
let phones = 0;
function newPhone(): string {
  phones += 1;
  return `9197455${String(10_000 + phones).padStart(5, '0')}`;
}
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

async function consentBoth(phone: string) {
  const entry = { person: { phone }, given: true, source: 'checkout' as const };
  await recordConsents(db(), [
    { ...entry, purpose: 'whatsapp_updates' },
    { ...entry, purpose: 'whatsapp_marketing' },
  ]);
}

async function say(phone: string, text: string) {
  const sent = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/reply`,
    payload: { from: phone, text },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await shop.app.whatsappSandbox?.deliveries.idle();
}

async function shopSaid(phone: string): Promise<string[]> {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${phone}` });
  expect(response.statusCode).toBe(200);
  const chat = response.json() as { direction: string; text: string }[];
  return chat.filter((m) => m.direction === 'out').map((m) => m.text);
}

describe('STOP', () => {
  it.each([['STOP'], ['  stop \n'], ['Stop'], ['रोकें']])(
    '%j withdraws both WhatsApp purposes as whatsapp_reply and is answered once',
    async (word) => {
      const phone = newPhone();
      await consentBoth(phone);
      await say(phone, word);
      expect(await consentStands(db(), { phone }, 'whatsapp_updates')).toBe(false);
      expect(await consentStands(db(), { phone }, 'whatsapp_marketing')).toBe(false);
      const rows = await db().select().from(consents).where(eq(consents.phone, phone)).orderBy(consents.id);
      expect(rows.slice(2).map((r) => [r.purpose, r.given, r.source])).toEqual([
        ['whatsapp_updates', false, 'whatsapp_reply'],
        ['whatsapp_marketing', false, 'whatsapp_reply'],
      ]);
      const answers = await shopSaid(phone);
      expect(answers).toHaveLength(1);
      expect(answers[0]).toContain('You will no longer get WhatsApp messages from Kapaas');

      await say(phone, 'STOP');
      expect(await shopSaid(phone)).toHaveLength(1);
      expect(await db().select().from(consents).where(eq(consents.phone, phone))).toHaveLength(4);
    },
  );

  it('leaves other words alone, and a STOP inside a sentence is not one', async () => {
    const phone = newPhone();
    await consentBoth(phone);
    await say(phone, 'Please stop the parcel, I will be away');
    await say(phone, 'Where is my order?');
    expect(await consentStands(db(), { phone }, 'whatsapp_updates')).toBe(true);
    expect(await shopSaid(phone)).toEqual([]);
  });
});
