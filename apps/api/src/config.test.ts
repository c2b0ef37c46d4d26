import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a new machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: '', DATA_DIR: '/var/lib/kapaas' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/lib/kapaas' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ RAZORPAY_API_BASE: 'not a url' }, 'RAZORPAY_API_BASE'],
    [{ PUBLIC_URL: 'kapaas.in' }, 'PUBLIC_URL'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('trusts no proxy by default; TRUST_PROXY is a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.example', '127.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });

  it('warns when PUBLIC_URL is https and TRUST_PROXY is unset, and only then', () => {
    expect(configWarnings(loadConfig({ PUBLIC_URL: 'https://kapaas.in' }))).toEqual([
      expect.stringMatching(/^PUBLIC_URL is https but TRUST_PROXY is unset: .*set TRUST_PROXY/),
    ]);
    expect(configWarnings(loadConfig({ PUBLIC_URL: 'https://kapaas.in', TRUST_PROXY: '127.0.0.1' }))).toEqual([]);
    expect(configWarnings(loadConfig({ PUBLIC_URL: 'http://shop.example:8080' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('takes PUBLIC_URL as an absolute http(s) URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://kapaas.in' }).publicUrl).toBe('https://kapaas.in');
    expect(loadConfig({ PUBLIC_URL: 'https://Kapaas.in/' }).publicUrl).toBe('https://kapaas.in');
    expect(loadConfig({ PUBLIC_URL: 'http://shop.example:8080/kapaas//' }).publicUrl).toBe(
      'http://shop.example:8080/kapaas',
    );
    for (const bad of [
      'kapaas.in',
      '/shop',
      'ftp://kapaas.in',
      'https://kapaas.in/?ref=1',
      'https://kapaas.in/#top',
      'https://kapaas.in?',
      'https://owner:secret@kapaas.in',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(
        /^Invalid configuration: PUBLIC_URL must be an absolute/,
      );
    }
  });

  it('defaults PUBLIC_URL to the listening address, a wildcard host reached at 127.0.0.1', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'localhost', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '80' }).publicUrl).toBe('http://127.0.0.1:80');
    expect(loadConfig({ HOST: '::' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://kapaas.in/' }).publicUrl).toBe('https://kapaas.in');
  });

  it('refuses the development admin and session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD must be set/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'owner@kapaas.in', ADMIN_PASSWORD: 'a-long-secret-pass' }),
    ).toThrow(/SESSION_SECRET must be set/);
    const production = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'owner@kapaas.in',
      ADMIN_PASSWORD: 'a-long-secret-pass',
      SESSION_SECRET: 'x'.repeat(40),
    };
    expect(() => loadConfig(production)).toThrow(/RAZORPAY_KEY_ID must be set when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET must be set/,
    );
    const live = loadConfig({
      ...production,
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(live.NODE_ENV).toBe('production');
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).ALLOW_SANDBOX_PAYMENTS).toBe(true);
  });
});
