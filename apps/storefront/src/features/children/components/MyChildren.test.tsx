import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const CHILD_LABEL = 'Keep my children’s first names and birth months to suggest their sizes, and nothing else';

const consents = (childProfile: boolean) => [
  { purpose: 'marketing_email', label: 'Offers and news by e-mail', given: false, since: null, source: null },
  { purpose: 'child_profile', label: CHILD_LABEL, given: childProfile, since: null, source: null },
];

const notice = {
  success: true,
  notice: {
    version: 3,
    body: '## Children',
    published_at: '2026-11-28T05:00:00.000Z',
    grievance_officer: { name: '', email: '' },
  },
};

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('"My children" on the profile', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
  });

  it('shows the server’s refusal beside the consent box, then adds a child once it is ticked, and deletes one', async () => {
    let given = false;
    let children: { id: number; first_name: string | null; birth_month: string; age_months: number }[] = [];
    const api = stubApi({
      category_list: categoryList,
      edit_profile: { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } },
      address_list: { success: true, address: [] },
      privacy_notice: notice,
      my_consents: () => ({ success: true, consents: consents(given) }),
      consent_update: () => {
        given = true;
        return { success: true, message: 'Thank you.', consents: consents(given) };
      },
      child_profiles: () => ({ success: true, children }),
      child_profile_add: () => {
        if (!given) {
          const message = 'Tick “Keep my children’s first names and birth months” first.';
          return json(400, { success: false, message, errors: { consent: [message] } });
        }
        children = [{ id: 4, first_name: 'Aarav', birth_month: '2025-03', age_months: 20 }];
        return { success: true, message: 'Saved: Aarav.', children };
      },
      child_profile_delete: () => {
        children = [];
        return { success: true, message: 'Deleted.', children };
      },
    });
    const { user } = renderRoute('/myprofile');
    const panel = await screen.findByRole('region', { name: 'My children' });
    expect(within(panel).getByText(/Nothing else, never shared/)).toBeInTheDocument();
    // The messages' switches do not repeat it.
    const messages = await screen.findByRole('region', { name: 'Messages I agree to' });
    expect(await within(messages).findAllByRole('switch')).toHaveLength(1);

    await user.type(within(panel).getByLabelText('First name (optional)'), 'Aarav');
    await user.type(within(panel).getByLabelText('Birth month'), '2025-03');
    await user.click(within(panel).getByRole('button', { name: 'Add child' }));
    const box = within(panel).getByRole('checkbox', { name: CHILD_LABEL });
    expect(await within(panel).findByText(/first names and birth months” first/)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.click(box);
    expect(bodiesOf(api, 'consent_update')).toEqual([{ purpose: 'child_profile', given: true, notice_version: 3 }]);
    expect(await within(panel).findByRole('checkbox', { name: CHILD_LABEL })).toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Add child' }));
    const list = await within(panel).findByRole('list', { name: 'Children saved' });
    expect(within(list).getByText('Aarav, 20 months (born 2025-03)')).toBeInTheDocument();
    expect(bodiesOf(api, 'child_profile_add').at(-1)).toEqual({ first_name: 'Aarav', birth_month: '2025-03' });

    await user.click(within(list).getByRole('button', { name: 'Delete Aarav' }));
    expect(bodiesOf(api, 'child_profile_delete')).toEqual([{ id: 4 }]);
    expect(await within(panel).findByRole('button', { name: 'Add child' })).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Children saved' })).toBeNull();
  });

  it('shows a birth month the server refuses beside that field', async () => {
    stubApi({
      category_list: categoryList,
      edit_profile: { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } },
      address_list: { success: true, address: [] },
      privacy_notice: notice,
      my_consents: { success: true, consents: consents(true) },
      child_profiles: { success: true, children: [] },
      child_profile_add: () =>
        json(400, {
          success: false,
          message: 'The birth month cannot be in the future.',
          errors: { birth_month: ['The birth month cannot be in the future.'] },
        }),
    });
    const { user } = renderRoute('/myprofile');
    const panel = await screen.findByRole('region', { name: 'My children' });
    const month = within(panel).getByLabelText('Birth month');
    await user.type(month, '2030-01');
    await user.click(within(panel).getByRole('button', { name: 'Add child' }));
    expect(await within(panel).findByText('The birth month cannot be in the future.')).toBeInTheDocument();
    expect(month).toHaveAttribute('aria-invalid', 'true');
  });
});
