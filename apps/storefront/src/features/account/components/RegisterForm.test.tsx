import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

async function fillForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('Name'), 'Ravi Kumar');
  await user.type(screen.getByLabelText('E-mail'), 'ravi@example.in');
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'cotton-soft-1');
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'cotton-soft-1');
}

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('Register page', () => {
  beforeEach(() => localStorage.clear());

  it('links to the privacy notice, ticks no consent for the shopper, and sends the ones ticked with the notice version', async () => {
    const api = stubApi({
      category_list: categoryList,
      privacy_notice: {
        success: true,
        notice: {
          version: 5,
          body: '',
          published_at: '2026-11-28T05:00:00.000Z',
          grievance_officer: { name: '', email: '' },
        },
      },
      register: {
        success: true,
        message: 'Registration successful! Please log in.',
        user: { id: 3, user_name: 'Ravi' },
      },
    });
    const { user } = renderRoute('/Register-Page');
    await fillForm(user);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    const offers = screen.getByRole('checkbox', { name: 'Offers and news by e-mail' });
    const reminders = screen.getByRole('checkbox', { name: 'A reminder of what I left in my cart' });
    expect(offers).not.toBeChecked();
    expect(reminders).not.toBeChecked();
    await user.click(offers);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(bodiesOf(api, 'register')).toHaveLength(1));
    expect(bodiesOf(api, 'register')[0]).toMatchObject({ notice_version: 5, consents: ['marketing_email'] });
  });

  it('lets at most 10 digits into the mobile number and checks the fields first', async () => {
    stubApi({ category_list: categoryList });
    const { user } = renderRoute('/Register-Page');
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveAttribute('maxLength', '10');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The name is required.')).toBeInTheDocument();
  });

  it("joins the server's error map into one message and shows each beside its field", async () => {
    stubApi({
      category_list: categoryList,
      register: () =>
        json(409, {
          success: false,
          message: 'Please correct the highlighted fields.',
          errors: {
            email: ['This e-mail address is already registered.'],
            phone: ['This mobile number is already registered.'],
          },
        }),
    });
    const { user } = renderRoute('/Register-Page');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This e-mail address is already registered. This mobile number is already registered.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This e-mail address is already registered.');
  });

  it("shows the server's password policy refusal beside the password field", async () => {
    const refusal = 'This password is too common and easy to guess. Please choose another.';
    stubApi({
      category_list: categoryList,
      register: () => json(400, { success: false, message: refusal, errors: { password: [refusal] } }),
    });
    const { user } = renderRoute('/Register-Page');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(refusal);
  });

  it("falls back to 'Registration failed' and to the network text", async () => {
    stubApi({ category_list: categoryList, register: () => json(400, { success: false, message: '' }) });
    const { user } = renderRoute('/Register-Page');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('says so on success and goes to login with the item passed along', async () => {
    const api = stubApi({
      category_list: categoryList,
      register: {
        success: true,
        message: 'Registration successful! Please log in.',
        user: { id: 9, user_name: 'Ravi' },
      },
    });
    const { user, router } = renderRoute('/');
    await router.navigate('/Register-Page', { state: { product_id: 12, size: 4, quantity: 1 } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration successful! Please log in.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login-Page'));
    expect(router.state.location.state).toEqual({ product_id: 12, size: 4, quantity: 1 });
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/api/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      phone: '9876543210',
      password: 'cotton-soft-1',
      password_confirmation: 'cotton-soft-1',
    });
  });
});
