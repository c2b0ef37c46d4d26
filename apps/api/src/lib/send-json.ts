import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialized (and was typed when it was built), skipping the serializer.
 * A cached answer is best kept and sent as the Buffer of its UTF-8 bytes: Fastify then takes its
 * length as it is and writes it as it is, where a string is measured (`Buffer.byteLength`) and
 * encoded again on every send.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}
