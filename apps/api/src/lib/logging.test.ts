import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions, prettyLogs } from './logging';

const config = (env: Record<string, string>) => loadConfig({ ADMIN_EMAIL: 'owner@shop.example', ...env });

describe('the log format', () => {
  it('is readable (pino-pretty) on a terminal in development and test', () => {
    expect(prettyLogs(config({}), true)).toBe(true);
    expect(prettyLogs(config({ NODE_ENV: 'test' }), true)).toBe(true);
  });

  it('is JSON when stdout is not a terminal (a file, a pipe, a log collector)', () => {
    expect(prettyLogs(config({}), false)).toBe(false);
    expect(prettyLogs(config({ NODE_ENV: 'test' }), false)).toBe(false);
  });

  it('is JSON in production, even on a terminal', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-owner-password',
      SESSION_SECRET: 'x'.repeat(40),
      ALLOW_SANDBOX_PAYMENTS: 'true',
    };
    expect(prettyLogs(config(production), true)).toBe(false);
  });

  it('follows LOG_FORMAT when it is set', () => {
    expect(prettyLogs(config({ LOG_FORMAT: 'json' }), true)).toBe(false);
    expect(prettyLogs(config({ LOG_FORMAT: 'pretty' }), false)).toBe(true);
  });

  it('sends pretty logs through the pino-pretty transport at the configured level', () => {
    expect(loggerOptions(config({ LOG_LEVEL: 'debug' }), true)).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions(config({ LOG_LEVEL: 'warn' }), false)).toEqual({ level: 'warn' });
  });
});
