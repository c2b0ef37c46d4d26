import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialized (and was typed when it was built), skipping the serializer.
 * A cached answer is best kept and sent as the Buffer of its UTF-8 bytes: Fastify then takes its
 * length as it is and writes it as it is, where a string is measured (`Buffer.byteLength`) and
 * encoded again on every send. A Buffer is also compressed only once: the compression plugin keeps
 * its brotli and gzip forms for as long as the Buffer lives (plugins/compression.ts), so a Buffer
 * handed here must never change afterwards.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}
