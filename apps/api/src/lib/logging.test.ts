import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { answerLogLevel, loggerOptions, prettyLogs, RequestLog } from './logging';

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

describe('the request log', () => {
  it('logs failures at error, refusals and slow answers at info, and the rest at debug', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.nat(5_000),
        (status, ms, slowMs) => {
          const level = answerLogLevel(status, ms, slowMs);
          if (status >= 500) expect(level).toBe('error');
          else if (status >= 400 || ms > slowMs) expect(level).toBe('info');
          else expect(level).toBe('debug');
        },
      ),
    );
  });

  /** A server logging to an array, through the shop's request log. */
  async function server(level: string, slowMs: number) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ logger: { level, stream }, logController: new RequestLog(slowMs) });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async (_request, reply) => reply.code(404).send({ ok: false }));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    await app.ready();
    const answered = () => lines.filter((line) => line.msg === 'request answered' || line.msg === 'slow request');
    return { app, lines, answered };
  }

  it('at info, writes nothing for a good answer and one line for a refusal or a failure', async () => {
    const { app, answered } = await server('info', 60_000);
    await app.inject({ method: 'GET', url: '/ok' });
    expect(answered()).toEqual([]);
    await app.inject({ method: 'GET', url: '/refused?x=1' });
    await app.inject({ method: 'GET', url: '/broken' });
    expect(answered()).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/refused?x=1', statusCode: 404, reqId: 'req-2' }),
      expect.objectContaining({ level: 50, method: 'GET', url: '/broken', statusCode: 500, reqId: 'req-3' }),
    ]);
    expect(answered()[0]?.ms).toEqual(expect.any(Number));
    await app.close();
  });

  it('at debug, writes one line for every answer, and no incoming/completed pair', async () => {
    const { app, lines, answered } = await server('debug', 60_000);
    await app.inject({ method: 'GET', url: '/ok' });
    expect(answered()).toEqual([expect.objectContaining({ level: 20, url: '/ok', statusCode: 200 })]);
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    await app.close();
  });

  it('writes a good answer slower than the threshold at info', async () => {
    // A threshold of 0 ms: every answer takes longer than that.
    const { app, answered } = await server('info', 0);
    await app.inject({ method: 'GET', url: '/ok' });
    expect(answered()).toEqual([expect.objectContaining({ level: 30, msg: 'slow request', statusCode: 200 })]);
    await app.close();
  });
});
