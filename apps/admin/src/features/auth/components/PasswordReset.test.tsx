import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute } from '#admin/test/renderRoute.tsx';

const SENT = 'If an account uses this address, we have sent a link to reset its password. It works for 30 minutes.';
const CHANGED = 'Your password was changed and you were signed out everywhere. Log in with the new password.';

beforeEach(() => window.sessionStorage.clear());

describe('an admin who forgot the password', () => {
  it('finds the link on the login screen, and the screen without a session', async () => {
    stubAdminApi({});
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('sends the address without a token and repeats the answer', async () => {
    const { sent } = stubAdminApi({ 'POST forgot_password': { success: true, message: SENT } });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'Owner@Kapaas.local');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([expect.objectContaining({ path: 'forgot_password', body: { email: 'owner@kapaas.local' } })]);
    expect(sent[0]?.authorization).toBeNull();
  });

  it('checks the address beside the field first', async () => {
    const { sent } = stubAdminApi({});
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('resetting through the link', () => {
  async function choose(user: ReturnType<typeof renderRoute>['user'], password: string, confirmation = password) {
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
  }

  it('sends the token with the new password, says what happened and offers the login', async () => {
    const { sent } = stubAdminApi({ 'POST reset_password': { success: true, message: CHANGED } });
    const { user, router } = renderRoute('/reset-password?token=tok_123-abc');
    await choose(user, 'indigo-dyed-chanderi-9');
    expect(await screen.findByText(CHANGED)).toHaveAttribute('role', 'status');
    expect(sent[0]?.body).toEqual({
      token: 'tok_123-abc',
      password: 'indigo-dyed-chanderi-9',
      password_confirmation: 'indigo-dyed-chanderi-9',
    });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("asks for admins' 12 characters and a matching confirmation, beside the fields", async () => {
    const { sent } = stubAdminApi({});
    const { user } = renderRoute('/reset-password?token=tok');
    await choose(user, 'short-one', 'short-two');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'The password must be at least 12 characters.',
    );
    expect(sent).toEqual([]);
  });

  it('says an expired link expired, and offers a new one instead of another try', async () => {
    const expired = 'This link expired. Ask for a new one.';
    stubAdminApi({
      'POST reset_password': () => json(400, { success: false, message: expired, code: 'RESET_LINK_EXPIRED' }),
    });
    const { user } = renderRoute('/reset-password?token=tok');
    await choose(user, 'indigo-dyed-chanderi-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.queryByRole('button', { name: 'Save the new password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
