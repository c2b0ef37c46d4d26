import type { FastifyReply } from 'fastify';

/** How many distinct answers one catalogue version keeps; past this the cache starts over. */
const MAX_ENTRIES = 2_000;

/**
 * Serialized answers computed from one immutable value (a catalogue view), keyed by the request.
 * When the catalogue is rebuilt the old view, and with it its answers, is garbage.
 */
export class AnswerCache<Source extends object> {
  readonly #bySource = new WeakMap<Source, Map<string, string>>();

  /** The JSON of `compute()` for this source and key, computed once. */
  json(source: Source, key: string, compute: () => unknown): string {
    let answers = this.#bySource.get(source);
    if (!answers) {
      answers = new Map();
      this.#bySource.set(source, answers);
    }
    let json = answers.get(key);
    if (json === undefined) {
      json = JSON.stringify(compute());
      if (answers.size >= MAX_ENTRIES) answers.clear();
      answers.set(key, json);
    }
    return json;
  }
}

/** Sends JSON that is already serialized (and was typed when it was built), skipping the serializer. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
