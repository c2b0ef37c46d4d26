import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Funnel } from './funnel';
import { addFunnelCounts } from './funnel.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The funnel's counter (ADR 053); null when counting is off. */
    funnel: Funnel | null;
  }
}

/** Every five seconds by default: a few statements a minute per process, however busy the shop. */
export const DEFAULT_FUNNEL_FLUSH_MS = 5_000;

export interface FunnelPluginOptions {
  /** Whether the shop counts at all (FUNNEL_COUNTING); off, `app.funnel` is null and nothing is counted. */
  counting?: boolean;
  /** How often the counts are written (ms); 0 writes them only on close and when a test flushes by hand. */
  flushMs?: number;
  /** The funnel's clock (tests). */
  now?: () => Date;
  maxKeys?: number;
}

/**
 * The funnel's counter for this process (ADR 053), written every `flushMs` and once more when the app closes. A failed
 * write is logged and its counts kept for the next one.
 */
export const funnelPlugin = fp<FunnelPluginOptions>(
  async (app: FastifyInstance, options) => {
    if (options.counting === false) {
      app.decorate('funnel', null);
      return;
    }
    const log = app.log.child({ module: 'funnel' });
    const funnel = new Funnel({
      write: (rows) => addFunnelCounts(app.database.db, rows),
      ...(options.now ? { now: options.now } : {}),
      ...(options.maxKeys ? { maxKeys: options.maxKeys } : {}),
    });
    app.decorate('funnel', funnel);
    const pass = async () => {
      const dropped = funnel.dropped;
      funnel.dropped = 0;
      if (dropped > 0) log.warn({ dropped }, 'funnel counts dropped: too many product-days waited to be written');
      await funnel.flush();
    };
    const interval = options.flushMs ?? DEFAULT_FUNNEL_FLUSH_MS;
    const timer = interval > 0 ? setInterval(() => void pass().catch(failed), interval) : undefined;
    timer?.unref();
    function failed(err: unknown) {
      log.warn({ err, pending: funnel.pending }, 'the funnel counts could not be written; the next flush tries again');
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await pass().catch(failed);
    });
  },
  { name: 'funnel', dependencies: ['database'] },
);
