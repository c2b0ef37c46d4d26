import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteTimings } from './route-timings';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/api/category_list', '/api/product_detail', '/admin/api/orders/:id', '(unmatched)'),
  status: fc.constantFrom(200, 201, 400, 404, 500),
  // Bucket bounds themselves, and values between and beyond them.
  seconds: fc.oneof(fc.constantFrom(...BUCKETS, 0, 11), fc.double({ min: 0, max: 20, noNaN: true })),
});

/** The exposition text of one registry, its lines sorted (a series' place in the text carries no meaning). */
async function lines(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').sort();
}

describe('the route timings histogram', () => {
  it("exports exactly what prom-client's Histogram exports for the same observations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const expected = new Registry();
        const histogram = new Histogram({
          name: 'http_request_duration_seconds',
          help: 'Time to answer a request.',
          labelNames: ['method', 'route', 'status_code'],
          buckets: BUCKETS,
          registers: [expected],
        });
        const actual = new Registry();
        const timings = new RouteTimings('http_request_duration_seconds', 'Time to answer a request.', BUCKETS);
        actual.registerMetric(timings.asMetric());
        for (const { method, route, status, seconds } of observations) {
          histogram.observe({ method, route, status_code: status }, seconds);
          timings.observe(method, route, status, seconds);
        }
        expect(await lines(actual)).toEqual(await lines(expected));
      }),
    );
  });

  it('counts an answer in every bucket at or above its time, and in the count and sum', async () => {
    const timings = new RouteTimings('t', 'T.', [0.1, 1]);
    timings.observe('POST', '/api/x', 200, 0.1);
    timings.observe('POST', '/api/x', 200, 0.5);
    timings.observe('POST', '/api/x', 200, 3);
    const { values } = await timings.get();
    const value = (metricName: string, le?: string | number) =>
      values.find((v) => v.metricName === metricName && v.labels.le === le)?.value;
    expect([value('t_bucket', 0.1), value('t_bucket', 1), value('t_bucket', '+Inf')]).toEqual([1, 2, 3]);
    expect([value('t_count'), value('t_sum')]).toEqual([3, 3.6]);
    timings.reset();
    expect((await timings.get()).values).toEqual([]);
  });
});
