import { createHmac } from 'node:crypto';
import { outboxMessages } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestShop } from '../../../test/shop';
import { ConfigError, loadConfig } from '../../config';
import { recordConsents } from '../consent';
import { queueMail } from '../mail';
import { whatsAppMode } from './whatsapp.plugin';

const META = {
  WHATSAPP_TOKEN: 'EAAG-system-user-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'the-apps-secret',
  WHATSAPP_VERIFY_TOKEN: 'kapaas-verify-1234',
};

const production = {
  NODE_ENV: 'production',
  ADMIN_EMAIL: 'owner@kapaas.in',
  ADMIN_PASSWORD: 'a-long-secret-pass',
  SESSION_SECRET: 'x'.repeat(40),
  ALLOW_SANDBOX_PAYMENTS: 'true',
};

/** WhatsApp's settings: all four or none; the sandbox outside production, or in production only when allowed. */
describe("WhatsApp's configuration", () => {
  it('uses Meta with the four settings, the sandbox without them, and none in production unless allowed', () => {
    expect(whatsAppMode(loadConfig({ NODE_ENV: 'test' }))).toBe('sandbox');
    expect(whatsAppMode(loadConfig({ NODE_ENV: 'development', ...META }))).toBe('cloud');
    expect(whatsAppMode(loadConfig(production))).toBe('none');
    expect(whatsAppMode(loadConfig({ ...production, ALLOW_SANDBOX_WHATSAPP: 'true' }))).toBe('sandbox');
    expect(whatsAppMode(loadConfig({ ...production, ...META }))).toBe('cloud');
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ WHATSAPP_API_VERSION: 'v23.0' });
  });

  it('refuses some of the four settings without the others in any environment, naming a missing one', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_VERIFY_TOKEN: _token, ...half } = META;
      const attempt = () => loadConfig({ ...production, NODE_ENV, ...half });
      expect(attempt).toThrow(
        new ConfigError(
          'Invalid configuration: WHATSAPP_APP_SECRET WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN are set together or not at all',
        ),
      );
      expect(() => loadConfig({ NODE_ENV, WHATSAPP_VERIFY_TOKEN: META.WHATSAPP_VERIFY_TOKEN })).toThrow(
        /^Invalid configuration: WHATSAPP_TOKEN /,
      );
    }
  });

  it('refuses a phone number ID that is not digits, a short verify token and a version that is not one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...META, WHATSAPP_PHONE_NUMBER_ID: '+91 98765' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID must be the Phone number ID/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ...META, WHATSAPP_VERIFY_TOKEN: 'short' })).toThrow(
      /WHATSAPP_VERIFY_TOKEN must be at least 8 characters/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WHATSAPP_API_VERSION: '23' })).toThrow(/WHATSAPP_API_VERSION/);
  });
});

describe('a shop set up with Meta', () => {
  it('loads no sandbox, and its webhook takes the configured verify token and app secret only', async () => {
    const shop = await startTestShop({ env: META });
    try {
      expect(shop.app.whatsapp).toMatchObject({ sandbox: false, configured: true });
      expect((await shop.app.inject({ method: 'GET', url: '/sandbox/whatsapp/' })).statusCode).toBe(404);
      const verify = (token: string) =>
        shop.app.inject({
          method: 'GET',
          url: `/api/whatsapp_webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
        });
      expect((await verify(META.WHATSAPP_VERIFY_TOKEN)).body).toBe('42');
      expect((await verify('kapaas_whatsapp_sandbox_verify_token_TEST_ONLY')).statusCode).toBe(403);
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      const post = (secret: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/whatsapp_webhook',
          payload: body,
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
          },
        });
      expect((await post(META.WHATSAPP_APP_SECRET)).statusCode).toBe(200);
      expect((await post('kapaas_whatsapp_sandbox_app_secret_TEST_ONLY')).statusCode).toBe(401);
    } finally {
      await shop.close();
    }
  });
});

describe('a live shop without WhatsApp', () => {
  it('loads no sandbox, and a message queued for WhatsApp goes by e-mail, saying WhatsApp is not set up', async () => {
    const shop = await startTestShop({ env: production, mailSweepMs: 100 });
    try {
      expect(shop.app.whatsapp).toMatchObject({ sandbox: false, configured: false });
      expect((await shop.app.inject({ method: 'GET', url: '/sandbox/whatsapp/' })).statusCode).toBe(404);
      const verify = await shop.app.inject({
        method: 'GET',
        url: '/api/whatsapp_webhook?hub.mode=subscribe&hub.verify_token=anything-at-all&hub.challenge=42',
      });
      expect(verify.statusCode).toBe(403);
      const db = shop.database.db;
      const phone = '919876512345';
      await recordConsents(db, [{ person: { phone }, purpose: 'whatsapp_updates', given: true, source: 'checkout' }]);
      await queueMail(db, {
        kind: 'contact_received',
        key: 'no-whatsapp:1',
        to: 'asha@example.in',
        whatsapp: { phone, template: 'order_shipped', language: 'en', bodyParameters: [] },
      });
      // The outbox's worker, as app.ts sets it up (every 2 s in a running shop; here every 100 ms).
      await expect
        .poll(
          async () => {
            const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.key, 'no-whatsapp:1'));
            return row?.fallbackReason ?? null;
          },
          { timeout: 20_000 },
        )
        .toMatch(/WhatsApp is not set up/);
    } finally {
      await shop.close();
    }
  });
});
