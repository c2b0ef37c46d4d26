import { Agent, request } from 'node:http';

/** One answer: its status, its text and how long it took from the request's start. */
export interface Answer {
  status: number;
  text: string;
  ms: number;
}

/**
 * A keep-alive HTTP client of its own (one connection pool), optionally bound to a source address
 * on the loopback (127.0.0.x), so that each simulated shopper is a different client address to the
 * shop, as real shoppers are, with no forged X-Forwarded-For. Keeps the session cookie it is given.
 */
export class HttpClient {
  readonly #agent: Agent;
  #cookie = '';
  /** Sent as `authorization` when set (the admin API's Bearer token). */
  bearer: string | undefined;

  constructor(
    readonly origin: string,
    readonly localAddress?: string,
  ) {
    this.#agent = new Agent({ keepAlive: true, maxSockets: 4 });
  }

  /** Sends a request and resolves with the answer, whatever its status; rejects on a network error. */
  send(method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.#cookie) headers.cookie = this.#cookie;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const url = new URL(path, this.origin);
    const began = performance.now();
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        { method, headers, agent: this.#agent, ...(this.localAddress ? { localAddress: this.localAddress } : {}) },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            this.#keepSession(incoming.headers['set-cookie']);
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: incoming.statusCode ?? 0, text, ms: performance.now() - began });
          });
        },
      );
      outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  /** POSTs JSON and answers the parsed JSON; throws unless the status is 200. */
  async post<T>(path: string, body: unknown = {}): Promise<T> {
    const answer = await this.send('POST', path, body);
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as T;
  }

  close(): void {
    this.#agent.destroy();
  }

  #keepSession(setCookie: string[] | undefined): void {
    const session = setCookie?.map((line) => line.split(';')[0] ?? '').find((pair) => pair.includes('='));
    if (session) this.#cookie = session;
  }
}
