import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { TestShop } from './shop';

/** The database calls a service makes, on the app's own database object. */
const CALLS = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const;

/**
 * Sends a request and answers the database calls the app made on its database object until the answer was
 * complete, in order ('insert', 'select', 'transaction'…), then waits for the work it does after its answers.
 * The calls are only watched (each still runs): what a request waits for shows in how long it takes, so two
 * requests that must take as long as each other must make the same calls before they answer.
 */
export async function callsBeforeAnswer(
  shop: TestShop,
  request: InjectOptions,
): Promise<{ calls: string[]; response: LightMyRequestResponse }> {
  const db = shop.app.deps.db;
  const calls: string[] = [];
  const spies = CALLS.map((name) => {
    const real = db[name] as unknown as (...args: unknown[]) => unknown;
    // Still the real call, only noted first.
    return vi.spyOn(db, name).mockImplementation(((...args: unknown[]) => {
      calls.push(name);
      return real.apply(db, args);
    }) as never);
  });
  try {
    const answer = await new Promise<{ calls: string[]; response: LightMyRequestResponse }>((resolve, reject) => {
      // The callback runs as the answer ends, before anything the response's end sets off (a promise's
      // continuation would run after that).
      shop.app.inject(request, (error, response) => {
        if (error || !response) reject(error ?? new Error('no response'));
        else resolve({ calls: [...calls], response });
      });
    });
    await shop.app.afterAnswer.idle();
    return answer;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
