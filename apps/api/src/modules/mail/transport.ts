import nodemailer from 'nodemailer';

/** One message as the sender hands it to the mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@domain>`: the same on every attempt, so a resend after a crash is recognisably the same message. */
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** What the sender needs of a mail server; nodemailer's SMTP transport in the shop, the same in tests. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ response: string }>;
  close(): void;
}

/**
 * SMTP through nodemailer. The timeouts are well inside the sender's claim on a message (two
 * minutes), so a hung server cannot keep a message claimed after another sender may take it.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { response: String(info.response ?? 'accepted') };
    },
    close: () => transporter.close(),
  };
}

/** Whether a failed attempt may succeed later: a 5xx reply is the server's final no, anything else (4xx, a dropped connection) is not. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server's reply or the error, for the message's history. */
export function replyOf(error: unknown): string {
  const { response, message, code } = error as { response?: unknown; message?: unknown; code?: unknown };
  if (typeof response === 'string' && response) return response;
  return [code, message].filter((part) => typeof part === 'string' && part).join(': ') || String(error);
}
