import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const SENT = 'If an account uses this address, we have sent a link to reset its password. It works for 30 minutes.';
const CHANGED = 'Your password was changed and you were signed out everywhere. Log in with the new password.';

describe('Forgot password', () => {
  beforeEach(() => localStorage.clear());

  it('is linked from the login page', async () => {
    stubApi({ category_list: categoryList });
    const { user, router } = renderRoute('/Login-Page');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('checks the address beside the field before sending anything', async () => {
    const api = stubApi({ category_list: categoryList, forgot_password: { success: true, message: SENT } });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/api/forgot_password'))).toBe(false);
  });

  it("sends the address and repeats the shop's answer", async () => {
    const api = stubApi({ category_list: categoryList, forgot_password: { success: true, message: SENT } });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), ' Asha@Example.in ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/api/forgot_password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'asha@example.in' });
    expect(screen.queryByRole('button', { name: 'Send the link' })).not.toBeInTheDocument();
  });

  it('says when too many links were asked for', async () => {
    const wait = 'Too many attempts. Please wait a few minutes and try again.';
    stubApi({ category_list: categoryList, forgot_password: () => json(429, { success: false, message: wait }) });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });
});

describe('Reset password', () => {
  beforeEach(() => localStorage.clear());

  async function choose(user: ReturnType<typeof renderRoute>['user'], password: string, confirmation = password) {
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), password);
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), confirmation);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
  }

  it('sends the token of the link with the new password, then offers the login', async () => {
    const api = stubApi({ category_list: categoryList, reset_password: { success: true, message: CHANGED } });
    const { user, router } = renderRoute('/reset-password?token=abc_DEF-123');
    await choose(user, 'kora-cotton-dhoti-7');
    expect(await screen.findByText(CHANGED)).toHaveAttribute('role', 'status');
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/api/reset_password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      token: 'abc_DEF-123',
      password: 'kora-cotton-dhoti-7',
      password_confirmation: 'kora-cotton-dhoti-7',
    });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login-Page'));
  });

  it('shows a confirmation that does not match beside its field', async () => {
    const api = stubApi({ category_list: categoryList, reset_password: { success: true, message: CHANGED } });
    const { user } = renderRoute('/reset-password?token=abc');
    await choose(user, 'kora-cotton-dhoti-7', 'kora-cotton-dhoti-8');
    expect(screen.getByLabelText('Confirm new password', { selector: 'input' })).toHaveAccessibleDescription(
      'The password confirmation does not match.',
    );
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/api/reset_password'))).toBe(false);
  });

  it("shows the server's password refusal beside the field", async () => {
    const refusal = 'This password is too common and easy to guess. Please choose another.';
    stubApi({
      category_list: categoryList,
      reset_password: () => json(400, { success: false, message: refusal, errors: { password: [refusal] } }),
    });
    const { user } = renderRoute('/reset-password?token=abc');
    await choose(user, 'password1');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAccessibleDescription(refusal);
    expect(screen.getByRole('button', { name: 'Save the new password' })).toBeEnabled();
  });

  it('says a used link is used, and offers a new one instead of another try', async () => {
    const used = 'This link was already used. Ask for a new one.';
    stubApi({
      category_list: categoryList,
      reset_password: () => json(400, { success: false, message: used, code: 'RESET_LINK_USED' }),
    });
    const { user, router } = renderRoute('/reset-password?token=abc');
    await choose(user, 'kora-cotton-dhoti-7');
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(screen.queryByRole('button', { name: 'Save the new password' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says a link without its token is not complete', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
