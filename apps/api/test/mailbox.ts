import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { prepareMessages, sendDueMessages, smtpTransport } from '../src/modules/mail';

/** A message as the loopback mail server received it: the envelope's recipients and the parsed message. */
export interface Received {
  to: string[];
  mail: ParsedMail;
  /** The header lines as sent (unfolded, one per line), for headers mailparser turns into objects (List-Unsubscribe). */
  raw: string;
}

/** A real SMTP server on loopback (smtp-server), keeping what it accepted, parsed with mailparser. */
export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: Received[];
  /** Messages to this address, oldest first. */
  to(address: string): Received[];
  /** Waits until a message matching `match` arrived (default 10 s). */
  waitFor(match: (message: Received) => boolean, timeoutMs?: number): Promise<Received>;
  /** While down, every message is refused with this reply code: 451 (try again later) by default, or a final 550. */
  down: boolean;
  downCode: 451 | 550;
  /** Held messages: DATA is not answered until `release()` (a slow server; a sender killed meanwhile). */
  hold: boolean;
  release(): void;
  /** Called when a message's data arrived, before it is answered. */
  onData?: (raw: string) => void;
  /** Messages whose sender went away before the server answered them: not accepted, not kept. */
  dropped: number;
  close(): Promise<void>;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  let releaseHeld: (() => void)[] = [];
  const box: Mailbox = {
    url: '',
    port: 0,
    received: [],
    dropped: 0,
    down: false,
    downCode: 451,
    hold: false,
    to: (address) => box.received.filter((message) => message.to.includes(address.toLowerCase())),
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = box.received.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `no such message arrived in ${timeoutMs} ms; received: ${box.received.map((m) => m.mail.subject).join(' | ')}`,
      );
    },
    release() {
      const waiting = releaseHeld;
      releaseHeld = [];
      for (const go of waiting) go();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
      // A held message whose sender died is let go at once, to be dropped.
      box.release();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        box.onData?.(raw);
        if (box.down) {
          const text = box.downCode === 451 ? 'Mailbox unavailable, try again later' : 'No such mailbox here';
          const error = Object.assign(new Error(text), { responseCode: box.downCode });
          callback(error);
          return;
        }
        if (box.hold && !closed.has(session.id)) await new Promise<void>((go) => releaseHeld.push(go));
        // A message whose sender went away before hearing "250" was never accepted (RFC 5321 §4.1.1.4):
        // its sender must try again, so it is not kept.
        if (closed.has(session.id)) {
          box.dropped += 1;
          return;
        }
        box.received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          mail: await simpleParser(raw),
          // Unfolded, one header per line.
          raw: raw
            .slice(0, raw.indexOf('\r\n\r\n'))
            .replace(/\r\n[ \t]+/g, ' ')
            .replaceAll('\r\n', '\n'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  box.port = (server.server.address() as AddressInfo).port;
  box.url = `smtp://127.0.0.1:${box.port}`;
  return box;
}

/** Renders and sends everything due in the app's outbox to the mailbox, as the worker's passes would. */
export async function deliver(app: FastifyInstance, mailbox: Mailbox): Promise<number> {
  const transport = smtpTransport(mailbox.url);
  try {
    // Messages a route queues after its answer (forgot_password's) are queued by now.
    await app.afterAnswer.idle();
    await prepareMessages(app.deps);
    return await sendDueMessages(app.deps, transport);
  } finally {
    transport.close();
  }
}
