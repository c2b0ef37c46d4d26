import autocannon from 'autocannon';

/** A call under load: one path, and the bodies its requests cycle through (distinct bodies defeat caches). */
export interface LoadCall {
  path: string;
  bodies: unknown[];
}

/** What autocannon measured for one call on one server. */
export interface LoadFigures {
  /** Answers a second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  answers: number;
  /** Answers that were not 2xx, and connection errors (timeouts included). */
  non2xx: number;
  errors: number;
}

export interface LoadSettings {
  seconds: number;
  connections: number;
}

/**
 * Loads `origin` with the call for `seconds`, through `connections` keep-alive connections. Each
 * request takes the next body of the call in turn (shared by all connections), so a call with many
 * bodies asks many different questions. Never pipelines: a browser does not.
 */
export async function loadCall(origin: string, call: LoadCall, settings: LoadSettings): Promise<LoadFigures> {
  const bodies = call.bodies.map((body) => JSON.stringify(body));
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: settings.connections,
    duration: settings.seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: call.path,
        setupRequest: (request) => {
          const body = bodies[next % bodies.length];
          next += 1;
          return { ...request, body };
        },
      },
    ],
  });
  return figuresOf(result);
}

/** What the benchmark reads of an autocannon run. */
export function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    rps: result.requests.total / Math.max(result.duration, 1e-9),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    answers: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
