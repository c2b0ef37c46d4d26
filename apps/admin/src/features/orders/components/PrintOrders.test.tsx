import type { AdminOrder, AdminShipment } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The parcel the sandbox booked for an order. */
const parcel: AdminShipment = {
  awb: '141126263544287',
  courier_name: 'Xpressbees Surface',
  tracking_url: 'https://shiprocket.co/tracking/141126263544287',
  label_url: 'https://kapaas.test/sandbox/shiprocket/labels/700000003.pdf',
  status: 'booked',
  attempts: 0,
  last_reason: null,
  etd: null,
  booked_at: '2026-11-28T02:15:00.000Z',
};

const packed: AdminOrder = { ...paidOrder, id: 42, status: 'packed', next_statuses: ['shipped'] };
const shipped: AdminOrder = { ...paidOrder, id: 43, status: 'shipped', next_statuses: ['delivered'], shipment: parcel };
const unpaid: AdminOrder = { ...paidOrder, id: 44, status: 'pending_payment', paid_at: null, next_statuses: [] };

const PDF = '%PDF-1.7 labels and slips';

/** An admin API listing the three orders; the batch print answers a PDF, or `refusal`. */
function printApi(refusal?: { status: number; message: string }) {
  return stubAdminApi({
    'GET orders': page([packed, shipped, unpaid]),
    'POST orders/print.pdf': () =>
      refusal
        ? json(refusal.status, { success: false, message: refusal.message })
        : new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
  });
}

const prints = (sent: SentRequest[]) => sent.filter((request) => request.path === 'orders/print.pdf');
const box = (orderId: number) => screen.queryByRole('checkbox', { name: `Choose order #${orderId} to print` });

describe('printing labels and slips from the orders list', () => {
  it('chooses orders to pack or on their way, and prints them as one PDF, in the order chosen', async () => {
    signIn();
    const { sent } = printApi();
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders?status=');
    await screen.findByRole('link', { name: '#42' });
    const bar = screen.getByRole('region', { name: 'Print labels and packing slips' });
    expect(bar).toHaveTextContent('Choose orders to print their labels and slips.');
    // An unpaid order has nothing to pack: no box.
    expect(box(44)).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Print labels and slips' })).toBeNull();

    await user.click(box(43) as HTMLElement);
    await user.click(box(42) as HTMLElement);
    expect(bar).toHaveTextContent('2 orders chosen');
    await user.click(within(bar).getByRole('button', { name: 'Print labels and slips' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^kapaas-labels-and-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(await downloads.files[0]?.text()).toBe(PDF);
    expect(prints(sent).map((request) => [request.method, request.body, request.authorization])).toEqual([
      ['POST', { order_ids: [43, 42] }, 'Bearer test-token'],
    ]);
  });

  it("chooses the page's orders at once, and clears the choice", async () => {
    signIn();
    printApi();
    const { user } = renderRoute('/orders?status=');
    await screen.findByRole('link', { name: '#42' });
    const bar = screen.getByRole('region', { name: 'Print labels and packing slips' });
    await user.click(within(bar).getByRole('button', { name: "Choose this page's orders" }));
    expect(box(42)).toBeChecked();
    expect(box(43)).toBeChecked();
    expect(bar).toHaveTextContent('2 orders chosen');
    expect(within(bar).queryByRole('button', { name: "Choose this page's orders" })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Clear the choice' }));
    expect(box(42)).not.toBeChecked();
    expect(bar).toHaveTextContent('Choose orders to print their labels and slips.');
  });

  it("says the shop's refusal in its words and downloads nothing", async () => {
    signIn();
    const message = 'The courier could not be reached for the label of order #43. Try again in a moment.';
    printApi({ status: 502, message });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders?status=');
    await user.click((await screen.findByRole('checkbox', { name: 'Choose order #43 to print' })) as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Print labels and slips' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(downloads.names).toEqual([]);
  });
});

describe("an order's label on its page", () => {
  it('downloads the courier label of an order shipped with the courier as a PDF', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET orders/43': { success: true, data: shipped },
      'GET orders/43/label.pdf': () => new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders/43');
    const panel = (await screen.findByRole('heading', { name: 'Shipment' })).parentElement as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Label (PDF)' }));
    await waitFor(() => expect(downloads.names).toEqual(['kapaas-label-43.pdf']));
    expect(await downloads.files[0]?.text()).toBe(PDF);
    expect(sent.find((request) => request.path === 'orders/43/label.pdf')?.authorization).toBe('Bearer test-token');
  });

  it('offers no label for an order shipped by hand', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: { ...packed, status: 'shipped', shipment: null } } });
    renderRoute('/orders/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByRole('button', { name: 'Label (PDF)' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
  });
});
