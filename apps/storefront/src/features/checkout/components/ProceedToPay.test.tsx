import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
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
});
