import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const OPEN =
  'Your account cannot be deleted while an order is under way: #41. Once it is delivered, cancelled or refunded (and any return settled), you can delete it.';

function profileApi(extra: Parameters<typeof stubApi>[0]) {
  return stubApi({
    category_list: categoryList,
    edit_profile: { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } },
    address_list: { success: true, address: [] },
    my_consents: { success: true, consents: [] },
    privacy_notice: { success: false, message: 'none' },
    ...extra,
  });
}

const bodiesOf = (api: ReturnType<typeof stubApi>, endpoint: string) =>
  api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("the profile's data", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
  });

  it('asks for a copy and says the link is on its way', async () => {
    const api = profileApi({
      my_data_export: { success: true, message: 'We are e-mailing you a link to a copy of your data.' },
    });
    const { user } = renderRoute('/myprofile');
    const panel = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(panel).getByRole('button', { name: 'Download my data' }));
    expect(await within(panel).findByText('We are e-mailing you a link to a copy of your data.')).toBeInTheDocument();
    expect(bodiesOf(api, 'my_data_export')).toEqual([{}]);
  });

  it('deletes the account with the password; the open orders are named beside the field first', async () => {
    let open = true;
    const api = profileApi({
      delete_my_account: () => {
        if (!open) return { success: true, message: 'Your account is deleted.' };
        open = false;
        return json(409, { success: false, message: OPEN, code: 'OPEN_ORDERS', errors: { password: [OPEN] } });
      },
      login: { success: true },
    });
    const { user, router } = renderRoute('/myprofile');
    const panel = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(panel).getByRole('button', { name: 'Delete my account' }));
    const form = within(panel).getByRole('form', { name: 'Delete my account' });
    const submit = within(form).getByRole('button', { name: 'Delete my account for good' });
    expect(submit).toBeDisabled();
    const password = within(form).getByLabelText('Your password');
    await user.type(password, 'organic-cotton-1');
    await user.click(submit);
    expect(await within(form).findByText(OPEN)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(OPEN);

    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login-Page'));
    expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(bodiesOf(api, 'delete_my_account')).toEqual([
      { password: 'organic-cotton-1' },
      { password: 'organic-cotton-1' },
    ]);
  });
});
