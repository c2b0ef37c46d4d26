import type { AdminReturn } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** An approved return of one piece, waiting for its parcel, with no courier pickup yet. */
const approved: AdminReturn = {
  id: 31,
  order_id: 501,
  status: 'approved',
  customer: 'Asha Menon',
  email: 'asha@example.in',
  payment_method: 'online',
  pieces: 1,
  has_exchange: false,
  has_return: true,
  refund_amount: 959,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  lines: [
    {
      product_id: 2,
      product_name: 'Muslin Romper',
      product_image: '/media/romper.jpg',
      size_id: 3,
      size: '3-6M',
      quantity: 1,
      kind: 'return',
      new_size_id: null,
      new_size: null,
      reason: 'too_small',
      note: null,
      amount: 959,
    },
  ],
  photos: [],
  decision_message: null,
  refund: null,
  exchange_shipment: null,
  pickup: null,
  actions: ['receive'],
  history: [
    { status: 'requested', note: null, customer_note: null, at: '2026-11-27T09:00:00.000Z' },
    { status: 'approved', note: 'Approved by owner@kapaas.in.', customer_note: null, at: '2026-11-27T10:00:00.000Z' },
  ],
};

const pickup: NonNullable<AdminReturn['pickup']> = {
  awb: '19041234567890',
  courier_name: 'Delhivery Surface',
  tracking_url: 'https://shiprocket.co/tracking/19041234567890',
  status: 'booked',
  booked_at: '2026-11-28T10:00:00.000Z',
};

const nextStep = async () => (await screen.findByRole('heading', { name: 'Next step' })).parentElement as HTMLElement;
const pickupCard = async () =>
  (await screen.findByRole('heading', { name: 'Courier pickup' })).parentElement as HTMLElement;

describe('the courier pickup of a return, in the console', () => {
  it('books it in one click on an approved return, then shows the courier, the AWB, the status and Track', async () => {
    signIn();
    // The server's return: without a pickup until one is booked, with it after.
    let current = approved;
    const { sent } = stubAdminApi({
      'GET returns/31': () => ({ success: true, data: current }),
      'POST returns/31/pickup': () => {
        current = { ...approved, pickup };
        return { success: true, data: current };
      },
    });
    const { user } = renderRoute('/returns/31');
    const next = await nextStep();
    expect(within(next).getByText(/the courier fetches the parcel from the customer/i)).toBeInTheDocument();
    await user.click(within(next).getByRole('button', { name: 'Book pickup' }));

    expect(
      await screen.findByText('Pickup booked with Delhivery Surface: AWB 19041234567890. The customer is told.'),
    ).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: 'Book pickup' })).toBeNull();
    expect(within(next).getByRole('button', { name: 'Mark received' })).toBeInTheDocument();
    const card = await pickupCard();
    expect(card).toHaveTextContent('CourierDelhivery Surface');
    expect(card).toHaveTextContent('AWB19041234567890');
    expect(card).toHaveTextContent('StatusBooked: waiting for the courier');
    const track = within(card).getByRole('link', { name: /Track/ });
    expect(track).toHaveAttribute('href', pickup.tracking_url);
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      'returns/31/pickup',
    ]);
  });

  it('shows the courier’s refusal in words, and the button stays to try again', async () => {
    signIn();
    stubAdminApi({
      'GET returns/31': { success: true, data: approved },
      'POST returns/31/pickup': () =>
        json(409, {
          success: false,
          code: 'COURIER_REFUSED',
          message: 'The courier refused: Reverse pickup is not serviceable for the pincode 791111',
        }),
    });
    const { user } = renderRoute('/returns/31');
    const next = await nextStep();
    await user.click(within(next).getByRole('button', { name: 'Book pickup' }));
    expect(await within(next).findByRole('alert')).toHaveTextContent(
      'The courier refused: Reverse pickup is not serviceable for the pincode 791111',
    );
    expect(within(next).getByRole('button', { name: 'Book pickup' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Courier pickup' })).toBeNull();
  });

  it('says when the parcel is back at the shop, and offers no pickup once the return is no longer approved', async () => {
    signIn();
    stubAdminApi({
      'GET returns/31': {
        success: true,
        data: { ...approved, status: 'received', actions: ['refund'], pickup: { ...pickup, status: 'delivered' } },
      },
    });
    renderRoute('/returns/31');
    const card = await pickupCard();
    expect(card).toHaveTextContent('StatusBack at the shop');
    expect(within(await nextStep()).queryByRole('button', { name: 'Book pickup' })).toBeNull();
  });
});
