import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

// A journey that needs real delivery: a loopback SMTP server that keeps what it accepts, and a shop process of
// its own that sends there (the run's shared shop has no SMTP_URL).

const root = resolve(import.meta.dirname, '../..');

/** A message as the loopback server received it: the envelope's recipients and the parsed message. */
export interface Received {
  to: string[];
  mail: ParsedMail;
  /** The header lines as sent, for headers mailparser turns into objects (List-Unsubscribe). */
  raw: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: Received[];
  /** Messages to this address, oldest first. */
  to(address: string): Received[];
  /** Waits until a message matching `match` arrived. */
  waitFor(match: (message: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail) => {
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            received.push({ to, mail, raw: raw.slice(0, raw.indexOf('\r\n\r\n')) });
            callback(null);
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((message) => message.to.includes(address.toLowerCase())),
    async waitFor(match, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(
        `no such message in ${timeoutMs} ms; received: ${received.map((m) => m.mail.subject).join(' | ')}`,
      );
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface ShopProcess {
  baseUrl: string;
  /** What the shop process wrote so far. */
  log(): string;
  close(): Promise<void>;
}

/** The real shop (built storefront, fresh DATA_DIR on embedded PGlite, demo seed) on a free port, with `env` added. */
export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kapaas-e2e-mail-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, log: () => log, close };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await close();
  throw new Error(`The shop did not become healthy in 90 s:\n${log}`);
}

/** A header of a received message, its folded lines joined. */
export const rawHeader = (message: Received, name: string) =>
  new RegExp(`^${name}: *(.*)$`, 'im').exec(message.raw.replace(/\r\n[ \t]+/g, ' '))?.[1];
