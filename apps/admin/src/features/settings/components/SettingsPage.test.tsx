import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const settings = {
  shipping_charge: 49,
  per_order_cap: 10,
  payment_expiry_minutes: 30,
  gst_legal_name: '',
  gstin: '',
  gst_address: '',
  gst_state_id: null,
  gst_state_name: null,
  invoice_prefix: 'KPS',
  gst_signatory: '',
  hsn_digits: 4,
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The tax identity as saved before the owner registers: nothing but the defaults. */
const unregistered = {
  gst_legal_name: '',
  gstin: '',
  gst_address: '',
  gst_state_id: null,
  invoice_prefix: 'KPS',
  gst_signatory: '',
  hsn_digits: 4,
};

const states = page([
  { id: 5, name: 'Kerala', kind: 'state' },
  { id: 9, name: 'Maharashtra', kind: 'state' },
]);

const saves = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'PATCH' && request.path === 'settings').map((request) => request.body);

describe('the settings form', () => {
  it('checks the typed values as the server does, then sends them as numbers', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
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
    expect(saves(sent)).toEqual([
      { shipping_charge: 59.5, per_order_cap: 12, payment_expiry_minutes: 30, ...unregistered },
    ]);
  });

  it('puts the server’s refusal on its field and above the button', async () => {
    signIn();
    stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
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

  it('checks the GSTIN as it is typed, beside the field, and sends the tax identity normalised', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const gstin = await screen.findByLabelText('GSTIN');
    expect(gstin).toHaveAccessibleDescription(expect.stringContaining('Leave empty while the shop is not registered'));

    // The classic example GSTIN with its last character mistyped (V is right).
    await user.type(gstin, '27aapfu0939f1zw');
    expect(gstin).toHaveAccessibleDescription(expect.stringContaining('The last character does not match'));
    expect(gstin).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(saves(sent)).toEqual([]);

    await user.clear(gstin);
    await user.type(gstin, ' 27aapfu0939f1zv ');
    expect(gstin).not.toHaveAccessibleDescription(expect.stringContaining('does not match'));
    expect(gstin).toBeValid();
    await user.type(screen.getByLabelText('Legal name'), 'Kapaas Textiles LLP ');
    await user.type(screen.getByLabelText('Registered address'), '12 Mill Road{Enter}Pune 411001');
    const state = screen.getByLabelText('State of registration');
    await user.selectOptions(state, 'Maharashtra');
    const prefix = screen.getByLabelText('Invoice prefix');
    await user.clear(prefix);
    await user.type(prefix, 'kp26');
    await user.type(screen.getByLabelText('Authorised signatory'), 'Meera Iyer');
    await user.selectOptions(screen.getByLabelText('HSN digits printed'), '6 digits');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      {
        shipping_charge: 49,
        per_order_cap: 10,
        payment_expiry_minutes: 30,
        gst_legal_name: 'Kapaas Textiles LLP',
        gstin: '27AAPFU0939F1ZV',
        gst_address: '12 Mill Road\nPune 411001',
        gst_state_id: 9,
        invoice_prefix: 'KP26',
        gst_signatory: 'Meera Iyer',
        hsn_digits: 6,
      },
    ]);
  });

  it('says beside the state when the GSTIN belongs to another state, and does not save', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    await user.type(await screen.findByLabelText('GSTIN'), '27AAPFU0939F1ZV');
    const state = screen.getByLabelText('State of registration');
    await user.selectOptions(state, 'Kerala');

    expect(state).toHaveAccessibleDescription(
      expect.stringContaining('The GSTIN starts with 27, the code of Maharashtra; Kerala is 32.'),
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(saves(sent)).toEqual([]);

    await user.selectOptions(state, 'Maharashtra');
    expect(state).not.toHaveAccessibleDescription(expect.stringContaining('The GSTIN starts with'));
  });

  it('shows the server’s refusal of the GSTIN beside it', async () => {
    signIn();
    stubAdminApi({
      'GET settings': { success: true, data: { ...settings, gstin: '27AAPFU0939F1ZV', gst_state_id: 9 } },
      'GET states': states,
      'PATCH settings': () =>
        json(400, {
          success: false,
          message: 'The tax identity is not complete.',
          errors: { gstin: ['This GSTIN is cancelled.'] },
        }),
    });
    const { user } = renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));

    expect(await screen.findByLabelText('GSTIN')).toHaveAccessibleDescription(
      expect.stringContaining('This GSTIN is cancelled.'),
    );
    // The saved state shows chosen: the form waited for the list of states.
    expect(screen.getByLabelText('State of registration')).toHaveDisplayValue('Maharashtra');
    expect(screen.getByRole('alert')).toHaveTextContent('The tax identity is not complete.');
  });
});
