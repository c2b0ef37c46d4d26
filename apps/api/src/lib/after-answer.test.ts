import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { afterAnswerPlugin } from './after-answer';

/** A promise and the function that settles it: work the test lets finish when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(work: () => Promise<void>, logged: string[] = []) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(afterAnswerPlugin);
  app.get('/', async (_request, reply) => {
    app.afterAnswer.run(reply, 'the test work', work);
    return { ok: true };
  });
  await app.ready();
  apps.push(app);
  return app;
}

describe('work after the answer', () => {
  it('starts only once the answer has ended, and idle() waits for it', async () => {
    const events: string[] = [];
    const work = gate();
    const app = await appWith(async () => {
      events.push('work started');
      await work.opened;
      events.push('work finished');
    });
    await new Promise<void>((resolve, reject) => {
      // inject's callback runs as the answer ends, ahead of what the end sets off.
      app.inject({ method: 'GET', url: '/' }, (error, response) => {
        if (error) return reject(error);
        events.push(`answered ${response?.statusCode}`);
        resolve();
      });
    });
    const idle = app.afterAnswer.idle().then(() => events.push('idle'));
    work.open();
    await idle;
    expect(events).toEqual(['answered 200', 'work started', 'work finished', 'idle']);
  });

  it('logs a failure instead of throwing it, and the answer stays as it was', async () => {
    const logged: string[] = [];
    const app = await appWith(async () => {
      throw new Error('the mail table is gone');
    }, logged);
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.afterAnswer.idle();
    expect(response.json()).toEqual({ ok: true });
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'the test work failed',
        err: expect.objectContaining({ message: 'the mail table is gone' }),
      }),
    ]);
  });

  it('holds the app’s close until the work under way has finished', async () => {
    const events: string[] = [];
    const work = gate();
    const app = await appWith(async () => {
      await work.opened;
      events.push('work finished');
    });
    await app.inject({ method: 'GET', url: '/' });
    const closed = app.close().then(() => events.push('closed'));
    // Give the close every chance to finish early: a few turns of the event loop, no clock.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    work.open();
    await closed;
    expect(events).toEqual(['work finished', 'closed']);
    apps.splice(apps.indexOf(app), 1);
  });
});
