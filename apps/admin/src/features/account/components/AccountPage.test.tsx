import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const passwordCalls = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === 'me/password').map((request) => request.body);

describe('my account', () => {
  it('is reached from the top bar and shows who is signed in', async () => {
    signIn();
    stubAdminApi({ 'GET orders': { success: true, data: [], page: 1, per_page: 20, total: 0 } });
    const { user, router } = renderRoute('/orders');
    await user.click(screen.getByRole('link', { name: `My account: ${OWNER.name}` }));
    expect(router.state.location.pathname).toBe('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText(OWNER.email)).toBeInTheDocument();
  });

  it('changes the password: checked as the server checks it, its refusal beside the field, then done', async () => {
    signIn();
    let wrong = true;
    const { sent } = stubAdminApi({
      'POST me/password': () =>
        wrong
          ? json(400, {
              success: false,
              message: 'The current password is incorrect.',
              errors: { current_password: ['The current password is incorrect.'] },
            })
          : { success: true, message: 'Password changed. You were logged out everywhere else.' },
    });
    const { user } = renderRoute('/account');
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    const submit = screen.getByRole('button', { name: 'Change password' });

    await user.type(current, 'old-password');
    await user.type(next, 'short');
    await user.type(again, 'different');
    await user.click(submit);
    expect(next).toHaveAccessibleDescription(/The password must be at least 12 characters\./);
    expect(again).toHaveAccessibleDescription('The new passwords do not match.');
    expect(passwordCalls(sent)).toEqual([]);

    await user.clear(next);
    await user.type(next, 'a-brand-new-pass-3');
    await user.clear(again);
    await user.type(again, 'a-brand-new-pass-3');
    await user.click(submit);
    expect(
      await screen.findByText('The current password is incorrect.', { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');

    wrong = false;
    await user.click(submit);
    const done = await screen.findByRole('status');
    expect(within(done).getByText('Password changed. You were logged out everywhere else.')).toBeInTheDocument();
    expect(current).toHaveValue('');
    expect(passwordCalls(sent)).toEqual([
      { current_password: 'old-password', password: 'a-brand-new-pass-3', password_confirmation: 'a-brand-new-pass-3' },
      { current_password: 'old-password', password: 'a-brand-new-pass-3', password_confirmation: 'a-brand-new-pass-3' },
    ]);
  });
});
