import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const dashboard = {
  'GET orders': page([]),
  'GET products': page([]),
  'GET dashboard': {
    success: true,
    data: { cod_to_collect: { count: 0, amount: 0 }, returns_to_handle: { to_decide: 0, to_settle: 0 } },
  },
};

describe('logging in to the console', () => {
  it('sends a visitor without a session to the login screen', async () => {
    stubAdminApi({});
    const { router } = renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: 'Kapaas admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says what is missing before asking the server', async () => {
    const { sent } = stubAdminApi({});
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal and stays on the login screen', async () => {
    stubAdminApi({
      'POST login': () => json(401, { success: false, message: 'The e-mail or password is wrong.' }),
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'admin@kapaas.local');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is wrong.');
    expect(window.sessionStorage.getItem('kapaas-admin-session')).toBeNull();
  });

  it('keeps the token for this tab, sends it as a Bearer token and returns to the screen asked for', async () => {
    const { sent } = stubAdminApi({
      'POST login': { success: true, token: 'tok-123', expires_at: '2026-11-23T08:00:00.000Z', admin: OWNER },
      ...dashboard,
    });
    const { user, router } = renderRoute('/');
    await user.type(await screen.findByLabelText('E-mail'), 'admin@kapaas.local');
    await user.type(screen.getByLabelText('Password'), 'kapaas-admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent[0]).toMatchObject({ method: 'POST', path: 'login', body: { email: 'admin@kapaas.local' } });
    expect(JSON.parse(window.sessionStorage.getItem('kapaas-admin-session') ?? '{}')).toMatchObject({
      token: 'tok-123',
    });
    await waitFor(() => expect(sent.some((request) => request.path === 'orders')).toBe(true));
    expect(sent.filter((request) => request.path !== 'login').every((r) => r.authorization === 'Bearer tok-123')).toBe(
      true,
    );
  });

  it('goes back to the login screen when the server no longer accepts the token', async () => {
    signIn('expired-token');
    stubAdminApi({
      'GET orders': () => json(401, { success: false, message: 'Please log in.' }),
      'GET products': page([]),
    });
    const { router } = renderRoute('/orders');
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('kapaas-admin-session')).toBeNull();
  });

  it('logs out: revokes the token and shows the login screen', async () => {
    signIn('tok-9');
    const { sent } = stubAdminApi({ ...dashboard, 'POST logout': { success: true, message: 'Logged out.' } });
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    expect(sent.find((request) => request.path === 'logout')?.authorization).toBe('Bearer tok-9');
    expect(window.sessionStorage.getItem('kapaas-admin-session')).toBeNull();
  });
});
