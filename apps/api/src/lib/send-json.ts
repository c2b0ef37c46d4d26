import type { FastifyReply } from 'fastify';

/** Sends JSON that is already serialized (and was typed when it was built), skipping the serializer. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
