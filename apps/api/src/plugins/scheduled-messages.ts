import type { Database } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/periodic';

/** Every five minutes by default: a reminder is due to the hour, the owner's report to the morning. */
export const DEFAULT_SCHEDULED_MESSAGES_MS = 5 * 60_000;

/** One kind of message no request causes: queues what is due into the outbox, and answers how many (or whether). */
export type ScheduledMessages = (db: Database) => Promise<number | boolean>;

export interface ScheduledMessagesOptions {
  /** How often a pass runs (ms); 0 turns it off. Default {@link DEFAULT_SCHEDULED_MESSAGES_MS}. */
  scheduledMessagesMs?: number | undefined;
  /**
   * What a pass queues, one after the other in this order, each under the name the log line gives its answer.
   * The modules own them; app.ts hands them down, since this plugin is below the modules (ADR 041).
   */
  messages: Readonly<Record<string, ScheduledMessages>>;
}

/**
 * The messages no request causes (today cart reminders, review requests some days after delivery and, once a day,
 * the sizes that ran out, to the owners). Each pass queues what is due into the outbox; the mail worker sends it.
 * Safe in several processes: each message is named by its cart or day. `scheduledMessagesMs: 0` turns it off.
 * Closing the app waits for a pass in progress.
 */
export const scheduledMessagesPlugin = fp<ScheduledMessagesOptions>(
  async (app: FastifyInstance, options) => {
    const interval = options.scheduledMessagesMs ?? DEFAULT_SCHEDULED_MESSAGES_MS;
    if (interval <= 0) return;
    const log = app.log.child({ module: 'scheduled-messages' });
    const pass = async () => {
      const queued: Record<string, number | boolean> = {};
      for (const [name, queue] of Object.entries(options.messages)) queued[name] = await queue(app.database.db);
      if (Object.values(queued).some((answer) => answer === true || (typeof answer === 'number' && answer > 0))) {
        log.info(queued, 'queued scheduled messages');
      }
    };
    const stop = runEvery(interval, pass, (err) =>
      log.warn({ err }, 'the scheduled messages pass failed; the next one tries again'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'scheduled-messages', dependencies: ['database'] },
);
