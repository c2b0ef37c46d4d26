import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/shop';
import { COMPRESSION_THRESHOLD, compressedForm, compressionPlugin, negotiateEncoding } from './compression';

let shop: TestShop;
let categoryId: number;
beforeAll(async () => {
  shop = await startTestShop();
  // The category with the most products: its page of 96 is a few KB of JSON.
  const counts = new Map<number, number>();
  for (const p of shop.app.catalogue.view.visibleProducts())
    counts.set(p.categoryId, (counts.get(p.categoryId) ?? 0) + 1);
  categoryId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
});
afterAll(async () => {
  await shop.close();
});

const post = (endpoint: string, body: unknown, acceptEncoding?: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/${endpoint}`,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    payload: body as object,
  });

describe('compressed answers', () => {
  it('sends a large answer br- or gzip-encoded as asked, decoding to the same JSON, with its true length', async () => {
    const body = { category_id: categoryId, per_page: 96 };
    const plain = await post('category_product_list', body);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2 * COMPRESSION_THRESHOLD);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await post('category_product_list', body, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await post('category_product_list', body, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends the catalogue's cached answer compressed once: the bytes kept for that Buffer", async () => {
    const body = { category_id: categoryId, per_page: 96 };
    const first = await post('category_product_list', body, 'br');
    const cached = shop.app.catalogue.view.productsOf('category', categoryId, 1, 96);
    if (!cached) throw new Error('the category is not shown');
    const kept = compressedForm(cached, 'br');
    expect(kept).toBeDefined();
    expect(compressedForm(cached, 'br')).toBe(kept);
    expect(first.rawPayload.equals(kept as Buffer)).toBe(true);
    const again = await post('category_product_list', body, 'br');
    expect(again.rawPayload.equals(kept as Buffer)).toBe(true);
  });

  it('leaves a small answer alone, and any answer when the client asks for no encoding', async () => {
    const small = await post('size', {}, 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const large = await post('category_product_list', { category_id: categoryId, per_page: 96 }, refused);
      expect(large.headers['content-encoding'], refused).toBeUndefined();
      expect(() => JSON.parse(large.body)).not.toThrow();
    }
  });

  it('compresses the sitemap, a kept Buffer too', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<urlset');
  });
});

describe('the compression plugin on its own', () => {
  const text = 'Organic cotton jhabla, soft on the skin. '.repeat(100);
  const gzipped = gzipSync(Buffer.from(JSON.stringify({ text })));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(compressionPlugin);
    app.get('/text', (_request, reply) => {
      reply.type('text/html; charset=utf-8').send(`<p>${text}</p>`);
    });
    app.get('/encoded', (_request, reply) => {
      reply.type('application/json').header('content-encoding', 'gzip').send(gzipped);
    });
    app.get('/image', (_request, reply) => {
      reply.type('image/webp').send(Buffer.alloc(4096, 7));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses a string answer (per request) once', async () => {
    const response = await app.inject({ method: 'GET', url: '/text', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`<p>${text}</p>`);
  });

  it('never compresses an answer that is already encoded, nor one that is not text', async () => {
    const encoded = await app.inject({ method: 'GET', url: '/encoded', headers: { 'accept-encoding': 'br, gzip' } });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.rawPayload.equals(gzipped)).toBe(true);
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString())).toEqual({ text });
    const image = await app.inject({ method: 'GET', url: '/image', headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });
});

describe('choosing the encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['BR;q=0.5, GZIP;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=oops, gzip;q=0.2', 'gzip'],
  ])('%j → %j', (header, encoding) => {
    expect(negotiateEncoding(header)).toBe(encoding);
  });
});
