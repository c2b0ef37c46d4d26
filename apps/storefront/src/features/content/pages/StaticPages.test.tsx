import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

async function openPage(path: string, heading: string) {
  stubApi({ category_list: categoryList });
  renderRoute(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  return screen.getByRole('main').textContent ?? '';
}

describe('Static pages', () => {
  it('about tells the story, mission, differences and vision', async () => {
    await openPage('/about', 'About Us');
    for (const name of ['Our story', 'Our mission', 'What makes us different', 'Our vision']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it('the shipping policy gives the processing and documented delivery times', async () => {
    const text = await openPage('/shipping-policy', 'Shipping Policy');
    expect(text).toContain('Orders are processed in 2–4 business days');
    expect(text).toContain('Standard shipping takes 5–7 business days');
    expect(text).toContain('within 48 hours of delivery');
  });

  it('the refund policy gives the window, the damage report time and the refund time', async () => {
    const text = await openPage('/refund-policy', 'Refund Policy');
    expect(text).toContain('within 7 days of delivery');
    expect(text).toContain('within 48 hours of delivery');
    expect(text).toContain('processed within 7–10 business days');
  });

  it('the terms require buyers to be at least 18', async () => {
    const text = await openPage('/terms-conditions', 'Terms & Conditions');
    expect(text).toContain('You must be at least 18 years old to place an order.');
  });

  it.each(['/privacy', '/privacy-policy'])(
    '%s shows the privacy notice in force, its version and the grievance officer; it says children under 13 are not served',
    async (path) => {
      stubApi({
        category_list: categoryList,
        privacy_notice: {
          success: true,
          notice: {
            version: 3,
            body: 'Kapaas sells to adults.\n\n## Children\n\n- we do not serve children under 13\n- **no** third-party trackers',
            published_at: '2026-11-28T05:00:00.000Z',
            grievance_officer: { name: 'Anita Borah', email: 'grievance@kapaas.example.in' },
          },
        },
      });
      renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(await within(main).findByRole('heading', { level: 2, name: 'Children' })).toBeInTheDocument();
      expect(within(main).getByText('we do not serve children under 13')).toBeInTheDocument();
      expect(main).toHaveTextContent('Version 3, published 28 November 2026');
      expect(within(main).getByRole('link', { name: 'grievance@kapaas.example.in' })).toHaveAttribute(
        'href',
        'mailto:grievance@kapaas.example.in',
      );
      expect(main).toHaveTextContent('Anita Borah');
    },
  );

  it('shipping & returns summarises both policies and links to them', async () => {
    await openPage('/shipping-returns', 'Shipping & Returns');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Shipping Policy' })).toHaveAttribute('href', '/shipping-policy');
    expect(within(main).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
  });
});
