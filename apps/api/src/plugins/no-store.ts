import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by {@link publicAnswers}: the route answers the same public data to everyone. */
    publicAnswers?: boolean;
  }
}

/** The APIs whose answers may carry personal data: the customer API and the admin API (CSV exports included). */
const PERSONAL_PREFIXES = ['/api/', '/admin/api/'] as const;
/** The API's own documentation, the same for everyone. */
const DOCS_PREFIX = '/api/docs';

/** Whether an answer to this path may carry personal data. */
export function isPersonalPath(path: string): boolean {
  // Unrolled (no closure): the security headers ask this of every request.
  if (path.startsWith(PERSONAL_PREFIXES[0])) return !path.startsWith(DOCS_PREFIX);
  return path.startsWith(PERSONAL_PREFIXES[1]);
}

/** The hook that marks one answer `no-store`; the same function on every personal route, so a public one can find it. */
function noStore(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('cache-control', 'no-store');
  done();
}

/** A route's own onRequest hooks as a list. */
function ownHooks(route: RouteOptions): onRequestHookHandler[] {
  const hooks = route.onRequest;
  if (hooks === undefined) return [];
  return (Array.isArray(hooks) ? [...hooks] : [hooks]) as onRequestHookHandler[];
}

/**
 * `Cache-Control: no-store` on every customer and admin answer, refusals and unknown paths included,
 * so that no browser cache or proxy keeps a shopper's or the shop's data. It is the default for
 * the whole API, so a new route is covered without thinking of it; the public catalogue opts out
 * with {@link publicAnswers}.
 *
 * The decision is made once per route, when it is declared (ADR 027): a route under the API gets a
 * hook that sets the header, and a public route has none, so no request pays for setting the
 * header and taking it off again. Answers that do not reach a route's own hooks (a refusal by an
 * earlier hook, an unknown path) are marked by the error and not-found handlers with {@link noStoreAnswer}.
 */
export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (isPersonalPath(route.url)) route.onRequest = [noStore, ...ownHooks(route)];
    });
  },
  { name: 'no-store' },
);

/** Marks the routes of this (encapsulated) plugin as answering public data, the same for everyone: no `no-store`. */
export function publicAnswers(app: FastifyInstance): void {
  // Runs after the API-wide onRoute hook above (a plugin's hooks follow its parents'), so it can take it off.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, publicAnswers: true };
    if (route.onRequest !== undefined) route.onRequest = ownHooks(route).filter((hook) => hook !== noStore);
  });
}

/** For an answer sent outside its route's hooks (an error, an unknown path): `no-store` unless its route is public. */
export function noStoreAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (isPersonalPath(request.url) && request.routeOptions.config?.publicAnswers !== true)
    reply.header('cache-control', 'no-store');
}
