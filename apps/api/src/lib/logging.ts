import type { FastifyServerOptions } from 'fastify';
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
