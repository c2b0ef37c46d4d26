import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { usesRealShiprocket } from './shiprocket.plugin';

/** The courier's settings: a Shiprocket API user is both halves or none, and the pickup PIN is a PIN. */
describe("the courier's configuration", () => {
  it('uses Shiprocket with an e-mail and a password, the sandbox with neither', () => {
    expect(usesRealShiprocket(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    const real = loadConfig({ NODE_ENV: 'test', SHIPROCKET_EMAIL: 'api@shop.in', SHIPROCKET_PASSWORD: 'secret' });
    expect(usesRealShiprocket(real)).toBe(true);
    expect(real).toMatchObject({ SHIPROCKET_PICKUP_LOCATION: 'Primary', SHIPROCKET_PICKUP_PIN: '110001' });
  });

  it('refuses one half of the API user in any environment, naming the missing one', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => loadConfig({ NODE_ENV, SHIPROCKET_EMAIL: 'api@shop.in' })).toThrow(
        new ConfigError(
          'Invalid configuration: SHIPROCKET_PASSWORD SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are set together or not at all',
        ),
      );
      expect(() => loadConfig({ NODE_ENV, SHIPROCKET_PASSWORD: 'secret' })).toThrow(/SHIPROCKET_EMAIL /);
    }
  });

  it('refuses a pickup PIN that is not six digits, a short webhook token and an API base that is not a URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_PICKUP_PIN: '01100' })).toThrow(
      'Invalid configuration: SHIPROCKET_PICKUP_PIN must be a 6-digit PIN code',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toThrow(
      'Invalid configuration: SHIPROCKET_WEBHOOK_TOKEN must be at least 8 characters',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_API_BASE: 'apiv2.shiprocket.in' })).toThrow(
      /SHIPROCKET_API_BASE/,
    );
  });
});
