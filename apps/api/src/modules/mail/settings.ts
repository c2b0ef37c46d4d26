import type { Config } from '../../config';

/** What the mail module needs from the shop's configuration. */
export interface MailSettings {
  /** The shop's public base URL (no trailing slash), for links and images in messages. */
  publicUrl: string;
  /** The sender: an address, or `Name <address>` (MAIL_FROM). */
  from: string;
  /** NOTIFY_EMAIL's addresses; unset: every active owner account's address. */
  notify: readonly string[] | undefined;
  /** Seals secrets and signs unsubscribe links (SESSION_SECRET). */
  secret: string;
  /** The mail server (SMTP_URL); null: messages wait in the outbox. */
  smtpUrl: string | null;
}

// Mail's part of what the app gives its services: lib/deps.ts knows no module, so the module adds it.
declare module '../../lib/deps' {
  interface ServiceDeps {
    /** Where messages go and how links in them are made. */
    mail: MailSettings;
  }
}

export function mailSettingsOf(config: Config): MailSettings {
  return {
    publicUrl: config.publicUrl,
    from: config.MAIL_FROM,
    notify: config.NOTIFY_EMAIL,
    secret: config.SESSION_SECRET,
    smtpUrl: config.SMTP_URL ?? null,
  };
}

/** The domain of the sender's address: the right-hand side of every Message-ID. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'kapaas.local';
}
