import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { categories, jhabla } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Products → Export', () => {
  it('downloads the whole catalogue in Kapaas’s format or in Shopify’s, with the session’s token', async () => {
    signIn('secret-token');
    const kapaas = 'handle,name\nhaldi-jhabla,Haldi Jhabla\n';
    const shopify = 'Handle,Title\nhaldi-jhabla,Haldi Jhabla\n';
    const { sent } = stubAdminApi({
      'GET products': page([jhabla]),
      'GET categories': page(categories),
      'GET products/export': (request) =>
        new Response(request.query.get('format') === 'shopify' ? shopify : kapaas, {
          headers: { 'Content-Type': 'text/csv' },
        }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/products');

    await user.click(await screen.findByRole('button', { name: 'Export (Kapaas CSV)' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^kapaas-products-kapaas-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads.files[0]?.text()).toBe(kapaas);

    await user.click(screen.getByRole('button', { name: 'Export for Shopify (CSV)' }));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    expect(downloads.names[1]).toMatch(/^kapaas-products-shopify-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads.files[1]?.text()).toBe(shopify);

    const asked = sent.filter((request) => request.path === 'products/export');
    expect(asked.map((request) => request.query.get('format'))).toEqual(['kapaas', 'shopify']);
    expect(asked.every((request) => request.authorization === 'Bearer secret-token')).toBe(true);
  });
});
