import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './ResourceListPage';

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/messages-sent?status=queued']}>{children}</MemoryRouter>;
}

describe('the list parameters in the URL', () => {
  it('keep a filter chosen and a search made at once, before the page shows the first', () => {
    const { result } = renderHook(() => ({ params: useListParams(['status', 'kind']), location: useLocation() }), {
      wrapper,
    });
    act(() => {
      // The same render's `change`, twice: the filter, then the search box's Search, before React renders again.
      const { change } = result.current.params;
      change({ kind: 'order_placed' });
      change({ q: '#12' });
    });
    const search = new URLSearchParams(result.current.location.search);
    expect(Object.fromEntries(search)).toEqual({ status: 'queued', kind: 'order_placed', q: '#12' });
    expect(result.current.params.filters).toEqual({ status: 'queued', kind: 'order_placed' });
  });
});
