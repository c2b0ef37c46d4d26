import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this (bytes) are sent as they are: compressing them saves too little. */
export const COMPRESSION_THRESHOLD = 1024;

/** The text types worth compressing: HTML, CSS, JS, JSON, XML, SVG, plain text and their kin. */
export const COMPRESSIBLE_TYPES =
  /^\s*(?:text\/[\w.+-]+|application\/(?:json|xml|javascript|ecmascript|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/** Brotli quality for answers compressed once and kept: 5 is a fair ratio for little time (11 is for files built once). */
const KEPT_BROTLI_QUALITY = 5;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an Accept-Encoding header: brotli or gzip, whichever the client
 * weighs more (brotli on a tie), or undefined for none (no header, `identity`, or both at q=0).
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** A kept Buffer's compressed forms; null when compressing did not make it smaller. */
type Forms = Partial<Record<Encoding, Buffer | null>>;
const kept = new WeakMap<Buffer, Forms>();

/**
 * The Buffer in this encoding, compressed the first time it is asked for and kept as long as the
 * Buffer lives (a WeakMap): the catalogue's cached answers are Buffers sent again and again, so
 * each is compressed once per encoding, not per request. Undefined when compressing does not make
 * it smaller. A Buffer handed to reply.send is taken never to change afterwards.
 */
export function compressedForm(buffer: Buffer, encoding: Encoding): Buffer | undefined {
  let forms = kept.get(buffer);
  if (forms === undefined) {
    forms = {};
    kept.set(buffer, forms);
  }
  let form = forms[encoding];
  if (form === undefined) {
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(buffer, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipSync(buffer, { level: 6 });
    form = compressed.length < buffer.length ? compressed : null;
    forms[encoding] = form;
  }
  return form ?? undefined;
}

/** Adds Accept-Encoding to the reply's Vary header, once. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim());
  if (values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/** Whether this answer is a text one big enough to compress, and nothing has encoded it yet. */
function worthCompressing(request: FastifyRequest, reply: FastifyReply, size: number): boolean {
  if (size < COMPRESSION_THRESHOLD) return false;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.hasHeader('content-range')) return false;
  if (request.headers['x-no-compression'] !== undefined) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE_TYPES.test(type);
}

/**
 * Brotli and gzip for text answers, as the client's Accept-Encoding asks, with `Vary:
 * Accept-Encoding`. A Buffer answer (the catalogue's cached answers, the sitemap) is compressed
 * once and its compressed bytes kept ({@link compressedForm}); any other answer (a string, a
 * stream) is compressed as it is sent by @fastify/compress. An answer that already has a
 * Content-Encoding (a pre-compressed file) is never compressed again, and neither is one this
 * hook encoded (@fastify/compress passes over it). Register before any route: @fastify/compress
 * attaches itself to the routes declared after it.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own hook, which routes get as their last onSend hook.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!Buffer.isBuffer(payload) || !worthCompressing(request, reply, payload.length)) {
        done(null, payload);
        return;
      }
      varyOnEncoding(reply);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const compressed = encoding === undefined ? undefined : compressedForm(payload, encoding);
      if (encoding === undefined || compressed === undefined) {
        done(null, payload);
        return;
      }
      reply.header('content-encoding', encoding);
      done(null, compressed);
    });
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      customTypes: COMPRESSIBLE_TYPES,
      // Request bodies stay JSON as sent: nothing the shop accepts arrives compressed.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
