import { ForgotPasswordRequest, ResetPasswordRequest } from '@kapaas/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { INCOMPLETE_LINK, ResetPasswordForm } from './ResetPasswordForm';

afterEach(cleanup);

const PATHS = { login: '/login', forgotPassword: '/forgot-password' };

/** Renders `ui` at /, with the pages its links lead to, and says where the router is. */
function renderAt(ui: ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element: ui },
    { path: '*', element: <p>elsewhere</p> },
  ]);
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), where: () => router.state.location.pathname };
}

/** A refusal shown as both apps show one: the server's message above the button. */
function showMessage<Fields extends FieldValues>(error: unknown, setError: UseFormSetError<Fields>) {
  setError('root.server', { message: error instanceof Error ? error.message : 'failed' });
}

describe('the shared forgot-password form', () => {
  it('checks the address beside the field and sends nothing', async () => {
    const sent: unknown[] = [];
    const send = async (fields: { email: string }) => {
      sent.push(fields);
      return { message: 'sent' };
    };
    const { user } = renderAt(
      <ForgotPasswordForm
        schema={ForgotPasswordRequest}
        send={send}
        showFailure={showMessage}
        emailAutoComplete="email"
      />,
    );
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid e-mail address.',
    );
    expect(sent).toEqual([]);
  });

  it("sends the address, repeats the server's answer and closes the form", async () => {
    const sent: unknown[] = [];
    const send = async (fields: { email: string }) => {
      sent.push(fields);
      return { message: 'If an account uses this address, we have sent a link.' };
    };
    const { user } = renderAt(
      <ForgotPasswordForm
        schema={ForgotPasswordRequest}
        send={send}
        showFailure={showMessage}
        emailAutoComplete="username"
        intro={{ text: 'Enter your e-mail.' }}
      />,
    );
    expect(screen.getByText('Enter your e-mail.').id).toBe(
      screen.getByRole('textbox').closest('form')?.getAttribute('aria-describedby'),
    );
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account uses this address, we have sent a link.',
    );
    expect(sent).toEqual([{ email: 'asha@example.in' }]);
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('autocomplete')).toBe('username');
  });
});

describe('the shared reset-password form', () => {
  const noSend = async () => ({ message: 'never' });

  it('offers a new link, and no form, when the link lost its token', async () => {
    const { user, where } = renderAt(
      <ResetPasswordForm
        token=""
        schema={ResetPasswordRequest}
        send={noSend}
        showFailure={showMessage}
        paths={PATHS}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(INCOMPLETE_LINK);
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(where()).toBe('/forgot-password');
  });

  it('sends the token with the new password, then offers the login', async () => {
    const sent: unknown[] = [];
    let told = 0;
    const send = async (fields: unknown) => {
      sent.push(fields);
      return { message: 'Your password was changed.' };
    };
    const { user, where } = renderAt(
      <ResetPasswordForm
        token="tok_1"
        schema={ResetPasswordRequest}
        send={send}
        showFailure={showMessage}
        paths={PATHS}
        onChanged={() => told++}
      />,
    );
    await user.type(screen.getByLabelText('New password'), 'cotton-kurta-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'cotton-kurta-9');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password was changed.');
    expect(sent).toEqual([{ token: 'tok_1', password: 'cotton-kurta-9', password_confirmation: 'cotton-kurta-9' }]);
    expect(told).toBe(1);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(where()).toBe('/login');
  });

  it('says a mismatch beside the confirmation, and a dead link offers a new one instead of another try', async () => {
    const send = async () => {
      throw new ApiError(400, 'This link was already used.', {}, 'RESET_LINK_USED');
    };
    const { user } = renderAt(
      <ResetPasswordForm
        token="tok_2"
        schema={ResetPasswordRequest}
        send={send}
        showFailure={showMessage}
        paths={PATHS}
      />,
    );
    const confirmation = screen.getByLabelText('Confirm new password');
    await user.type(screen.getByLabelText('New password'), 'cotton-kurta-9');
    await user.type(confirmation, 'cotton-kurta-8');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    await user.clear(confirmation);
    await user.type(confirmation, 'cotton-kurta-9');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link was already used.');
    expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
