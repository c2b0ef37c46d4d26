import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const LABELS = {
  marketing_email: 'Offers and news by e-mail',
  cart_reminders: 'A reminder of what I left in my cart',
  back_in_stock: 'An e-mail when a size I asked about is back',
  whatsapp_updates: 'Order updates on WhatsApp',
  whatsapp_marketing: 'Offers and news on WhatsApp',
} as const;

const consents = (given: Partial<Record<keyof typeof LABELS, boolean>>) =>
  Object.entries(LABELS).map(([purpose, label]) => ({
    purpose,
    label,
    given: given[purpose as keyof typeof LABELS] ?? false,
    since: null,
    source: null,
  }));

const notice = {
  success: true,
  notice: {
    version: 2,
    body: '## What we collect',
    published_at: '2026-11-28T05:00:00.000Z',
    grievance_officer: { name: '', email: '' },
  },
};

function bodiesOf(api: ReturnType<typeof stubApi>, endpoint: string) {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("the profile's consents", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
  });

  it('lists every purpose with a switch; one click withdraws, with the notice version the page read', async () => {
    let state = consents({ marketing_email: true, back_in_stock: true });
    const api = stubApi({
      category_list: categoryList,
      edit_profile: { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } },
      address_list: { success: true, address: [] },
      privacy_notice: notice,
      my_consents: () => ({ success: true, consents: state }),
      consent_update: () => {
        state = consents({ back_in_stock: true });
        return { success: true, message: 'Done: “Offers and news by e-mail” is off.', consents: state };
      },
    });
    const { user } = renderRoute('/myprofile');
    const panel = await screen.findByRole('region', { name: 'Messages I agree to' });
    const offers = await within(panel).findByRole('switch', { name: LABELS.marketing_email });
    expect(offers).toBeChecked();
    expect(within(panel).getByRole('switch', { name: LABELS.cart_reminders })).not.toBeChecked();
    expect(within(panel).getAllByRole('switch')).toHaveLength(5);
    expect(within(panel).getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');

    await user.click(offers);
    expect(await within(panel).findByText('Done: “Offers and news by e-mail” is off.')).toBeInTheDocument();
    expect(bodiesOf(api, 'consent_update')).toEqual([{ purpose: 'marketing_email', given: false, notice_version: 2 }]);
    expect(await within(panel).findByRole('switch', { name: LABELS.marketing_email })).not.toBeChecked();
  });
});
