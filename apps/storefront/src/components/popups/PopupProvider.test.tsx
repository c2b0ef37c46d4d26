import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { forgetIdentity, readIdentity } from '../../lib/session';
import { type LoginOrGuestOptions, PopupProvider, usePopup } from './PopupProvider';

function Harness({ guest }: { guest?: LoginOrGuestOptions }) {
  const popup = usePopup();
  const location = useLocation();
  return (
    <>
      <p>At {location.pathname}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
      <button type="button" onClick={() => popup.success('Wishlist added successfully.')}>
        Say yes
      </button>
      <button type="button" onClick={() => popup.error('Failed to update wishlist.')}>
        Say no
      </button>
      <button
        type="button"
        onClick={() =>
          popup.loginOrGuest(
            guest ?? { message: 'Please log in or continue as a guest to view your cart.', afterGuest: 'home' },
          )
        }
      >
        Ask
      </button>
    </>
  );
}

function renderHarness(guest?: LoginOrGuestOptions) {
  const router = createMemoryRouter(
    [
      { path: '/product-detail/11', element: <Harness guest={guest} /> },
      { path: '*', element: <Harness guest={guest} /> },
    ],
    { initialEntries: ['/product-detail/11'] },
  );
  render(
    <PopupProvider>
      <RouterProvider router={router} />
    </PopupProvider>,
  );
  return { user: userEvent.setup(), router };
}

const item = { product_id: 11, size: 2, quantity: 3 };

describe('popups', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetIdentity();
  });

  it('shows a success and an error popup as dialogs with their message, closed by OK', async () => {
    const { user } = renderHarness();

    await user.click(screen.getByRole('button', { name: 'Say yes' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success).toHaveAccessibleDescription('Wishlist added successfully.');
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Say no' }));
    const failure = await screen.findByRole('dialog', { name: 'Please note' });
    expect(within(failure).getByText('Failed to update wishlist.')).toBeInTheDocument();
    expect(failure.querySelector('.kp-popup--error')).not.toBeNull();
  });

  it('loginOrGuest: Login goes to the login page carrying product, size and quantity', async () => {
    const { user } = renderHarness({ message: 'Please log in.', item, afterGuest: 'stay' });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login or continue as a Guest' });
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('At /Login-Page')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual(item);
  });

  it('loginOrGuest: proceed as Guest starts a guest with the item, says so and goes home after a second', async () => {
    const api = stubApi({ get_guest_id: { success: true, guest_id: 42, message: 'You are logged in as a Guest.' } });
    const { user } = renderHarness({
      message: 'Please log in or continue as a guest to view your cart.',
      item,
      afterGuest: 'home',
    });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed as Guest' }));

    expect(await screen.findByText('You are logged in as a Guest.')).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual(item);
    expect(readIdentity()).toEqual({ kind: 'guest', guestId: 42, name: 'Guest' });
    expect(localStorage.getItem('userName')).toBe('Guest');
    expect(localStorage.getItem('userId')).toBe('42');

    expect(await screen.findByText('At /', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loginOrGuest: staying put after a guest start keeps the shopper on the page', async () => {
    stubApi({ get_guest_id: { success: true, guest_id: 42, message: 'You are logged in as a Guest.' } });
    const { user, router } = renderHarness({ message: 'Please log in.', item, afterGuest: 'stay' });

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed as Guest' }));
    await screen.findByText('You are logged in as a Guest.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/product-detail/11');
  });

  it('loginOrGuest: a refused guest start shows the server’s message, a failed one the documented text', async () => {
    stubApi({ get_guest_id: () => json(429, { success: false, message: 'Too many tries. Please wait a minute.' }) });
    const { user } = renderHarness();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed as Guest' }));
    expect(await screen.findByText('Too many tries. Please wait a minute.')).toBeInTheDocument();
    expect(readIdentity().kind).toBe('anonymous');

    stubApi({
      get_guest_id: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed as Guest' }));
    expect(await screen.findByText('Something went wrong during guest login.')).toBeInTheDocument();
  });
});
