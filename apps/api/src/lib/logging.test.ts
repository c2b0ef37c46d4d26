import fc from 'fast-check';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import {
  answerLogLevel,
  LazyChildLogger,
  lazyChildLogger,
  lazyRootLogger,
  loggerOptions,
  prettyLogs,
  RequestLog,
} from './logging';

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
    const app = Fastify({
      logger: { level, stream },
      logController: new RequestLog(slowMs),
      childLoggerFactory: lazyChildLogger,
    });
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

describe('the request log’s answer observer', () => {
  it('is told of every answer once, matched or not, good or failed, with its time', async () => {
    const seen: { url: string; status: number; ms: number }[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: () => undefined } },
      logController: new RequestLog(60_000),
    });
    app.decorate('answerObserver', (request: FastifyRequest, reply: FastifyReply, ms: number) => {
      seen.push({ url: request.url, status: reply.statusCode, ms });
    });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    await app.ready();
    for (const url of ['/ok', '/nowhere', '/broken', '/ok']) await app.inject({ method: 'GET', url });
    expect(seen.map(({ url, status }) => [url, status])).toEqual([
      ['/ok', 200],
      ['/nowhere', 404],
      ['/broken', 500],
      ['/ok', 200],
    ]);
    for (const { ms } of seen) expect(ms).toBeGreaterThanOrEqual(0);
    await app.close();
  });
});

describe("a request's lazy logger", () => {
  /** A real pino logger (Fastify's) writing to an array. */
  function parent(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    return { log: Fastify({ logger: { level, stream } }).log, lines };
  }

  it('makes no child until something is logged, then one, with the bindings', () => {
    const { log, lines } = parent('info');
    const child = vi.spyOn(log, 'child');
    const lazy = new LazyChildLogger(log, { reqId: 'req-7' });
    expect(lazy.level).toBe('info');
    lazy.debug('below the level');
    expect(lines).toEqual([]);
    lazy.info({ n: 1 }, 'first');
    lazy.error('second %s', 'line');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-7', n: 1, msg: 'first' }),
      expect.objectContaining({ level: 50, reqId: 'req-7', msg: 'second line' }),
    ]);
  });

  it("takes its options' level, and a level set on it", () => {
    const { log, lines } = parent('info');
    const lazy = new LazyChildLogger(log, { reqId: 'req-8' }, { level: 'debug' });
    expect(lazy.level).toBe('debug');
    lazy.debug('seen');
    lazy.level = 'warn';
    lazy.info('unseen');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-8', msg: 'seen' })]);
  });

  it("is what a route logs through: the request id, a route's own level and children included", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ logger: { level: 'info', stream }, childLoggerFactory: lazyChildLogger });
    app.get('/says', async (request) => {
      request.log.warn({ said: 'hello' }, 'a route speaks');
      request.log.child({ step: 'inner' }).info('an inner step');
      return {};
    });
    app.get('/chatty', { logLevel: 'debug' }, async (request) => {
      request.log.debug('debug of one route');
      return { level: request.log.level };
    });
    await app.inject({ method: 'GET', url: '/says' });
    expect((await app.inject({ method: 'GET', url: '/chatty' })).json()).toEqual({ level: 'debug' });
    const said = lines.filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
    expect(said).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', said: 'hello', msg: 'a route speaks' }),
      expect.objectContaining({ level: 30, reqId: 'req-1', step: 'inner', msg: 'an inner step' }),
      expect.objectContaining({ level: 20, reqId: 'req-2', msg: 'debug of one route' }),
    ]);
    await app.close();
  });
});

describe('the lazy root logger', () => {
  /** Fastify on the shop's root logger, with Fastify's own child factory, writing to an array. */
  function server(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ loggerInstance: lazyRootLogger({ level, stream }), logController: new RequestLog(60_000) });
    return { app, lines };
  }

  it("gives each request a lazy logger: the request id, a route's level, children and Fastify's serializers", async () => {
    const { app, lines } = server('info');
    const loggers: unknown[] = [];
    app.get('/quiet', async (request) => {
      loggers.push(request.log);
      return {};
    });
    app.get('/says', async (request) => {
      request.log.warn({ err: new Error('told') }, 'a route speaks');
      request.log.child({ step: 'inner' }).info('an inner step');
      return {};
    });
    app.get('/chatty', { logLevel: 'debug' }, async (request) => {
      request.log.debug('debug of one route');
      return { level: request.log.level };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(loggers[0]).toBeInstanceOf(LazyChildLogger);
    await app.inject({ method: 'GET', url: '/says' });
    expect((await app.inject({ method: 'GET', url: '/chatty' })).json()).toEqual({ level: 'debug' });
    app.log.info('from the app');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: 'req-2',
        err: expect.objectContaining({ type: 'Error', message: 'told', stack: expect.any(String) }),
        msg: 'a route speaks',
      }),
      expect.objectContaining({ level: 30, reqId: 'req-2', step: 'inner', msg: 'an inner step' }),
      expect.objectContaining({ level: 20, reqId: 'req-3', msg: 'debug of one route' }),
      // The route's own level applies to its answer's line too.
      expect.objectContaining({ level: 20, reqId: 'req-3', msg: 'request answered', url: '/chatty' }),
      expect.objectContaining({ level: 30, msg: 'from the app' }),
    ]);
    expect(lines[4]).not.toHaveProperty('reqId');
    await app.close();
  });

  it("follows the app logger's level, set after start", async () => {
    const { app, lines } = server('info');
    app.get('/debug', async (request) => {
      request.log.debug('seen at debug');
      return {};
    });
    await app.inject({ method: 'GET', url: '/debug' });
    expect(lines).toEqual([]);
    app.log.level = 'debug';
    await app.inject({ method: 'GET', url: '/debug' });
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, msg: 'seen at debug' }),
      expect.objectContaining({ level: 20, msg: 'request answered', statusCode: 200 }),
    ]);
    await app.close();
  });
});
