import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const profile = { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } };
const address = (id: number, first: string, active: boolean) => ({
  address_id: id,
  first_name: first,
  last_name: 'Menon',
  address: `${id}, MG Road`,
  state: 1,
  city: 10,
  state_name: 'Kerala',
  city_name: 'Kochi',
  pin_code: '682001',
  email_id: 'asha@example.in',
  phone_number: '9876543210',
  active_status: active ? 'Active' : 'Inactive',
});

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function asUser() {
  localStorage.setItem('userId', '7');
  localStorage.setItem('userName', 'Asha Menon');
}

describe('My Profile (/myprofile)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the sidebar with the first letter of the name, the details and the address cards', async () => {
    asUser();
    stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [address(1, 'Asha', true), address(2, 'Ravi', false)] },
    });
    renderRoute('/myprofile');

    const sidebar = await screen.findByRole('complementary', { name: 'Your account' });
    expect(sidebar).toHaveTextContent('A');
    for (const name of ['My Profile', 'Orders', 'Returns', 'Wishlist', 'Coupons']) {
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByText('asha@example.in', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('9876543210', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/Profileupdate');
    expect(screen.getByRole('button', { name: 'RESET PASSWORD' })).toBeInTheDocument();
    expect(await screen.findByText('Default Address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make Default: Ravi Menon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit address of Ravi Menon' })).toHaveAttribute(
      'href',
      '/Myprofileedit/2',
    );
  });

  it('uses the fallbacks when the profile has no e-mail or phone', async () => {
    asUser();
    stubApi({
      category_list: categoryList,
      edit_profile: { success: true, user: { name: '', email: '', phone: '' } },
      address_list: { success: true, address: [] },
    });
    renderRoute('/myprofile');
    expect(await screen.findByText('Email Not Available')).toBeInTheDocument();
    expect(screen.getByText('Phone Not Available')).toBeInTheDocument();
    expect(screen.getByText('You have no saved addresses. Please add one.')).toBeInTheDocument();
  });

  it('shows a guest the guest view, without edit or reset', async () => {
    localStorage.setItem('guest_id', '31');
    localStorage.setItem('userId', '31');
    localStorage.setItem('userName', 'Guest');
    const api = stubApi({ category_list: categoryList, address_list: { success: true, address: [] } });
    renderRoute('/myprofile');
    expect(await screen.findByText('You are logged in as a guest.')).toBeInTheDocument();
    expect(screen.getAllByText('Guest User').length).toBeGreaterThan(0);
    expect(screen.getByText('Email Not Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RESET PASSWORD' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Address' })).toBeInTheDocument();
    expect(bodiesOf(api, 'edit_profile')).toEqual([]);
  });

  it('asks a visitor to log in', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/myprofile');
    expect(await screen.findByText('No user or guest session found. Please log in.')).toBeInTheDocument();
  });

  it('makes another address the default', async () => {
    asUser();
    const api = stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [address(1, 'Asha', true), address(2, 'Ravi', false)] },
      address_active: { success: true, message: 'Default address updated.' },
    });
    const { user } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'Make Default: Ravi Menon' }));
    expect(bodiesOf(api, 'address_active')).toEqual([{ user_id: 7, address_id: 2 }]);
  });

  it('opens the add form and comes back to the overview after saving', async () => {
    asUser();
    stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
      state_list: { success: true, product: [{ state_id: 1, state_name: 'Kerala' }] },
    });
    const { user } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Add Address' })).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'RESET PASSWORD' })).toBeInTheDocument();
  });

  it("says 'New passwords do not match.' and sends nothing; show/hide toggles the fields", async () => {
    asUser();
    const api = stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
    });
    const { user } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'RESET PASSWORD' }));
    await user.type(screen.getByLabelText('Current password', { selector: 'input' }), 'old-secret-1');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'new-secret-22');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'new-secret-23');

    expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('New passwords do not match.')).toBeInTheDocument();
    expect(bodiesOf(api, 'change_password')).toEqual([]);
  });

  it("shows the server's refusal beside the field", async () => {
    asUser();
    stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
      change_password: () =>
        json(400, {
          success: false,
          message: 'The current password is incorrect.',
          errors: { old_password: ['The current password is incorrect.'] },
        }),
    });
    const { user } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'RESET PASSWORD' }));
    await user.type(screen.getByLabelText('Current password', { selector: 'input' }), 'wrong-one-1');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'new-secret-22');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'new-secret-22');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByLabelText('Current password', { selector: 'input' })).toHaveAccessibleDescription(
      'The current password is incorrect.',
    );
  });

  it('after a reset says so, then after 2 s forgets everything stored and goes to login', async () => {
    asUser();
    localStorage.setItem('coupon_id', '3');
    const api = stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
      change_password: { success: true, message: 'Password reset successfully! Please log in again.' },
      logout: { success: true, message: 'You have been logged out.' },
    });
    const { user, router } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'RESET PASSWORD' }));
    await user.type(screen.getByLabelText('Current password', { selector: 'input' }), 'old-secret-1');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'new-secret-22');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'new-secret-22');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password reset successfully! Please log in again.')).toBeInTheDocument();
    expect(bodiesOf(api, 'change_password')).toEqual([
      { user_id: 7, old_password: 'old-secret-1', password: 'new-secret-22', password_confirmation: 'new-secret-22' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(localStorage.getItem('userName')).toBe('Asha Menon');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login-Page'), { timeout: 4000 });
    expect(localStorage.length).toBe(0);
    expect(bodiesOf(api, 'logout')).toEqual([{}]);
  });

  it('logs out: forgets the identity, calls logout and goes home', async () => {
    asUser();
    localStorage.setItem('hasShownPopup', 'true');
    const api = stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
      logout: { success: true, message: 'You have been logged out.' },
    });
    const { user, router } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesOf(api, 'logout')).toEqual([{}]);
    for (const key of ['userName', 'userId', 'guest_id', 'hasShownPopup']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps the shopper logged in and says why when logout fails', async () => {
    asUser();
    const api = stubApi({
      category_list: categoryList,
      edit_profile: profile,
      address_list: { success: true, address: [] },
    });
    const base = api.getMockImplementation();
    api.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/logout')) throw new TypeError('Failed to fetch');
      return base ? base(input, init) : json(404, {});
    });
    const { user } = renderRoute('/myprofile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('userName')).toBe('Asha Menon');
  });
});
