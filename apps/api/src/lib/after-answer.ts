import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route does once its answer is sent (lib/after-answer.ts). */
    afterAnswer: AfterAnswer;
  }
}

export interface AfterAnswer {
  /**
   * Runs `work` once the reply's answer has gone out (or its client has gone): for work whose time must not show
   * in the answer, such as what forgot_password does only for an address that has an account. It runs even if
   * the client left; a failure is logged as `what` failed, never thrown at the caller.
   */
  run(reply: FastifyReply, what: string, work: () => Promise<void>): void;
  /** Resolves when the work handed over so far, started or still waiting for its answer to go, has finished. */
  idle(): Promise<void>;
}

/**
 * `app.afterAnswer`. The app's close waits for the work under way, so a shutdown (which closes the app only once
 * the requests in flight are answered) ends it before the database closes.
 */
export const afterAnswerPlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new Set<Promise<void>>();
    const afterAnswer: AfterAnswer = {
      run(reply, what, work) {
        const done = new Promise<void>((resolve) => {
          const start = () => {
            work()
              .catch((err: unknown) => reply.log.error({ err }, `${what} failed`))
              .finally(resolve);
          };
          // 'close' follows the answer's last byte, or a client that went away first.
          if (reply.raw.destroyed) start();
          else reply.raw.once('close', start);
        });
        pending.add(done);
        void done.then(() => pending.delete(done));
      },
      async idle() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };
    app.decorate('afterAnswer', afterAnswer);
    app.addHook('onClose', () => afterAnswer.idle());
  },
  { name: 'after-answer' },
);
