import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const settings = {
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
  dispatch_cutoff: '14:00',
  cod_enabled: true,
  cod_min_order: 0,
  cod_max_order: 5000,
  cod_fee: 40,
  cod_excluded_pins: ['744', '194101'],
  cod_confirm_above: null,
  cod_max_open_orders: 2,
  cod_confirm_hours: 48,
  cod_advance_amount: 0,
  cod_advance_for: 'none',
  cod_pay_link_hours: 0,
  cart_reminder_hours: 24,
  return_window_days: 7,
  review_request_days: 7,
  parcel_length_cm: 30,
  parcel_breadth_cm: 25,
  parcel_height_cm: 5,
  default_piece_weight_grams: 200,
  prepaid_discount_percent: 0,
  prepaid_discount_max: null,
  retention_guest_days: 90,
  retention_cart_days: 90,
  retention_unconfirmed_signup_days: 30,
  retention_outbox_body_days: 180,
  retention_log_days: 365,
  grievance_officer_name: '',
  grievance_officer_email: '',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** Retention's periods as saved (the defaults), sent back unchanged. */
const retentionAsSaved = {
  retention_guest_days: 90,
  retention_cart_days: 90,
  retention_unconfirmed_signup_days: 30,
  retention_outbox_body_days: 180,
  retention_log_days: 365,
};

/** The grievance officer as saved (none named yet), sent back unchanged. */
const grievanceAsSaved = { grievance_officer_name: '', grievance_officer_email: '' };

/** The default parcel as saved, sent back unchanged. */
const parcelAsSaved = {
  parcel_length_cm: 30,
  parcel_breadth_cm: 25,
  parcel_height_cm: 5,
  default_piece_weight_grams: 200,
};

/** The prepaid discount as saved (off), sent back unchanged. */
const prepaidAsSaved = { prepaid_discount_percent: 0, prepaid_discount_max: null };

/** The dispatch and cash-on-delivery rules as saved, sent back unchanged. */
const codAsSaved = {
  dispatch_cutoff: '14:00',
  cod_enabled: true,
  cod_min_order: 0,
  cod_max_order: 5000,
  cod_fee: 40,
  cod_excluded_pins: ['744', '194101'],
  cod_confirm_above: null,
  cod_confirm_hours: 48,
  cod_advance_amount: 0,
  cod_advance_for: 'none',
  cod_pay_link_hours: 0,
  cod_max_open_orders: 2,
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
    const expiry = await screen.findByLabelText('Time to pay');
    const cap = screen.getByLabelText('Most pieces per order');
    const save = screen.getByRole('button', { name: 'Save settings' });

    await user.clear(expiry);
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(save);
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'));
    expect(cap).toHaveAccessibleDescription(expect.stringContaining('Must be at least 1.'));
    expect(saves(sent)).toEqual([]);

    await user.type(expiry, '30');
    await user.clear(cap);
    await user.type(cap, '12');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      {
        per_order_cap: 12,
        payment_expiry_minutes: 30,
        cart_reminder_hours: 24,
        return_window_days: 7,
        review_request_days: 7,
        ...unregistered,
        ...codAsSaved,
        ...parcelAsSaved,
        ...prepaidAsSaved,
        ...retentionAsSaved,
        ...grievanceAsSaved,
      },
    ]);
  });

  it('sets how long personal data is kept; processing logs not below a year, said beside the field', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const logs = await screen.findByLabelText('Keep processing logs for');
    expect(logs).toHaveValue(365);
    expect(screen.getByLabelText('Forget guests who never ordered after')).toHaveValue(90);
    expect(screen.getByLabelText('Delete carts left untouched for')).toHaveValue(90);
    expect(screen.getByLabelText('Delete unconfirmed newsletter sign-ups and rights requests after')).toHaveValue(30);
    const bodies = screen.getByLabelText('Clear sent e-mails’ text after');
    expect(bodies).toHaveValue(180);
    await user.clear(logs);
    await user.type(logs, '200');
    await user.clear(bodies);
    await user.type(bodies, '3');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(logs).toHaveAccessibleDescription(
      expect.stringContaining('At least 365 days: the law keeps processing logs a year'),
    );
    expect(bodies).toHaveAccessibleDescription(expect.stringContaining('At least 7 days.'));
    expect(saves(sent)).toEqual([]);
    await user.clear(logs);
    await user.type(logs, '730');
    await user.clear(bodies);
    await user.type(bodies, '90');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      expect.objectContaining({ ...retentionAsSaved, retention_log_days: 730, retention_outbox_body_days: 90 }),
    ]);
  });

  it('names the grievance officer the privacy notice shows; an address that is not one is refused beside its field', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const name = await screen.findByLabelText('Grievance officer');
    const email = screen.getByLabelText('Grievance officer’s e-mail');
    await user.type(name, 'Anita Borah');
    await user.type(email, 'anita-at-kapaas');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('An e-mail address'));
    expect(saves(sent)).toEqual([]);
    await user.clear(email);
    await user.type(email, 'Grievance@Kapaas.in');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      expect.objectContaining({
        grievance_officer_name: 'Anita Borah',
        grievance_officer_email: 'grievance@kapaas.in',
      }),
    ]);
  });

  it('sets how long a cart waits for its reminder, from 1 hour to 30 days', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const hours = await screen.findByLabelText('Cart reminder after');
    expect(hours).toHaveValue(24);
    await user.clear(hours);
    await user.type(hours, '800');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(hours).toHaveAccessibleDescription(expect.stringContaining('At most 720 hours (30 days).'));
    expect(saves(sent)).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([expect.objectContaining({ cart_reminder_hours: 48 })]);
  });

  it('sets the return window and when a review is asked for, in days', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const window = await screen.findByLabelText('Return window');
    expect(window).toHaveValue(7);
    expect(screen.getByLabelText('Ask for a review after')).toHaveValue(7);
    await user.clear(window);
    await user.type(window, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(window).toHaveAccessibleDescription(expect.stringContaining('At least 1 day.'));
    expect(saves(sent)).toEqual([]);
    await user.clear(window);
    await user.type(window, '14');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([expect.objectContaining({ return_window_days: 14, review_request_days: 7 })]);
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
        per_order_cap: 10,
        payment_expiry_minutes: 30,
        cart_reminder_hours: 24,
        return_window_days: 7,
        review_request_days: 7,
        gst_legal_name: 'Kapaas Textiles LLP',
        gstin: '27AAPFU0939F1ZV',
        gst_address: '12 Mill Road\nPune 411001',
        gst_state_id: 9,
        invoice_prefix: 'KP26',
        gst_signatory: 'Meera Iyer',
        hsn_digits: 6,
        ...codAsSaved,
        ...parcelAsSaved,
        ...prepaidAsSaved,
        ...retentionAsSaved,
        ...grievanceAsSaved,
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
  it('sends the cash-on-delivery rules normalised: the PIN codes as a list, no confirmation threshold as null', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: { ...settings, cod_enabled: false, cod_confirm_above: 3000 } },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const pins = await screen.findByLabelText('No cash on delivery to these PIN codes');
    expect(pins).toHaveValue('744\n194101');
    const confirm = screen.getByLabelText('Confirm by phone above');
    expect(confirm).toHaveValue(3000);
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('wait for you to confirm them by phone'));
    expect(screen.getByLabelText('Dispatch cut-off')).toHaveAccessibleDescription(
      'Orders placed before this time (India) leave the same working day.',
    );

    const cutoff = screen.getByLabelText('Dispatch cut-off');
    await user.clear(cutoff);
    await user.type(cutoff, '15:30');
    await user.click(screen.getByRole('checkbox', { name: 'Offer cash on delivery' }));
    const least = screen.getByLabelText('Least order value for cash on delivery');
    await user.clear(least);
    await user.type(least, '199');
    const most = screen.getByLabelText('Most order value for cash on delivery');
    await user.clear(most);
    await user.type(most, '7500.50');
    const fee = screen.getByLabelText('Cash on delivery fee');
    await user.clear(fee);
    await user.type(fee, '0');
    await user.clear(pins);
    await user.type(pins, ' 744, 194101{Enter}{Enter}7931 682551 ');
    await user.clear(confirm);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      {
        per_order_cap: 10,
        payment_expiry_minutes: 30,
        cart_reminder_hours: 24,
        return_window_days: 7,
        review_request_days: 7,
        ...unregistered,
        dispatch_cutoff: '15:30',
        cod_enabled: true,
        cod_min_order: 199,
        cod_max_order: 7500.5,
        cod_fee: 0,
        cod_excluded_pins: ['744', '194101', '7931', '682551'],
        cod_confirm_above: null,
        cod_confirm_hours: 48,
        cod_advance_amount: 0,
        cod_advance_for: 'none',
        cod_pay_link_hours: 0,
        cod_max_open_orders: 2,
        ...parcelAsSaved,
        ...prepaidAsSaved,
        ...retentionAsSaved,
        ...grievanceAsSaved,
      },
    ]);
  });

  it('sets how many COD orders may be open at once and how long one waits for its call, checked as the server does', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const open = await screen.findByLabelText('Most open COD orders');
    const hours = screen.getByLabelText('Cancel unconfirmed COD orders after');
    expect(open).toHaveValue(2);
    expect(hours).toHaveValue(48);
    expect(open).toHaveAccessibleDescription(expect.stringContaining('one phone number, one shopper and one delivery'));
    await user.clear(open);
    await user.type(open, '0');
    await user.clear(hours);
    await user.type(hours, '721');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(open).toHaveAccessibleDescription(expect.stringContaining('At least 1.'));
    expect(hours).toHaveAccessibleDescription(expect.stringContaining('At most 720 hours (30 days).'));
    expect(saves(sent)).toEqual([]);
    await user.clear(open);
    await user.type(open, '3');
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([expect.objectContaining({ cod_max_open_orders: 3, cod_confirm_hours: 24 })]);
  });

  it('sets the default parcel and piece weight a courier order is booked with, checked beside each field', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    expect(await screen.findByRole('group', { name: 'Parcel' })).toBeInTheDocument();
    const length = screen.getByLabelText('Parcel length');
    const breadth = screen.getByLabelText('Parcel breadth');
    const height = screen.getByLabelText('Parcel height');
    const weight = screen.getByLabelText('Weight of a piece without one');
    expect([length, breadth, height, weight].map((input) => (input as HTMLInputElement).valueAsNumber)).toEqual([
      30, 25, 5, 200,
    ]);
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('no weight of its own'));
    await user.clear(length);
    await user.type(length, '0');
    await user.clear(weight);
    await user.type(weight, '30001');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(length).toHaveAccessibleDescription(expect.stringContaining('At least 1 cm.'));
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('At most 30000 grams (30 kg).'));
    expect(saves(sent)).toEqual([]);
    await user.clear(length);
    await user.type(length, '35');
    await user.clear(height);
    await user.type(height, '8');
    await user.clear(weight);
    await user.type(weight, '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([
      expect.objectContaining({
        parcel_length_cm: 35,
        parcel_breadth_cm: 25,
        parcel_height_cm: 8,
        default_piece_weight_grams: 150,
      }),
    ]);
  });

  it('sets the prepaid discount: a percent up to 20 checked beside the field, an empty cap sent as none', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    expect(await screen.findByRole('group', { name: 'Prepaid discount' })).toBeInTheDocument();
    const percent = screen.getByLabelText('Discount for paying online');
    const cap = screen.getByLabelText('Most prepaid discount per order');
    expect((percent as HTMLInputElement).valueAsNumber).toBe(0);
    expect(cap).toHaveValue(null);
    expect(percent).toHaveAccessibleDescription(expect.stringContaining('never on cash on delivery'));
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(percent).toHaveAccessibleDescription(expect.stringContaining('At most 20 %.'));
    expect(saves(sent)).toEqual([]);
    await user.clear(percent);
    await user.type(percent, '5');
    await user.type(cap, '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent)).toEqual([expect.objectContaining({ prepaid_discount_percent: 5, prepaid_discount_max: 150 })]);
    await user.clear(cap);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(saves(sent)).toHaveLength(2));
    expect(saves(sent)[1]).toEqual(
      expect.objectContaining({ prepaid_discount_percent: 5, prepaid_discount_max: null }),
    );
  });

  it('sets the COD advance and whom it is asked of, with the server’s refusal beside the field', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => {
        const body = request.body as { cod_advance_amount: number };
        if (body.cod_advance_amount > 0 && body.cod_advance_amount < 1) {
          return json(400, {
            success: false,
            message: 'Invalid data.',
            errors: { cod_advance_amount: ['At least ₹1, as it is paid online; 0 for no advance.'] },
          });
        }
        return { success: true, data: { ...settings, ...(request.body as object) } };
      },
    });
    const { user } = renderRoute('/settings');
    const amount = await screen.findByLabelText('COD advance, paid online');
    const whom = screen.getByLabelText('Ask the COD advance of');
    expect(amount).toHaveValue(0);
    expect(whom).toHaveValue('none');
    expect(whom).toHaveAccessibleDescription(expect.stringContaining('a shopper’s first order'));

    await user.clear(amount);
    await user.type(amount, '0.5');
    await user.selectOptions(whom, 'A shopper’s first order');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByLabelText('COD advance, paid online')).toHaveAccessibleDescription(
      expect.stringContaining('At least ₹1, as it is paid online; 0 for no advance.'),
    );

    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves(sent).at(-1)).toMatchObject({ cod_advance_amount: 150, cod_advance_for: 'first_order' });
  });

  it('says beside the most order value when it is below the least, and does not save', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': (request) => ({ success: true, data: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const least = await screen.findByLabelText('Least order value for cash on delivery');
    const most = screen.getByLabelText('Most order value for cash on delivery');
    await user.clear(least);
    await user.type(least, '6000');

    expect(most).toHaveAccessibleDescription(expect.stringContaining('The most must be at least the least'));
    expect(most).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(saves(sent)).toEqual([]);

    await user.clear(most);
    await user.type(most, '6000');
    expect(most).not.toHaveAccessibleDescription(expect.stringContaining('The most must be'));
    expect(most).toBeValid();
  });

  it('names a typed PIN code that cannot be one, and shows the server’s refusal beside the PIN codes', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: settings },
      'GET states': states,
      'PATCH settings': () =>
        json(400, {
          success: false,
          message: 'Some settings are not valid.',
          errors: { 'cod_excluded_pins.1': ['A PIN code or its first digits, e.g. 744 or 194101.'] },
        }),
    });
    const { user } = renderRoute('/settings');
    const pins = await screen.findByLabelText('No cash on delivery to these PIN codes');
    await user.type(pins, ', 0744');
    expect(pins).toHaveAccessibleDescription(expect.stringContaining('“0744” is not a PIN code or its first digits'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(saves(sent)).toEqual([]);

    await user.clear(pins);
    await user.type(pins, '744');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some settings are not valid.');
    expect(pins).toHaveAccessibleDescription(expect.stringContaining('A PIN code or its first digits, e.g. 744'));
    expect(saves(sent)).toHaveLength(1);
  });
});
