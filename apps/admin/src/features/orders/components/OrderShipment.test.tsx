import type { AdminOrder, AdminShipment } from '@kapaas/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { SHIPMENT_STATUS } from './ShipmentPanel';

const packedOrder: AdminOrder = { ...paidOrder, status: 'packed', next_statuses: ['shipped'] };

/** The parcel the sandbox books for order #42. */
const booked: AdminShipment = {
  awb: 'SR1234567890',
  courier_name: 'Delhivery Surface',
  tracking_url: 'https://shiprocket.co/tracking/SR1234567890',
  label_url: 'https://kapaas.test/sandbox/shiprocket/labels/SR1234567890.pdf',
  status: 'booked',
  attempts: 0,
  last_reason: null,
  etd: '2026-11-30T12:00:00.000Z',
  booked_at: '2026-11-26T10:00:00.000Z',
};

/**
 * An admin API holding one packed order that "Ship with courier" books once, as the server does: a second call answers
 * the same parcel; `refusal` makes the courier refuse instead, and the order stays packed.
 */
function courierApi(refusal?: { status: number; message: string }) {
  let order = packedOrder;
  const api = stubAdminApi({
    'GET orders/42': () => ({ success: true, data: order }),
    'GET orders': () => ({ success: true, data: [order], page: 1, per_page: 20, total: 1 }),
    'POST orders/42/shipment': () => {
      if (refusal) return json(refusal.status, { success: false, message: refusal.message });
      order = { ...order, status: 'shipped', next_statuses: ['delivered'], shipment: booked };
      return { success: true, data: booked };
    },
  });
  return api;
}

const shipmentCalls = (sent: SentRequest[]) => sent.filter((request) => request.path === 'orders/42/shipment');
const nextStep = async () => (await screen.findByRole('heading', { name: 'Next step' })).parentElement as HTMLElement;
const panel = async () => (await screen.findByRole('heading', { name: 'Shipment' })).parentElement as HTMLElement;

describe('shipping with the courier', () => {
  it('offers a packed order "Ship with courier" beside "Mark shipped", books it once and shows the parcel', async () => {
    signIn();
    const { sent, fetchMock } = courierApi();
    // The courier answers only when the test lets it, so the page can be seen while it books.
    let answer = () => {};
    const courierAnswers = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/shipment')) await courierAnswers;
      return fetchMock(input, init);
    });
    const { user } = renderRoute('/orders/42');
    const next = await nextStep();
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark shipped', 'Ship with courier']);
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();

    const ship = within(next).getByRole('button', { name: 'Ship with courier' });
    await user.click(ship);
    expect(await within(next).findByRole('status')).toHaveTextContent('Booking the courier…');
    expect(ship).toBeDisabled();
    expect(within(next).getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    await user.click(ship);
    answer();

    expect(
      await screen.findByText('Order #42 is shipped with Delhivery Surface: AWB SR1234567890.'),
    ).toBeInTheDocument();
    expect(shipmentCalls(sent)).toHaveLength(1);
    // The order is shown as the server has it now: shipped, with its parcel.
    expect(await within(next).findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: 'Ship with courier' })).toBeNull();
    const shipment = await panel();
    expect(within(shipment).getByText('Delhivery Surface')).toBeInTheDocument();
    expect(within(shipment).getByText('SR1234567890')).toBeInTheDocument();
    expect(within(shipment).getByText('Booked: waiting for pickup')).toBeInTheDocument();
  });

  it.each([
    [409, 'The courier cannot deliver to PIN code 682001.'],
    [502, 'The courier could not be reached. Try again in a few minutes.'],
  ])('shows the server’s refusal (%i) and leaves the order packed', async (status, message) => {
    signIn();
    const { sent } = courierApi({ status, message });
    const { user } = renderRoute('/orders/42');
    const next = await nextStep();
    await user.click(within(next).getByRole('button', { name: 'Ship with courier' }));
    expect(await within(next).findByRole('alert')).toHaveTextContent(message);
    expect(shipmentCalls(sent)).toHaveLength(1);
    expect(within(next).getByRole('button', { name: 'Ship with courier' })).toBeEnabled();
    expect(within(next).getByRole('button', { name: 'Mark shipped' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
  });

  it('offers no courier before the order is packed', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    const next = await nextStep();
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark packed', 'Cancel order']);
  });
});

describe('shipping with the courier from the order list', () => {
  const row = async () => (await screen.findByRole('link', { name: '#42' })).closest('tr') as HTMLElement;

  it('offers a packed order’s row "Ship with courier" beside "Mark shipped", and says the AWB once booked', async () => {
    signIn();
    const { sent } = courierApi();
    const { user } = renderRoute('/orders?status=');
    const packed = await row();
    await user.click(within(packed).getByRole('button', { name: 'Actions for order #42' }));
    expect(await within(packed).findByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    await user.click(within(packed).getByRole('button', { name: 'Ship with courier' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order #42 is shipped with Delhivery Surface: AWB SR1234567890.',
    );
    expect(shipmentCalls(sent).map((request) => request.method)).toEqual(['POST']);
    await user.click(within(packed).getByRole('button', { name: 'Actions for order #42' }));
    expect(await within(packed).findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(within(packed).queryByRole('button', { name: 'Ship with courier' })).toBeNull();
  });

  it('shows the courier’s refusal above the list, and the order stays packed', async () => {
    signIn();
    const { sent } = courierApi({ status: 409, message: 'The courier cannot deliver to PIN code 682001.' });
    const { user } = renderRoute('/orders?status=');
    const packed = await row();
    await user.click(within(packed).getByRole('button', { name: 'Actions for order #42' }));
    await user.click(await within(packed).findByRole('button', { name: 'Ship with courier' }));
    expect(await screen.findByText('The courier cannot deliver to PIN code 682001.')).toBeInTheDocument();
    expect(shipmentCalls(sent)).toHaveLength(1);
    await user.click(within(packed).getByRole('button', { name: 'Actions for order #42' }));
    expect(await within(packed).findByRole('button', { name: 'Ship with courier' })).toBeInTheDocument();
  });

  it('offers no courier in the row of an order not yet packed', async () => {
    signIn();
    stubAdminApi({
      'GET orders': { success: true, data: [paidOrder], page: 1, per_page: 20, total: 1 },
      'GET orders/42': { success: true, data: paidOrder },
    });
    const { user } = renderRoute('/orders?status=');
    const paid = await row();
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    expect(await within(paid).findByRole('button', { name: 'Mark packed' })).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Ship with courier' })).toBeNull();
  });
});

describe('the Shipment panel', () => {
  const shippedWith = (shipment: Partial<AdminShipment>): AdminOrder => ({
    ...packedOrder,
    status: 'shipped',
    next_statuses: ['delivered'],
    shipment: { ...booked, ...shipment },
  });

  it('gives the courier, the AWB, a failed attempt in words, the expected date, the tracking link and the label', async () => {
    signIn();
    stubAdminApi({
      'GET orders/42': {
        success: true,
        data: shippedWith({ status: 'undelivered', attempts: 2, last_reason: 'Customer not available' }),
      },
    });
    renderRoute('/orders/42');
    const shipment = await panel();
    expect(within(shipment).getByText('Courier').nextElementSibling).toHaveTextContent('Delhivery Surface');
    expect(within(shipment).getByText('AWB').nextElementSibling).toHaveTextContent('SR1234567890');
    expect(within(shipment).getByText('Status').nextElementSibling).toHaveTextContent(
      'Undelivered: 2 failed attempts. The courier says: “Customer not available”',
    );
    expect(within(shipment).getByText('Expected delivery').nextElementSibling).toHaveTextContent('30 Nov 2026');
    const track = within(shipment).getByRole('link', { name: /Track/ });
    expect(track).toHaveAttribute('href', booked.tracking_url);
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    // The label comes through the shop (GET /orders/42/label.pdf), which asks the courier for it: a download.
    expect(within(shipment).getByRole('button', { name: 'Label (PDF)' })).toBeInTheDocument();
    expect(within(shipment).queryByRole('link', { name: /Label/ })).toBeNull();
  });

  it.each([
    ['booked', 'Booked: waiting for pickup'],
    ['picked_up', 'Picked up'],
    ['in_transit', 'In transit'],
    ['out_for_delivery', 'Out for delivery'],
    ['delivered', 'Delivered'],
    ['rto_initiated', 'Being sent back to the shop'],
    ['rto_delivered', 'Back at the shop'],
    ['cancelled', 'Cancelled'],
    ['lost', 'Lost by the courier'],
  ] as const)('says %s as “%s”', async (status, words) => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: shippedWith({ status }) } });
    renderRoute('/orders/42');
    expect(within(await panel()).getByText('Status').nextElementSibling).toHaveTextContent(new RegExp(`^${words}$`));
  });

  it('gives the expected date only while the parcel is on its way to the shopper', async () => {
    signIn();
    let order = shippedWith({ status: 'out_for_delivery' });
    stubAdminApi({ 'GET orders/42': () => ({ success: true, data: order }) });
    renderRoute('/orders/42');
    expect(within(await panel()).getByText('Expected delivery')).toBeInTheDocument();
    cleanup();
    for (const status of ['delivered', 'rto_initiated', 'rto_delivered', 'cancelled', 'lost'] as const) {
      order = shippedWith({ status });
      renderRoute('/orders/42');
      const shipment = await panel();
      expect(within(shipment).getByText('Status').nextElementSibling).toHaveTextContent(SHIPMENT_STATUS[status]);
      expect(within(shipment).queryByText('Expected delivery'), status).toBeNull();
      cleanup();
    }
  });

  it('says one failed attempt without a reason, and leaves out what the courier did not give', async () => {
    signIn();
    const bare = { courier_name: null, tracking_url: null, label_url: null, etd: null };
    stubAdminApi({
      'GET orders/42': { success: true, data: shippedWith({ ...bare, status: 'undelivered', attempts: 1 }) },
    });
    renderRoute('/orders/42');
    const shipment = await panel();
    expect(within(shipment).getByText('Status').nextElementSibling).toHaveTextContent(
      /^Undelivered: 1 failed attempt\.$/,
    );
    expect(within(shipment).getByText('Courier').nextElementSibling).toHaveTextContent('Not named yet');
    expect(within(shipment).queryByText('Expected delivery')).toBeNull();
    expect(within(shipment).queryByRole('link')).toBeNull();
  });
});
