import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/periodic';
import { queueCartReminders } from '../modules/cart';
import { queueSoldOutReport } from '../modules/inventory';
import { queueReviewRequests } from '../modules/reviews';

/** Every five minutes by default: a reminder is due to the hour, the owner's report to the morning. */
export const DEFAULT_SCHEDULED_MESSAGES_MS = 5 * 60_000;

/**
 * The messages no request causes: cart reminders, review requests some days after delivery and, once a day, the sizes that ran out (to the
 * owners). Each pass queues what is due into the outbox; the mail worker sends it. Safe in several
 * processes: each message is named by its cart or day. `scheduledMessagesMs: 0` turns it off.
 */
export const scheduledMessagesPlugin = fp<{ scheduledMessagesMs?: number }>(
  async (app: FastifyInstance, options) => {
    const interval = options.scheduledMessagesMs ?? DEFAULT_SCHEDULED_MESSAGES_MS;
    if (interval <= 0) return;
    const log = app.deps.log.child({ module: 'scheduled-messages' });
    const pass = async () => {
      const reminders = await queueCartReminders(app.deps.db);
      const reviewRequests = await queueReviewRequests(app.deps.db);
      const report = await queueSoldOutReport(app.deps.db);
      if (reminders > 0 || reviewRequests > 0 || report) {
        log.info({ reminders, reviewRequests, soldOutReport: report }, 'queued scheduled messages');
      }
    };
    const stop = runEvery(interval, pass, (err) =>
      log.warn({ err }, 'the scheduled messages pass failed; the next one tries again'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'scheduled-messages', dependencies: ['database'] },
);
