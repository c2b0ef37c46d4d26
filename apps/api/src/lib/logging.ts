import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type DestinationStream, type LoggerOptions, pino } from 'pino';
import type { Config } from '../config';

/**
 * Whether the shop's log is written for people (pino-pretty: one coloured line per entry) or for
 * machines (pino's JSON lines). LOG_FORMAT decides when set; otherwise people read a terminal
 * outside production, and anything else (a file, a pipe, a log collector, production) gets JSON.
 */
export function prettyLogs(config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT'>, stdoutIsTerminal: boolean): boolean {
  if (config.LOG_FORMAT) return config.LOG_FORMAT === 'pretty';
  return config.NODE_ENV !== 'production' && stdoutIsTerminal;
}

/** The shop process's logger options: the configured level, through pino-pretty when logs are read by people. */
export function loggerOptions(
  config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT' | 'LOG_LEVEL'>,
  stdoutIsTerminal: boolean,
): NonNullable<FastifyServerOptions['logger']> {
  if (!prettyLogs(config, stdoutIsTerminal)) return { level: config.LOG_LEVEL };
  return {
    level: config.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

/** The level an answered request is logged at: failures and slow answers at info or above, the rest at debug. */
export function answerLogLevel(statusCode: number, ms: number, slowMs: number): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400 || ms > slowMs) return 'info';
  return 'debug';
}

/** Told of every finished answer, with its time in ms, by the request log: the metrics' route timings. */
export type AnswerObserver = (request: FastifyRequest, reply: FastifyReply, ms: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by the metrics plugin when /metrics is on: the request log, which runs once per answer,
     * also records the answer's time, so no `onResponse` hook is needed for it (ADR 027).
     */
    answerObserver?: AnswerObserver;
  }
}

/**
 * Fastify's request log lines, replaced (ADR 027): no "incoming request" line, and one line per
 * answer in place of "request completed", at debug for every answer and at the default info level
 * only for what someone should look at: answers of 400 and above (500 and above at error) and
 * answers slower than `slowMs`. The line holds the method, URL, status and milliseconds; the
 * request id is in every line of the request's logger. Fastify calls it as the answer finishes,
 * so it costs no hook; a good, quick answer at info costs a comparison. It also hands every answer
 * to the server's `answerObserver`, if there is one (the route timings of /metrics).
 */
export class RequestLog extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super();
    this.#slowMs = slowMs;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    request.server.answerObserver?.(request, reply, ms);
    const level = error ? 'error' : answerLogLevel(reply.statusCode, ms, this.#slowMs);
    if (level === 'debug' && request.log.level !== 'debug' && request.log.level !== 'trace') return;
    const entry = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (error) request.log.error({ ...entry, err: error }, 'request errored');
    else request.log[level](entry, ms > this.#slowMs ? 'slow request' : 'request answered');
  }
}

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger that becomes the logger's child (with the request id) only when something is
 * logged through it (ADR 027). Fastify makes a child per request; at info a good, quick answer
 * logs nothing, so it needs none. Its level is its options' or the parent's, read without a child.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options?: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The child logger, made on first use (of the parent's own logger, itself made then if the parent is lazy). */
  get logger(): FastifyBaseLogger {
    this.#child ??= made(this.#parent).child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(...args: unknown[]): void {
    this.#log('silent', args);
  }

  /** A lazy child of this one: Fastify's request loggers are children of a lazy root (ADR 027). */
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return new LazyChildLogger(this, bindings, options);
  }

  // Methods on the prototype, not closures per instance: a request that logs nothing allocates only this object.
  #log(level: LevelName, args: unknown[]): void {
    const logger = this.logger;
    (logger[level] as (...a: unknown[]) => void).apply(logger, args);
  }
}

/** A logger itself, or, for a lazy one, the logger it stands for (made now if it was not yet). */
function made(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger instanceof LazyChildLogger ? logger.logger : logger;
}

/** The options of the shop's pino logger: Fastify's `logger` options (a level, a stream or a transport). */
export type RootLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> & {
  stream?: DestinationStream;
};

/**
 * The shop's root logger, for Fastify's `loggerInstance` (ADR 027): pino, as Fastify would make it
 * from the same options (Fastify adds its serializers to the logger it makes from this one),
 * behind a {@link LazyChildLogger} so that every child, each request's included, is lazy. With
 * Fastify's own child factory, Fastify takes the request's logger as it is; with a factory of
 * the shop's (`lazyChildLogger`), it checked every request's logger for its seven methods.
 */
export function lazyRootLogger(options: RootLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(pino(options as LoggerOptions, options.stream as DestinationStream), {});
}

/** Fastify's `childLoggerFactory`: a {@link LazyChildLogger} per request in place of a pino child. */
export function lazyChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
