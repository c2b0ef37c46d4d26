import type { AdminOrder, CreditNote, OrderInvoice } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const invoiced: AdminOrder = { ...paidOrder, invoice_number: 'KPS/26-27/000012' };

/** ₹549 paid for a 5 % piece, shipped from Maharashtra to Kerala: IGST = round(549 × 5 / 105) = ₹26.14. */
const invoice: OrderInvoice = {
  order_id: 42,
  invoice_number: 'KPS/26-27/000012',
  invoice_date: '2026-11-20',
  supplier: {
    legal_name: 'Kapaas Textiles LLP',
    gstin: '27AAPFU0939F1ZV',
    address: '12 Mill Road\nPune 411001',
    state_name: 'Maharashtra',
    state_code: '27',
    signatory: 'Meera Iyer',
  },
  buyer: {
    name: 'Asha Menon',
    address: '14 Lake View Road',
    city: 'Kochi',
    pin_code: '682001',
    state_name: 'Kerala',
    state_code: '32',
  },
  place_of_supply: { state_name: 'Kerala', state_code: '32' },
  reverse_charge: false,
  lines: [
    {
      kind: 'goods',
      description: 'Mulmul Jhabla (0-3M)',
      hsn: '6111',
      quantity: 1,
      unit: 'PCS',
      rate: 5,
      taxable_value: 522.86,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 26.14,
      total: 549,
    },
  ],
  totals: { taxable_value: 522.86, cgst: 0, sgst: 0, utgst: 0, igst: 26.14, grand_total: 549 },
  coupon_discount: 0,
  prepaid_discount: 0,
  amount_in_words: 'Rupees Five Hundred Forty-Nine Only',
  credit_notes: [],
};

/** A refund of ₹100 reverses IGST of round(100 × 5 / 105) = ₹4.76. */
const creditNote: CreditNote = {
  id: 3,
  credit_note_number: 'KPSC/26-27/000001',
  date: '2026-11-22',
  invoice_number: invoice.invoice_number,
  invoice_date: invoice.invoice_date,
  reason: 'Button missing',
  lines: [{ ...invoice.lines[0], taxable_value: 95.24, igst: 4.76, total: 100 } as CreditNote['lines'][number]],
  totals: { taxable_value: 95.24, cgst: 0, sgst: 0, utgst: 0, igst: 4.76, grand_total: 100 },
  amount_in_words: 'Rupees One Hundred Only',
};

const invoiceRequests = (sent: SentRequest[]) => sent.filter((request) => request.path === 'orders/42/invoice');

describe('the invoice on the order page', () => {
  it('tells the coupon and prepaid discounts the lines already carry, before tax', async () => {
    signIn();
    stubAdminApi({
      'GET orders/42': { success: true, data: invoiced },
      'GET orders/42/invoice': { success: true, data: { ...invoice, coupon_discount: 100, prepaid_discount: 45 } },
    });
    renderRoute('/orders/42');
    const panel = (await screen.findByRole('heading', { name: 'Invoice' })).parentElement as HTMLElement;
    expect(
      await within(panel).findByText(
        "Coupon discount: ₹100; Prepaid discount (paid online): ₹45, taken off the goods' values above, before tax.",
      ),
    ).toBeInTheDocument();
  });

  it('shows the invoice’s number, date, place of supply, lines and totals, and downloads its PDF', async () => {
    signIn();
    const pdf = '%PDF-1.7 invoice';
    const { sent } = stubAdminApi({
      'GET orders/42': { success: true, data: invoiced },
      'GET orders/42/invoice': { success: true, data: invoice },
      'GET orders/42/invoice.pdf': () => new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders/42');

    const panel = (await screen.findByRole('heading', { name: 'Invoice' })).parentElement as HTMLElement;
    expect(await within(panel).findByText('KPS/26-27/000012')).toBeInTheDocument();
    expect(panel).toHaveTextContent('20 Nov 2026');
    expect(panel).toHaveTextContent('Place of supply: Kerala (32)');
    // On a phone the lines scroll sideways in a named box the keyboard reaches (axe: scrollable-region-focusable).
    const lines = within(panel).getByRole('region', { name: 'Invoice lines' });
    expect(lines).toHaveAttribute('tabindex', '0');
    const row = within(lines).getByRole('row', { name: /Mulmul Jhabla/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Mulmul Jhabla (0-3M)', '6111', '1 PCS', '₹522.86', '5 %', '₹26.14']);
    expect(panel).toHaveTextContent('IGST₹26.14');
    expect(panel).not.toHaveTextContent('CGST');
    expect(panel).toHaveTextContent('Invoice total₹549');

    await user.click(within(panel).getByRole('button', { name: 'Download invoice (PDF)' }));
    await waitFor(() => expect(downloads.names).toEqual(['KPS-26-27-000012.pdf']));
    expect(await downloads.files[0]?.text()).toBe(pdf);
    expect(sent.find((request) => request.path === 'orders/42/invoice.pdf')?.authorization).toBe('Bearer test-token');
  });

  it('is not asked for while the order has no invoice', async () => {
    signIn();
    const { sent } = stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    await screen.findByRole('heading', { name: 'Next step' });
    expect(screen.queryByRole('heading', { name: 'Invoice' })).toBeNull();
    expect(invoiceRequests(sent)).toEqual([]);
  });

  it('fetches the invoice again after a refund, and lists the credit note it issued with its PDF', async () => {
    signIn();
    let order = invoiced;
    let notes: CreditNote[] = [];
    const { sent } = stubAdminApi({
      'GET orders/42': () => ({ success: true, data: order }),
      'GET orders/42/invoice': () => ({ success: true, data: { ...invoice, credit_notes: notes } }),
      'POST orders/42/refund': () => {
        order = { ...order, refunded: 100 };
        notes = [creditNote];
        return { success: true, data: order };
      },
      'GET orders/42/credit_notes/3.pdf': () => new Response('%PDF-1.7 credit note'),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders/42');
    const panel = (await screen.findByRole('heading', { name: 'Invoice' })).parentElement as HTMLElement;
    await within(panel).findByText('KPS/26-27/000012');
    expect(within(panel).queryByRole('heading', { name: 'Credit notes' })).toBeNull();

    await user.type(screen.getByLabelText('Amount to refund'), '100');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, refund' }));

    const note = await within(panel).findByRole('row', { name: /KPSC\/26-27\/000001/ });
    expect(
      within(note)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['KPSC/26-27/000001', '22 Nov 2026', 'Button missing', '₹100']);
    expect(invoiceRequests(sent).length).toBeGreaterThanOrEqual(2);

    await user.click(within(note).getByRole('button', { name: 'Download KPSC/26-27/000001 (PDF)' }));
    await waitFor(() => expect(downloads.names).toEqual(['KPSC-26-27-000001.pdf']));
  });
});
