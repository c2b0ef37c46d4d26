import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { json, page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const subscriber = {
  id: 1,
  email: 'asha@example.in',
  created_at: '2026-11-20T09:00:00.000Z',
  confirmed_at: '2026-11-20T09:05:00.000Z',
};
const unconfirmed = { id: 2, email: 'ravi@example.in', created_at: '2026-11-21T09:00:00.000Z', confirmed_at: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the newsletter list', () => {
  it('says which addresses confirmed their subscription', async () => {
    signIn();
    stubAdminApi({ 'GET newsletter-subscribers': page([subscriber, unconfirmed]) });
    renderRoute('/newsletter');
    expect(await screen.findByRole('columnheader', { name: 'Confirmed' })).toBeInTheDocument();
    const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr') as HTMLElement;
    expect(within(rowOf('asha@example.in')).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(rowOf('ravi@example.in')).getByRole('cell', { name: 'No' })).toBeInTheDocument();
  });

  it('downloads every subscriber as a CSV file, with the session’s token', async () => {
    signIn('secret-token');
    const csv = 'email,subscribed_at\nasha@example.in,2026-11-20T09:00:00.000Z\n';
    const { sent } = stubAdminApi({
      'GET newsletter-subscribers': page([subscriber]),
      'GET newsletter-subscribers.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/newsletter');
    await user.click(await screen.findByRole('button', { name: 'Download all (CSV)' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^kapaas-newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads.files[0]?.text()).toBe(csv);
    expect(sent.find((request) => request.path === 'newsletter-subscribers.csv')?.authorization).toBe(
      'Bearer secret-token',
    );
  });

  it('says why when the file cannot be made', async () => {
    signIn();
    stubAdminApi({
      'GET newsletter-subscribers': page([subscriber]),
      'GET newsletter-subscribers.csv': () => json(500, { success: false, message: 'Something went wrong.' }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/newsletter');
    await user.click(await screen.findByRole('button', { name: 'Download all (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(downloads.names).toEqual([]);
  });
});
