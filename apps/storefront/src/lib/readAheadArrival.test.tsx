import {
  type DehydratedState,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { arrivedAt } from './readAheadArrival';

const MINUTE = 60_000;

/** A read-ahead of one query, answered on the server `age` ms ago (a page from the shop's page cache). */
function readAhead(age: number): DehydratedState {
  return {
    mutations: [],
    queries: [
      {
        queryKey: ['catalogue', 'sizes'],
        queryHash: '["catalogue","sizes"]',
        dehydratedAt: Date.now() - age,
        state: {
          data: ['S', 'M'],
          dataUpdateCount: 1,
          dataUpdatedAt: Date.now() - age,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  };
}

function Sizes({ queryFn }: { queryFn: () => Promise<string[]> }) {
  const sizes = useQuery({ queryKey: ['catalogue', 'sizes'], queryFn, staleTime: MINUTE });
  return <p>{sizes.data?.join(' ')}</p>;
}

/** Hydrates `state` as the root does and mounts a component reading the query; resolves to how often it fetched. */
async function fetchesAfterHydrating(state: DehydratedState): Promise<number> {
  const queryFn = vi.fn(async () => ['S', 'M', 'L']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>
        <Sizes queryFn={queryFn} />
      </HydrationBoundary>
    </QueryClientProvider>,
  );
  expect(await screen.findByText('S M')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 20));
  view.unmount();
  client.clear();
  return queryFn.mock.calls.length;
}

describe('arrivedAt', () => {
  it('counts the answers from their arrival, never earlier than they were answered, once per loader data', () => {
    const old = readAhead(2 * 60 * MINUTE);
    const now = Date.now();
    const arrived = arrivedAt(old, now);
    expect(arrived.queries[0]?.state.dataUpdatedAt).toBe(now);
    expect(arrived.queries[0]?.state.data).toEqual(['S', 'M']);
    // The same loader data (the root's, kept across navigations) is the same stamped object: nothing to hydrate again.
    expect(arrivedAt(old, now + 5 * MINUTE)).toBe(arrived);
    const future = readAhead(-MINUTE);
    expect(arrivedAt(future, now).queries[0]?.state.dataUpdatedAt).toBe(future.queries[0]?.state.dataUpdatedAt);
  });

  it('keeps a page served from the page cache from asking for its answers again as it hydrates', async () => {
    // Rendered two hours ago: as it came, its answers are stale after the catalogue's minute, and fetched again.
    expect(await fetchesAfterHydrating(readAhead(2 * 60 * MINUTE))).toBe(1);
    expect(await fetchesAfterHydrating(arrivedAt(readAhead(2 * 60 * MINUTE)))).toBe(0);
  });
});
