import { HttpClient } from './http';
import { METRICS_TOKEN, memoryMB } from './processes';

/** Worst figures seen while an action ran. */
export interface Stall {
  /** The shop's own event-loop monitor: the longest delay since the previous scrape (ms). */
  loopMs: number;
  /** The slowest GET /healthz answer of a prober asking every 10 ms from outside (ms). */
  probeMs: number;
  /** How many /healthz answers the prober got. */
  probes: number;
  /** /healthz questions that got no 200 (an error, a 503, or no answer within the client's 60 s). */
  probeFailures: number;
}

/**
 * The shop's longest event-loop delay since the previous scrape, from GET /metrics
 * (`kapaas_event_loop_delay_seconds{quantile="1"}`, which each scrape resets), in ms.
 */
export async function scrapeLoopDelayMs(client: HttpClient): Promise<number> {
  client.bearer = METRICS_TOKEN;
  const answer = await client.send('GET', '/metrics');
  if (answer.status !== 200) throw new Error(`GET /metrics: ${answer.status}`);
  const line = /^kapaas_event_loop_delay_seconds\{quantile="1"\} (\S+)$/m.exec(answer.text);
  if (!line?.[1]) throw new Error('GET /metrics has no kapaas_event_loop_delay_seconds{quantile="1"}');
  return Number(line[1]) * 1000;
}

/**
 * Runs `action` while measuring the stall: scrapes /metrics just before (to reset the monitor) and
 * just after, and meanwhile asks GET /healthz every 10 ms from a client of its own.
 */
export async function withStall<T>(origin: string, action: () => Promise<T>): Promise<{ result: T; stall: Stall }> {
  const metrics = new HttpClient(origin);
  const prober = new HttpClient(origin, '127.0.0.3');
  try {
    await scrapeLoopDelayMs(metrics);
    let running = true;
    let probeMs = 0;
    let probes = 0;
    let probeFailures = 0;
    const probing = (async () => {
      while (running) {
        const began = performance.now();
        // A shop that does not answer is the worst stall of all: timed, counted, and asked again.
        const status = await prober.send('GET', '/healthz').then(
          (answer) => answer.status,
          () => 0,
        );
        probes += 1;
        if (status !== 200) probeFailures += 1;
        probeMs = Math.max(probeMs, performance.now() - began);
        const wait = 10 - (performance.now() - began);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
    let result: T;
    try {
      result = await action();
    } finally {
      running = false;
      await probing;
    }
    const loopMs = await scrapeLoopDelayMs(metrics);
    return { result, stall: { loopMs, probeMs, probes, probeFailures } };
  } finally {
    metrics.close();
    prober.close();
  }
}

/** Samples a process's resident memory every 100 ms and keeps the highest. */
export class MemorySampler {
  #highest = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.#timer = setInterval(() => this.sample(), 100);
    this.#timer.unref();
  }

  sample(): void {
    try {
      this.#highest = Math.max(this.#highest, memoryMB(this.pid).rss);
    } catch {
      // The process has ended: the highest so far stands.
    }
  }

  /** Stops sampling; answers the highest VmRSS seen, in MB. */
  stop(): number {
    clearInterval(this.#timer);
    this.sample();
    return this.#highest;
  }
}
