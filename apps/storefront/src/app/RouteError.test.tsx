import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

function BrokenPage(): never {
  throw new Error('The page broke');
}

describe('RouteError', () => {
  it('tells the shopper something went wrong and links home', async () => {
    // React and the router report the thrown error on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: BrokenPage, errorElement: <RouteError /> }]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Unexpected Application Error! | Kapaas');
  });
});
