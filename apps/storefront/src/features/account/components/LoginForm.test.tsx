import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const loginAnswer = { success: true, message: 'Login successful.', user: { id: 7, user_name: 'Asha' } };

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('E-mail or mobile number'), 'asha@example.in');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  beforeEach(() => localStorage.clear());

  it('asks for both fields before sending anything', async () => {
    const api = stubApi({ category_list: categoryList, login: loginAnswer });
    const { user } = renderRoute('/Login-Page');
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Enter your e-mail or mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/api/login'))).toBe(false);
  });

  it("shows the server's message when the login is refused", async () => {
    stubApi({
      category_list: categoryList,
      login: () => json(401, { success: false, message: 'The e-mail, mobile number or password is incorrect.' }),
    });
    const { user } = renderRoute('/Login-Page');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail, mobile number or password is incorrect.');
  });

  it("says 'Login credentials are invalid' when the refusal has no message", async () => {
    stubApi({ category_list: categoryList, login: () => json(401, { success: false, message: '' }) });
    const { user } = renderRoute('/Login-Page');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login credentials are invalid');
  });

  it('says so when the server cannot be reached', async () => {
    const api = stubApi({ category_list: categoryList });
    const answer = api.getMockImplementation();
    api.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/login')) throw new TypeError('Failed to fetch');
      return answer ? answer(input, init) : json(404, {});
    });
    const { user } = renderRoute('/Login-Page');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('remembers the user, passes the item along and goes home after a second', async () => {
    const api = stubApi({ category_list: categoryList, login: loginAnswer });
    const { user, router } = renderRoute('/');
    await router.navigate('/Login-Page', { state: { product_id: 11, size: 3, quantity: 2 } });
    await fillAndSubmit(user);

    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    const loginCall = api.mock.calls.find(([url]) => String(url).endsWith('/api/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      user_name: 'asha@example.in',
      password: 'secret-123',
      product_id: 11,
      size: 3,
      quantity: 2,
    });
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('userName')).toBe('Asha');
    expect(router.state.location.pathname).toBe('/Login-Page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
    expect(screen.getByRole('link', { name: 'Welcome Asha' })).toBeInTheDocument();
  });

  it('continues as a guest, reusing the stored guest id, and goes home after a second', async () => {
    localStorage.setItem('guest_id', '31');
    const api = stubApi({
      category_list: categoryList,
      get_guest_id: { success: true, guest_id: 31, message: 'Welcome back, Guest!' },
    });
    const { user, router } = renderRoute('/Login-Page');
    await user.click(await screen.findByRole('button', { name: 'Continue as Guest' }));

    expect(await screen.findByText('Welcome back, Guest!')).toBeInTheDocument();
    const guestCall = api.mock.calls.find(([url]) => String(url).endsWith('/api/get_guest_id'));
    expect(JSON.parse(String(guestCall?.[1]?.body))).toEqual({ guest_id: 31 });
    expect(localStorage.getItem('userId')).toBe('31');
    expect(localStorage.getItem('userName')).toBe('Guest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
  });

  it("tells the guest 'Unable to login as Guest' or the exception text when that fails", async () => {
    stubApi({ category_list: categoryList, get_guest_id: () => json(429, { success: false, message: '' }) });
    const { user } = renderRoute('/Login-Page');
    await user.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
    expect(await screen.findByText('Unable to login as Guest')).toBeInTheDocument();
  });
});
