import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const settings = {
  shipping_charge: 49,
  per_order_cap: 10,
  payment_expiry_minutes: 30,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const saves = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'PATCH' && request.path === 'settings').map((request) => request.body);

describe('the settings form', () => {
  it('checks the typed values as the server does, then sends them as numbers', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const shipping = await screen.findByLabelText('Shipping charge');
    const cap = screen.getByLabelText('Most pieces per order');
    const save = screen.getByRole('button', { name: 'Save settings' });

    await user.clear(shipping);
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(save);
    expect(shipping).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'));
    expect(cap).toHaveAccessibleDescription(expect.stringContaining('Must be at least 1.'));
    expect(saves(sent)).toEqual([]);

    await user.type(shipping, '59.5');
    await user.clear(cap);
    await user.type(cap, '12');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([{ shipping_charge: 59.5, per_order_cap: 12, payment_expiry_minutes: 30 }]);
  });

  it('puts the server’s refusal on its field and above the button', async () => {
    signIn();
    stubAdminApi({
      'GET settings': { success: true, data: settings },
      'PATCH settings': () =>
        json(400, {
          success: false,
          message: 'The time to pay is too long.',
          errors: { payment_expiry_minutes: ['At most a week.'] },
        }),
    });
    const { user } = renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));

    expect(await screen.findByLabelText('Time to pay')).toHaveAccessibleDescription(
      expect.stringContaining('At most a week.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The time to pay is too long.');
  });
});
