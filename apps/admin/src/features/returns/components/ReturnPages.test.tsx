import type { AdminReturn, AdminReturnSummary } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** A return's photo: private, so the console fetches it with the token (an <img> could not send it). */
const PHOTO = 'return-photos/0123456789abcdef01234567-800.webp';

const requested: AdminReturn = {
  id: 31,
  order_id: 501,
  status: 'requested',
  customer: 'Asha Menon',
  email: 'asha@example.in',
  payment_method: 'online',
  pieces: 2,
  has_exchange: true,
  has_return: true,
  refund_amount: 959,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
  lines: [
    {
      product_id: 7,
      product_name: 'Kurta Set',
      product_image: '/media/kurta.jpg',
      size_id: 12,
      size: '2-3Y',
      quantity: 1,
      kind: 'exchange',
      new_size_id: 13,
      new_size: '3-4Y',
      reason: 'too_small',
      note: 'She grew fast.',
      amount: 899,
    },
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
      reason: 'damaged',
      note: null,
      amount: 959,
    },
  ],
  photos: [`/admin/api/${PHOTO}`],
  decision_message: null,
  refund: null,
  exchange_shipment: null,
  pickup: null,
  actions: ['approve', 'reject'],
  history: [{ status: 'requested', note: null, customer_note: null, at: '2026-11-27T09:00:00.000Z' }],
};

/** The moves of product.md's return lifecycle, as the server allows them, for the fake API. */
function nextActions(ret: AdminReturn): AdminReturn['actions'] {
  if (ret.status === 'requested') return ['approve', 'reject'];
  if (ret.status === 'approved') return ['receive'];
  const left: AdminReturn['actions'] = [];
  if (ret.has_return && ret.refund === null) left.push('refund');
  if (ret.has_exchange && ret.exchange_shipment === null) left.push('ship_exchange');
  return ret.status === 'rejected' || ret.status === 'completed' ? [] : left;
}

/** An admin API holding one return that moves as the console asks, refusing moves its actions do not list. */
function returnApi(start: AdminReturn) {
  let ret = start;
  const at = '2026-11-28T10:00:00.000Z';
  const move =
    (action: AdminReturn['actions'][number], change: (body: Record<string, string>) => Partial<AdminReturn>) =>
    (request: SentRequest) => {
      if (!ret.actions.includes(action)) {
        return json(409, {
          success: false,
          code: 'ILLEGAL_RETURN_MOVE',
          message: `A ${ret.status} return cannot do that.`,
        });
      }
      const body = request.body as Record<string, string>;
      const changed = { ...ret, ...change(body) };
      const history = [...ret.history, { status: changed.status, note: null, customer_note: body.message ?? null, at }];
      ret = { ...changed, history };
      ret = { ...ret, actions: nextActions(ret) };
      if (ret.actions.length === 0 && ret.status !== 'rejected') ret = { ...ret, status: 'completed' };
      return { success: true, data: ret };
    };
  return stubAdminApi({
    'GET returns/31': () => ({ success: true, data: ret }),
    [`GET ${PHOTO}`]: () => new Response('RIFF....WEBP', { headers: { 'Content-Type': 'image/webp' } }),
    'POST returns/31/approve': move('approve', (body) => ({
      status: 'approved',
      decision_message: body.message ?? null,
    })),
    'POST returns/31/reject': move('reject', (body) => ({
      status: 'rejected',
      decision_message: body.message ?? null,
    })),
    'POST returns/31/receive': move('receive', () => ({ status: 'received' })),
    'POST returns/31/refund': move('refund', (body) => ({
      status: 'refunded',
      refund: {
        amount: ret.refund_amount,
        method: (body.method as 'bank' | 'upi' | undefined) ?? 'provider',
        reference: body.reference ?? null,
        provider_refund_id: body.method ? null : 'rfnd_1',
        at,
      },
    })),
    'POST returns/31/ship-exchange': move('ship_exchange', (body) => ({
      status: 'exchange_shipped',
      exchange_shipment: { tracking_note: body.tracking_note ?? '', at },
    })),
  });
}

const nextStep = async () => (await screen.findByRole('heading', { name: 'Next step' })).parentElement as HTMLElement;
const buttons = (within_: HTMLElement) =>
  within(within_)
    .getAllByRole('button')
    .map((button) => button.textContent);
const posts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

describe('the console’s return page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the order, the customer, the pieces, the photos and the history', async () => {
    signIn();
    const { sent } = returnApi(requested);
    const shown: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      shown.push(blob as Blob);
      return 'blob:photo-1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderRoute('/returns/31');

    expect(await screen.findByRole('heading', { name: 'Return #31' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'order #501' })).toHaveAttribute('href', '/orders/501');
    expect(screen.getByText('Asha Menon')).toBeInTheDocument();
    const pieces = (screen.getByRole('heading', { name: 'Pieces' }).parentElement as HTMLElement).querySelector(
      'table',
    ) as HTMLTableElement;
    const rows = within(pieces).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Kurta SetExchange 2-3Y → 3-4Y1Too small“She grew fast.”₹899',
      'Muslin RomperReturn 3-6M1Damaged or faulty₹959',
    ]);
    expect(await screen.findByRole('img', { name: "Customer's attachment 1" })).toHaveAttribute('src', 'blob:photo-1');
    expect(sent.find((request) => request.path === PHOTO)?.authorization).toBe('Bearer test-token');
    expect(await shown[0]?.text()).toBe('RIFF....WEBP');
    expect(screen.getByText('Requested: to decide', { selector: 'strong' })).toBeInTheDocument();
  });

  it('offers a new request Approve and Reject; a rejection needs a message and sends it', async () => {
    signIn();
    const { sent } = returnApi(requested);
    const { user } = renderRoute('/returns/31');
    const next = await nextStep();
    expect(buttons(next)).toEqual(['Approve', 'Reject']);

    await user.click(within(next).getByRole('button', { name: 'Reject' }));
    const message = within(next).getByRole('textbox', { name: 'Message for the customer' });
    expect(message).toHaveAccessibleDescription(/Tell the shopper why\./);
    expect(posts(sent)).toEqual([]);

    await user.type(message, 'The piece has been worn and washed.');
    await user.click(within(next).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/^Return #31 is now rejected\./)).toBeInTheDocument();
    expect(screen.getByText('Nothing is left to do for this return.')).toBeInTheDocument();
    expect(posts(sent)).toEqual([['returns/31/reject', { message: 'The piece has been worn and washed.' }]]);
  });

  it('walks an online order’s return: approve, receive, refund to the card after confirming, ship the exchange', async () => {
    signIn();
    const { sent } = returnApi(requested);
    const { user } = renderRoute('/returns/31');
    let next = await nextStep();
    await user.click(within(next).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/^Return #31 is now approved: awaiting parcel\./)).toBeInTheDocument();

    next = await nextStep();
    expect(buttons(next)).toEqual(['Book pickup', 'Mark received']);
    await user.click(within(next).getByRole('button', { name: 'Mark received' }));
    expect(
      await screen.findByText(/^Return #31 is now received: to settle\. Its pieces are back in stock\./),
    ).toBeInTheDocument();

    expect(buttons(next)).toEqual(['Refund ₹959 to the card/UPI used', 'Ship exchange']);
    await user.click(within(next).getByRole('button', { name: 'Refund ₹959 to the card/UPI used' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹959 for return #31?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText(/^₹959 refunded to the card or UPI the customer paid with\./)).toBeInTheDocument();

    // The tracking note is required.
    await user.click(within(next).getByRole('button', { name: 'Ship exchange' }));
    const note = within(next).getByRole('textbox', { name: 'Tracking note' });
    expect(note).toHaveAccessibleDescription(/Enter the courier and tracking number\./);
    await user.type(note, 'DTDC D1234567');
    await user.click(within(next).getByRole('button', { name: 'Ship exchange' }));
    expect(await screen.findByText(/^Return #31 is now completed\./)).toBeInTheDocument();

    expect(posts(sent)).toEqual([
      ['returns/31/approve', {}],
      ['returns/31/receive', {}],
      ['returns/31/refund', { idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/) }],
      ['returns/31/ship-exchange', { tracking_note: 'DTDC D1234567' }],
    ]);
  });

  it('records a cash-on-delivery refund by bank transfer or UPI with its reference', async () => {
    signIn();
    const { sent } = returnApi({
      ...requested,
      payment_method: 'cod',
      status: 'received',
      has_exchange: false,
      lines: requested.lines.slice(1),
      actions: ['refund'],
    });
    const { user } = renderRoute('/returns/31');
    const next = await nextStep();
    expect(within(next).queryByRole('button', { name: /to the card\/UPI used/ })).toBeNull();
    await user.click(within(next).getByRole('button', { name: 'Record refund of ₹959' }));
    expect(await within(next).findByText('Choose how you paid.')).toBeInTheDocument();
    expect(within(next).getByRole('textbox', { name: 'Transfer reference' })).toHaveAccessibleDescription(
      'Enter the transfer reference.',
    );

    await user.click(within(next).getByRole('radio', { name: 'UPI' }));
    await user.type(within(next).getByRole('textbox', { name: 'Transfer reference' }), 'UTR 4455');
    await user.click(within(next).getByRole('button', { name: 'Record refund of ₹959' }));
    expect(await screen.findByText(/^₹959 recorded as paid back\./)).toBeInTheDocument();
    expect(posts(sent)).toEqual([['returns/31/refund', { method: 'upi', reference: 'UTR 4455' }]]);
  });

  it('shows plainly a move the server refuses, and the payment provider’s refusal in the dialog', async () => {
    signIn();
    stubAdminApi({
      'GET returns/31': { success: true, data: { ...requested, status: 'received', actions: ['refund', 'receive'] } },
      'POST returns/31/receive': () =>
        json(409, { success: false, code: 'ILLEGAL_RETURN_MOVE', message: 'This return was received already.' }),
      'POST returns/31/refund': () =>
        json(502, { success: false, message: 'The payment provider refused the refund: the payment is too old.' }),
    });
    const { user } = renderRoute('/returns/31');
    const next = await nextStep();
    await user.click(within(next).getByRole('button', { name: 'Mark received' }));
    expect(await within(next).findByRole('alert')).toHaveTextContent('This return was received already.');

    await user.click(within(next).getByRole('button', { name: 'Refund ₹959 to the card/UPI used' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹959 for return #31?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider refused the refund: the payment is too old.',
    );
  });
});

describe('the console’s returns list', () => {
  const summary: AdminReturnSummary = {
    id: 31,
    order_id: 501,
    status: 'requested',
    customer: 'Asha Menon',
    email: 'asha@example.in',
    payment_method: 'cod',
    pieces: 2,
    has_exchange: true,
    has_return: true,
    refund_amount: 959,
    created_at: '2026-11-27T09:00:00.000Z',
    updated_at: '2026-11-27T09:00:00.000Z',
  };

  it('is in the navigation, lists returns and filters them by status and search', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET dashboard': { success: true, data: {} },
      'GET returns': { success: true, data: [summary], page: 1, per_page: 20, total: 1 },
    });
    const { user } = renderRoute('/returns');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Returns' }),
    ).toHaveAttribute('href', '/returns');
    const row = (await screen.findByRole('link', { name: '#31' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Order #501');
    expect(row).toHaveTextContent('Asha Menon');
    expect(row).toHaveTextContent('COD');
    expect(row).toHaveTextContent('2 pieces: return and exchange');
    expect(row).toHaveTextContent('₹959');

    await user.click(screen.getByRole('button', { name: 'To decide' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by order, e-mail or name' }), 'asha{Enter}');
    const lists = sent.filter((request) => request.path === 'returns');
    expect(lists.at(-1)?.query.get('status')).toBe('requested');
    expect(lists.at(-1)?.query.get('q')).toBe('asha');
  });
});
