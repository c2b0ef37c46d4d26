import type { ReturnDetail, ReturnSummary } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeGuest, storeUser } from '#storefront/test/shopping.ts';
import { deliveredOrder, exchangeShipped } from './returnTestData';

const refunded: ReturnDetail = {
  ...exchangeShipped,
  return_id: 32,
  status: 'completed',
  lines: [
    {
      ...exchangeShipped.lines[0],
      product_id: 2,
      product_name: 'Muslin Romper',
      size_id: 3,
      size: '3-6M',
      kind: 'return',
      new_size_id: null,
      new_size: null,
      reason: 'damaged',
      note: null,
      amount: 959,
    },
  ] as ReturnDetail['lines'],
  refund_amount: 959,
  photos: [],
  refund: { amount: 959, method: 'upi', reference: 'UTR 4455', at: '2026-11-30T10:00:00.000Z' },
  exchange_shipment: null,
  history: [
    { status: 'requested', note: null, at: '2026-11-27T09:00:00.000Z' },
    { status: 'approved', note: null, at: '2026-11-27T12:00:00.000Z' },
    { status: 'received', note: null, at: '2026-11-28T12:00:00.000Z' },
    { status: 'refunded', note: null, at: '2026-11-30T10:00:00.000Z' },
    { status: 'completed', note: null, at: '2026-11-30T10:00:00.000Z' },
  ],
};

const summaryOf = ({ return_id, order_id, status, created_at, lines, refund_amount }: ReturnDetail): ReturnSummary => ({
  return_id,
  order_id,
  status,
  created_at,
  lines,
  refund_amount,
});

function sentBodies(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

const stepTexts = (timeline: HTMLElement) =>
  within(timeline)
    .getAllByRole('listitem')
    .map((step) => [step.firstChild?.textContent, step.childNodes[1]?.textContent === 'To come' ? 'to come' : 'done']);

describe('the order page’s returns', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('offers "Return or exchange" with the last day to ask, and lists the order’s returns', async () => {
    stubApi({
      category_list: categoryList,
      order_details: {
        success: true,
        data: { ...deliveredOrder, returns: [{ return_id: 31, status: 'exchange_shipped' }] },
      },
    });
    renderRoute('/order-detail/501');
    const returns = await screen.findByRole('region', { name: 'Returns and exchanges' });
    expect(within(returns).getByRole('link', { name: 'Return or exchange' })).toHaveAttribute(
      'href',
      '/order-detail/501/return',
    );
    expect(within(returns).getByText('You can ask until 3 December.')).toBeInTheDocument();
    expect(within(returns).getByRole('link', { name: 'Return #31' })).toHaveAttribute('href', '/returns/31');
    expect(within(returns).getByText('Exchange shipped')).toBeInTheDocument();
  });

  it('says when the window closed, and offers nothing for an order not delivered', async () => {
    stubApi({
      category_list: categoryList,
      order_details: (body) => ({
        success: true,
        data:
          body.order_id === 501
            ? { ...deliveredOrder, return_until: '2025-12-03T18:29:59.999Z' }
            : { ...deliveredOrder, order_id: 502, status: 'shipped', return_until: null },
      }),
    });
    const { router } = renderRoute('/order-detail/501');
    const returns = await screen.findByRole('region', { name: 'Returns and exchanges' });
    expect(within(returns).getByText('The return window closed on 3 December.')).toBeInTheDocument();
    expect(within(returns).queryByRole('link', { name: 'Return or exchange' })).toBeNull();

    await router.navigate('/order-detail/502');
    await screen.findByRole('heading', { name: 'Order #502' });
    expect(screen.queryByRole('region', { name: 'Returns and exchanges' })).toBeNull();
  });
});

describe('My returns', () => {
  beforeEach(() => localStorage.clear());

  it('lists the shopper’s returns with their order, lines, refund and a link to each', async () => {
    storeGuest(7);
    const fetchMock = stubApi({
      category_list: categoryList,
      my_returns: { success: true, data: [summaryOf(refunded), summaryOf(exchangeShipped)] },
    });
    renderRoute('/returns');

    const exchange = await screen.findByRole('article', { name: 'Return #31' });
    expect(within(exchange).getByText('Exchanged: 1 × 2-3Y → 3-4Y')).toBeInTheDocument();
    expect(within(exchange).getByText('Exchange shipped')).toBeInTheDocument();
    expect(within(exchange).getByText('Exchange only')).toBeInTheDocument();
    expect(within(exchange).getByRole('link', { name: 'order #501' })).toHaveAttribute('href', '/order-detail/501');
    expect(within(exchange).getByRole('link', { name: 'Details of return 31' })).toHaveAttribute('href', '/returns/31');
    const refund = screen.getByRole('article', { name: 'Return #32' });
    expect(within(refund).getByText('Returned: 1 × 3-6M')).toBeInTheDocument();
    expect(within(refund).getByText('Refund: ₹959')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'my_returns')).toEqual([{ guest_id: 7 }]);
  });

  it('says so when there are none', async () => {
    storeUser(3);
    stubApi({ category_list: categoryList, my_returns: { success: true, data: [] } });
    renderRoute('/returns');
    expect(await screen.findByText('You have not asked to return or exchange anything yet.')).toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/returns');
    expect(await screen.findByText('No user or guest session found. Please log in.')).toBeInTheDocument();
  });
});

describe('a return’s page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('shows an exchange’s lines, photos, each step so far with the shop’s words, and the tracking note', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      return_details: { success: true, data: exchangeShipped },
    });
    renderRoute('/returns/31');

    expect(await screen.findByRole('heading', { name: 'Return #31' })).toBeInTheDocument();
    expect(screen.getByText('Exchange shipped', { selector: '.order-status' })).toBeInTheDocument();
    const pieces = screen.getByRole('region', { name: 'Pieces' });
    expect(within(pieces).getByText('Exchanged: 1 × 2-3Y → 3-4Y')).toBeInTheDocument();
    expect(within(pieces).getByText(/Reason: Too small/)).toHaveTextContent('Reason: Too small · “She grew fast.”');
    expect(within(pieces).getByRole('img', { name: 'Attachment 1' })).toHaveAttribute(
      'src',
      '/api/return_photo/0123456789abcdef01234567-800.webp',
    );

    const timeline = screen.getByRole('region', { name: 'Return Status' });
    expect(stepTexts(timeline)).toEqual([
      ['Requested', 'done'],
      ['Approved', 'done'],
      ['Received', 'done'],
      ['Exchange shipped', 'done'],
      ['Completed', 'to come'],
    ]);
    expect(
      within(timeline).getByText('Return approved. Please pack the pieces and send them back to us.'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText('From the shop: “Send it back with the tag on.”')).toBeInTheDocument();
    const exchange = screen.getByRole('region', { name: 'Exchange' });
    expect(exchange).toHaveTextContent('Your new size left us on 29 Nov 2026.');
    expect(within(exchange).getByText('DTDC D1234567')).toBeInTheDocument();
    // An exchange only: no refund to speak of.
    expect(screen.queryByRole('region', { name: 'Refund' })).toBeNull();
    expect(sentBodies(fetchMock, 'return_details')).toEqual([{ user_id: 3, return_id: 31 }]);
  });

  it('counts the exchange shipped when shipping it completed the return at once', async () => {
    const completed: ReturnDetail = {
      ...exchangeShipped,
      status: 'completed',
      history: [
        ...exchangeShipped.history.slice(0, 3),
        { status: 'completed', note: 'Your new size is on its way. DTDC D1234567.', at: '2026-11-29T11:00:00.000Z' },
      ],
    };
    stubApi({ category_list: categoryList, return_details: { success: true, data: completed } });
    renderRoute('/returns/31');

    expect(stepTexts(await screen.findByRole('region', { name: 'Return Status' }))).toEqual([
      ['Requested', 'done'],
      ['Approved', 'done'],
      ['Received', 'done'],
      ['Exchange shipped', 'done'],
      ['Completed', 'done'],
    ]);
  });

  it('shows a refund: the amount, how it went back and its reference', async () => {
    stubApi({ category_list: categoryList, return_details: { success: true, data: refunded } });
    renderRoute('/returns/32');

    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(refund).toHaveTextContent('₹959 refunded by UPI on 30 Nov 2026.');
    expect(refund).toHaveTextContent('Reference: UTR 4455');
    expect(stepTexts(screen.getByRole('region', { name: 'Return Status' }))).toEqual([
      ['Requested', 'done'],
      ['Approved', 'done'],
      ['Received', 'done'],
      ['Refunded', 'done'],
      ['Completed', 'done'],
    ]);
  });

  it('shows a rejection with the owner’s message, and nothing to come', async () => {
    const rejected: ReturnDetail = {
      ...refunded,
      status: 'rejected',
      decision_message: 'The piece has been worn and washed.',
      refund: null,
      history: [
        { status: 'requested', note: null, at: '2026-11-27T09:00:00.000Z' },
        { status: 'rejected', note: null, at: '2026-11-27T12:00:00.000Z' },
      ],
    };
    stubApi({ category_list: categoryList, return_details: { success: true, data: rejected } });
    renderRoute('/returns/32');

    const timeline = await screen.findByRole('region', { name: 'Return Status' });
    expect(stepTexts(timeline)).toEqual([
      ['Requested', 'done'],
      ['Rejected', 'done'],
    ]);
    expect(within(timeline).getByText('From the shop: “The piece has been worn and washed.”')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Refund' })).toHaveTextContent(
      'No refund: the request was not accepted.',
    );
  });

  it('answers another shopper’s return as the server does: not found', async () => {
    stubApi({
      category_list: categoryList,
      return_details: () => json(404, { success: false, message: 'Return not found.' }),
    });
    renderRoute('/returns/99');
    expect(await screen.findByText('Return not found.')).toBeInTheDocument();
  });
});
