import type { AdminWhatsAppTemplate } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const approved: AdminWhatsAppTemplate = {
  id: 5,
  name: 'cod_order_confirmation',
  language: 'hi',
  category: 'utility',
  kind: 'order_cod_confirm',
  body: 'नमस्ते {{1}}, कृपया अपने ऑर्डर {{2}} की पुष्टि करें।',
  examples: ['प्रिया', 'KP-10482'],
  buttons: [
    { type: 'quick_reply', text: 'ऑर्डर कन्फ़र्म करें', payload: 'cod_confirm' },
    { type: 'quick_reply', text: 'ऑर्डर रद्द करें', payload: 'cod_cancel' },
  ],
  status: 'approved',
  rejected_reason: null,
  meta_id: '900000000005',
  submitted_at: '2026-11-20T10:00:00.000Z',
  synced_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const rejected: AdminWhatsAppTemplate = {
  ...approved,
  id: 6,
  name: 'order_shipped_promo',
  language: 'en',
  kind: 'order_shipped',
  body: 'Hello {{1}}, shipped! Use code SAVE10.',
  examples: ['Priya'],
  buttons: [],
  status: 'rejected',
  rejected_reason: 'INCORRECT_CATEGORY',
};
const draft: AdminWhatsAppTemplate = {
  ...rejected,
  id: 7,
  name: 'order_paid_short',
  kind: 'order_paid',
  status: 'draft',
  rejected_reason: null,
  meta_id: null,
};

/** The settings as GET /settings answers them (the other sections need every field). */
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
  whatsapp_kinds: ['order_cod_confirm', 'order_shipped'],
  updated_at: '2026-11-20T10:00:00.000Z',
};

const list = (templates: AdminWhatsAppTemplate[]) => ({ success: true, data: { templates, mode: 'sandbox' } });
const posts = (sent: SentRequest[], path: string) => sent.filter((r) => r.method === 'POST' && r.path === path);

describe('WhatsApp templates (console)', () => {
  it('is under Shop, lists each template with its state, and previews it as a phone shows it', async () => {
    signIn();
    stubAdminApi({ 'GET whatsapp-templates': list([approved, rejected, draft]) });
    const { user } = renderRoute('/');
    const shop = (await screen.findByRole('heading', { name: 'Shop' })).closest('div') as HTMLElement;
    await user.click(within(shop).getByRole('link', { name: 'WhatsApp templates' }));

    const table = await screen.findByRole('table', { name: 'Templates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Approved')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Rejected')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('INCORRECT_CATEGORY')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText(/sandbox stands in for Meta/)).toBeInTheDocument();

    // Only a draft or a rejected one is changed, only a draft submitted.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /Change/ })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Submit/ })).toBeNull();

    await user.click(within(rows[0] as HTMLElement).getByText('Preview'));
    const phone = within(rows[0] as HTMLElement).getByRole('figure', { name: 'Preview on a phone' });
    expect(phone).toHaveTextContent('नमस्ते प्रिया, कृपया अपने ऑर्डर KP-10482 की पुष्टि करें।');
    expect(within(phone).getByRole('list', { name: 'Buttons' })).toHaveTextContent('ऑर्डर कन्फ़र्म करें');
  });

  it('writes a new template with its examples and buttons, previewed as typed, and shows a refusal beside the field', async () => {
    signIn();
    let answer: (request: SentRequest) => Response | object = () =>
      json(400, {
        success: false,
        message: 'Number the parameters {{1}}, {{2}}, … in order, each once: found {{2}}, {{1}}.',
        errors: { body: ['Number the parameters {{1}}, {{2}}, … in order, each once: found {{2}}, {{1}}.'] },
      });
    const { sent } = stubAdminApi({
      'GET whatsapp-templates': list([approved]),
      'POST whatsapp-templates': (request) => answer(request),
    });
    const { user } = renderRoute('/whatsapp-templates');
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const form = screen.getByRole('form', { name: 'Template' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'cod_confirm_short');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Sent for' }), 'order_cod_confirm');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Language' }), 'hi');
    await user.click(within(form).getByRole('textbox', { name: 'Message' }));
    await user.paste('नमस्ते {{2}}, ऑर्डर {{1}} की पुष्टि करें।');
    await user.type(within(form).getByRole('textbox', { name: 'Example for {{1}}' }), 'KP-1');
    await user.type(within(form).getByRole('textbox', { name: 'Example for {{2}}' }), 'आशा');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Buttons under the message' }), 'quick_reply');
    await user.type(within(form).getByRole('textbox', { name: 'Button 1' }), 'हाँ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What button 1 does' }), 'cod_confirm');
    await user.click(within(form).getByRole('button', { name: 'Add a button' }));
    await user.type(within(form).getByRole('textbox', { name: 'Button 2' }), 'नहीं');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What button 2 does' }), 'cod_cancel');

    const editor = form.parentElement as HTMLElement;
    const phone = within(editor).getByRole('figure', { name: 'Preview on a phone' });
    expect(phone).toHaveTextContent('नमस्ते आशा, ऑर्डर KP-1 की पुष्टि करें।');
    expect(
      within(phone)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['↩ हाँ', '↩ नहीं']);

    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    const message = within(form).getByRole('textbox', { name: 'Message' });
    expect(await screen.findByText(/found \{\{2\}\}, \{\{1\}\}/)).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining('found {{2}}, {{1}}'));
    expect(posts(sent, 'whatsapp-templates')[0]?.body).toEqual({
      name: 'cod_confirm_short',
      language: 'hi',
      category: 'utility',
      kind: 'order_cod_confirm',
      body: 'नमस्ते {{2}}, ऑर्डर {{1}} की पुष्टि करें।',
      examples: ['KP-1', 'आशा'],
      buttons: [
        { type: 'quick_reply', text: 'हाँ', payload: 'cod_confirm' },
        { type: 'quick_reply', text: 'नहीं', payload: 'cod_cancel' },
      ],
    });

    answer = () => ({ success: true, data: { ...draft, id: 9 } });
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('button', { name: 'New template' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Template' })).toBeNull();
  });

  it('submits a draft and syncs the states from Meta, saying what changed', async () => {
    signIn();
    let templates = [draft];
    const { sent } = stubAdminApi({
      'GET whatsapp-templates': () => list(templates),
      'POST whatsapp-templates/7/submit': () => {
        templates = [{ ...draft, status: 'pending', meta_id: '900000000007' }];
        return { success: true, data: templates[0] };
      },
      'POST whatsapp-templates/sync': () => {
        templates = [{ ...draft, status: 'approved', meta_id: '900000000007' }];
        return { success: true, data: { templates, mode: 'sandbox', updated: 1, unknown: ['old_promo (en)'] } };
      },
    });
    const { user } = renderRoute('/whatsapp-templates');
    await user.click(await screen.findByRole('button', { name: 'Submit order_paid_short (en)' }));
    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(posts(sent, 'whatsapp-templates/7/submit')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sync with Meta' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 state changed. Meta also holds old_promo (en), which the shop does not keep.',
    );
  });

  it("shows Meta's refusal of a submission", async () => {
    signIn();
    stubAdminApi({
      'GET whatsapp-templates': list([draft]),
      'POST whatsapp-templates/7/submit': () =>
        json(400, {
          success: false,
          message: 'Meta refused the template (100): Invalid parameter',
          code: 'WHATSAPP_REFUSED',
        }),
    });
    const { user } = renderRoute('/whatsapp-templates');
    await user.click(await screen.findByRole('button', { name: 'Submit order_paid_short (en)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Meta refused the template (100): Invalid parameter');
  });
});

describe('Settings → Messages on WhatsApp', () => {
  it('says what WhatsApp costs and saves the kinds switched on', async () => {
    signIn();
    const saved = settings;
    const { sent } = stubAdminApi({
      'GET settings': { success: true, data: saved },
      'GET states': page([]),
      'PATCH settings': (request) => ({ success: true, data: { ...saved, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/settings');
    const form = await screen.findByRole('form', { name: 'Messages on WhatsApp' });
    expect(screen.getByText(/Since 1 July 2025 Meta charges/)).toHaveTextContent(/about seven times more/);
    expect(within(form).getByRole('checkbox', { name: 'COD confirmation (Confirm / Cancel buttons)' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Cart reminder (marketing)' })).not.toBeChecked();
    // The cancellation of a COD order nobody confirmed has its own switch.
    expect(
      within(form).getByRole('checkbox', { name: 'COD order cancelled, not confirmed in time' }),
    ).not.toBeChecked();

    await user.click(within(form).getByRole('checkbox', { name: 'Order shipped, with the tracking link' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Back in stock (marketing)' }));
    await user.click(within(form).getByRole('button', { name: 'Save WhatsApp messages' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved');
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { whatsapp_kinds: ['order_cod_confirm', 'back_in_stock'] },
    ]);
  });
});
