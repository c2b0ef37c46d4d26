import { Agent, request } from 'node:http';
import { SESSION_COOKIE } from '../src/plugins/sessions';

/** An answer read as JSON, and its status. */
export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field and check what they read
  body: any;
}

/**
 * One person's browser over real HTTP, from a loopback address of its own (127.0.0.x: Linux routes all of 127/8 to
 * loopback), so that the shop's per-address limits count each simulated person apart as they would in the world,
 * without a forged X-Forwarded-For. It keeps the shop's session cookie and, for the console, the bearer token.
 */
export class HttpClient {
  readonly #agent: Agent;
  cookie = '';
  token: string | undefined;

  constructor(readonly address: string) {
    this.#agent = new Agent({ keepAlive: true, localAddress: address });
  }

  /** POST /api/<endpoint> with the session cookie, keeping the one the shop sets. */
  api(baseUrl: string, endpoint: string, body: unknown = {}): Promise<JsonAnswer> {
    return this.send('POST', `${baseUrl}/api/${endpoint}`, body);
  }

  /** A call to /admin/api<path> with the console's bearer token. */
  console(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<JsonAnswer> {
    return this.send(method, `${baseUrl}/admin/api${path}`, body);
  }

  /** POST `body` as JSON to `url` with these headers besides (a webhook's own authentication, say). */
  sendWith(url: string, extra: Record<string, string>, body: unknown): Promise<JsonAnswer> {
    return this.send('POST', url, body, extra);
  }

  send(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { ...extra };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return new Promise((done, fail) => {
      const req = request(url, { method, headers, agent: this.#agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          this.#keepSession(res.headers['set-cookie']);
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch {
            fail(new Error(`${method} ${url} answered ${res.statusCode} with no JSON: ${text.slice(0, 300)}`));
          }
        });
      });
      req.on('error', fail);
      req.end(payload);
    });
  }

  #keepSession(setCookie: string[] | undefined): void {
    const session = setCookie?.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (!session) return;
    const value = session.split(';')[0] ?? '';
    this.cookie = value === `${SESSION_COOKIE}=` ? '' : value;
  }

  close(): void {
    this.#agent.destroy();
  }
}
