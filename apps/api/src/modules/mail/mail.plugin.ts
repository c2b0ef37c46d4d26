import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/periodic';
import type { CloudApi } from '../whatsapp';
import { releaseClaims } from './outbox.repository';
import { prepareMessages, sendDueMessages } from './sender';
import { type MailTransport, smtpTransport } from './transport';
import { sendDueWhatsApp } from './whatsapp-sender';

/** Every two seconds by default: a message goes out within seconds of its event committing. */
export const DEFAULT_MAIL_SWEEP_MS = 2_000;

/**
 * The outbox's worker, in every shop process: renders the messages queued since its last pass, and,
 * with a mail server (SMTP_URL), sends those due. Several processes on one PostgreSQL share the work
 * (mail/outbox.repository.ts). With `whatsapp`, WhatsApp's rows go through it (whatsapp-sender.ts). `mailSweepMs: 0` turns it off (tests run the passes by hand).
 */
export const mailPlugin = fp<{ mailSweepMs?: number; transport?: MailTransport; whatsapp?: CloudApi | null }>(
  async (app: FastifyInstance, options) => {
    const interval = options.mailSweepMs ?? DEFAULT_MAIL_SWEEP_MS;
    if (interval <= 0) return;
    const deps = { ...app.deps, log: app.deps.log.child({ module: 'mail' }) };
    const transport = options.transport ?? (deps.mail.smtpUrl ? smtpTransport(deps.mail.smtpUrl) : null);
    // Embedded: no other process can be sending, so a message a killed process left half-sent is due now.
    if (app.database.kind === 'pglite') {
      const released = await releaseClaims(deps.db, new Date(Date.now() - 1));
      if (released > 0) deps.log.info({ released }, 'messages a stopped process was sending are due again');
    }
    const pass = async () => {
      await prepareMessages(deps);
      // WhatsApp first: a message that fails for good there is then due by e-mail in the same pass, written again.
      if (options.whatsapp) {
        await sendDueWhatsApp(deps, options.whatsapp);
        await prepareMessages(deps);
      }
      if (transport) await sendDueMessages(deps, transport);
    };
    const stop = runEvery(interval, pass, (err) =>
      deps.log.warn({ err }, 'the mail pass failed; the next one tries again'),
    );
    app.addHook('onClose', async () => {
      await stop();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['database'] },
);
