import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { cartLines } from '#storefront/test/shopping.ts';
import { ProceedToPay } from './ProceedToPay';

describe('PROCEED TO PAY', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('alerts that the session has expired when nobody is shopping any more, and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = stubApi({});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <ProceedToPay addressId={31} couponId={null} lines={cartLines()} cartNotReady={false} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));

    expect(alert).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(fetchMock).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('offers consents as unticked boxes linking to the notice, and sends the ticked ones with the notice version', async () => {
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
    const fetchMock = stubApi({
      privacy_notice: {
        success: true,
        notice: {
          version: 6,
          body: '',
          published_at: '2026-11-28T05:00:00.000Z',
          grievance_officer: { name: '', email: '' },
        },
      },
      order_place: () => json(409, { success: false, message: 'Stop here: the test reads the request.' }),
    });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <ProceedToPay addressId={31} couponId={null} lines={cartLines()} cartNotReady={false} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('checkbox', { name: 'Offers and news by e-mail' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'A reminder of what I left in my cart' }));
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/order_place'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/order_place')) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ consents: ['cart_reminders'], notice_version: 6 });
  });

  it('offers order updates on WhatsApp at the delivery phone, unticked, and sends whatsapp_updates only when ticked', async () => {
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
    const bodies: unknown[] = [];
    stubApi({
      privacy_notice: {
        success: true,
        notice: {
          version: 6,
          body: '',
          published_at: '2026-11-28T05:00:00.000Z',
          grievance_officer: { name: '', email: '' },
        },
      },
      order_place: (body: unknown) => {
        bodies.push(body);
        return json(409, { success: false, message: 'Stop here: the test reads the request.' });
      },
    });
    const page = (
      <ProceedToPay
        addressId={31}
        deliveryPhone="9847012345"
        couponId={null}
        lines={cartLines()}
        cartNotReady={false}
      />
    );
    const router = createMemoryRouter([{ path: '/', element: page }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Get order updates on WhatsApp at 9847012345' });
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('whatsapp_updates');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ whatsapp_updates: true, notice_version: 6 });
  });
});
