import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContentLink } from './ContentLink';

function show(href: string) {
  const router = createMemoryRouter([{ path: '*', element: <ContentLink href={href}>Shop the sale</ContentLink> }]);
  render(<RouterProvider router={router} />);
  return screen.getByText('Shop the sale');
}

describe('ContentLink', () => {
  it('follows a path on the shop', () => {
    expect(show('/category-page/3').closest('a')?.getAttribute('href')).toBe('/category-page/3');
  });

  it('opens an https address as an ordinary link', () => {
    expect(show('https://partner.example/sale').closest('a')?.getAttribute('href')).toBe(
      'https://partner.example/sale',
    );
  });

  // Links stored before the contract refused them: a browser would open these as another site.
  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)'])('shows %j as text, not as a link', (href) => {
    expect(show(href).closest('a')).toBeNull();
  });
});
