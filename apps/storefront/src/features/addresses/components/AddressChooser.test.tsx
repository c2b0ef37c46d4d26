import type { SavedAddress } from '@kapaas/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '#storefront/components/popups/PopupProvider.tsx';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { AddressChooser } from './AddressChooser';

function address(id: number, first: string, active: boolean): SavedAddress {
  return {
    address_id: id,
    first_name: first,
    last_name: 'Sharma',
    address: `${id}, Gandhi Nagar`,
    state: 1,
    city: 10,
    state_name: 'Karnataka',
    city_name: 'Bengaluru',
    pin_code: '560001',
    email_id: 'priya@example.in',
    phone_number: '9876543210',
    active_status: active ? 'Active' : 'Inactive',
  };
}

function renderChooser(onSelectedChange = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <AddressChooser onSelectedChange={onSelectedChange} /> }], {
    initialEntries: ['/Billing-Address'],
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <PopupProvider>
        <RouterProvider router={router} />
      </PopupProvider>
    </QueryClientProvider>,
  );
  return { user, onSelectedChange };
}

/** Answers one endpoint with `handler` (which may wait or throw), every other one as `api` was set up. */
function override(api: ReturnType<typeof stubApi>, endpoint: string, handler: () => Promise<Response>): void {
  const answer = api.getMockImplementation();
  api.mockImplementation(async (input, init) => {
    if (String(input).endsWith(`/api/${endpoint}`)) return handler();
    return answer ? answer(input, init) : json(404, {});
  });
}

/** A server that remembers which address is Active, as the real one does. */
function statefulAddresses(addresses: SavedAddress[]) {
  let saved = addresses;
  return {
    address_list: () => ({ success: true, address: saved }),
    address_active: (body: Record<string, unknown>) => {
      saved = saved.map((a) => ({ ...a, active_status: a.address_id === body.address_id ? 'Active' : 'Inactive' }));
      return { success: true, message: 'Default address updated.' };
    },
  };
}

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('AddressChooser (billing address list)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '5');
    localStorage.setItem('userName', 'Priya');
  });

  it('shows the empty text and the Add New Address link, and tells that nothing is selected', async () => {
    stubApi({ address_list: { success: true, address: [] } });
    const { onSelectedChange } = renderChooser();
    expect(await screen.findByText('You have no saved addresses. Please add one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute('href', '/Billing-Address-Form');
    expect(onSelectedChange).toHaveBeenLastCalledWith(null);
  });

  it('highlights the Active card, links Edit to /Billingedit/:id and reports the selection', async () => {
    stubApi({ address_list: { success: true, address: [address(2, 'Priya', true), address(3, 'Kiran', false)] } });
    const { onSelectedChange } = renderChooser();
    const priya = await screen.findByRole('radio', { name: /Priya Sharma/ });
    expect(priya).toBeChecked();
    expect(priya.closest('li')).toHaveClass('address-card--active');
    expect(screen.getByRole('link', { name: 'Edit address of Kiran Sharma' })).toHaveAttribute(
      'href',
      '/Billingedit/3',
    );
    await waitFor(() => expect(onSelectedChange).toHaveBeenLastCalledWith(2));
  });

  it('makes the first address Active when none is', async () => {
    const api = stubApi(statefulAddresses([address(4, 'Meena', false), address(5, 'Arun', false)]));
    const { onSelectedChange } = renderChooser();
    await waitFor(() => expect(bodiesOf(api, 'address_active')).toEqual([{ user_id: 5, address_id: 4 }]));
    await waitFor(() => expect(onSelectedChange).toHaveBeenLastCalledWith(4));
  });

  it('selects a card at once and posts it as active', async () => {
    const api = stubApi(statefulAddresses([address(2, 'Priya', true), address(3, 'Kiran', false)]));
    const { user, onSelectedChange } = renderChooser();
    await user.click(await screen.findByRole('radio', { name: /Kiran Sharma/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Kiran Sharma/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /Kiran Sharma/ }).closest('li')).toHaveClass('address-card--active');
    expect(bodiesOf(api, 'address_active')).toEqual([{ user_id: 5, address_id: 3 }]);
    await waitFor(() => expect(onSelectedChange).toHaveBeenCalledWith(3));
  });

  it("puts the old choice back and says 'Could not set default address.' when the server refuses", async () => {
    stubApi({
      address_list: { success: true, address: [address(2, 'Priya', true), address(3, 'Kiran', false)] },
      address_active: () => json(404, { success: false, message: 'That address was not found.' }),
    });
    const { user } = renderChooser();
    await user.click(await screen.findByRole('radio', { name: /Kiran Sharma/ }));
    expect(await screen.findByText('Could not set default address.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Priya Sharma/ })).toBeChecked();
  });

  it('removes a card at once and brings it back when the server refuses', async () => {
    let answerDelete: (response: Response) => void = () => undefined;
    const api = stubApi({
      address_list: { success: true, address: [address(2, 'Priya', true), address(3, 'Kiran', false)] },
    });
    override(api, 'delete_address', () => new Promise<Response>((resolve) => (answerDelete = resolve)));
    const { user } = renderChooser();
    await user.click(await screen.findByRole('button', { name: 'Remove address of Kiran Sharma' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Kiran Sharma/ })).not.toBeInTheDocument());

    answerDelete(json(409, { success: false, message: 'This address is used by an order.' }));
    expect(await screen.findByText('Failed to delete address.')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Kiran Sharma/ })).toBeInTheDocument();
  });

  it("says 'Error deleting address.' when the delete never gets an answer", async () => {
    const api = stubApi({
      address_list: { success: true, address: [address(2, 'Priya', true)] },
    });
    override(api, 'delete_address', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderChooser();
    await user.click(await screen.findByRole('button', { name: 'Remove address of Priya Sharma' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error deleting address.')).toBeInTheDocument();
  });

  it("says 'Could not fetch addresses.' when the list cannot be read", async () => {
    stubApi({ address_list: () => json(500, { success: false, message: 'Something went wrong.' }) });
    renderChooser();
    expect(await screen.findByText('Could not fetch addresses.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
