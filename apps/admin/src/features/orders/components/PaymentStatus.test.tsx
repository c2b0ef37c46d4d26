import type { AdminOrder, AdminOrderPayment } from '@kapaas/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { isRefundable, paymentStatusWords } from './PaymentStatus';

const REASON = 'the order had expired and a size sold out meanwhile';
const base = paidOrder.payments[0] as AdminOrderPayment;
const payment = (changes: Partial<AdminOrderPayment>): AdminOrderPayment => ({ ...base, ...changes });

describe('a payment’s status in the owner’s words', () => {
  it.each([
    [{ status: 'accepted' }, 'Paid'],
    [{ status: 'failed' }, 'Declined by the bank; no money was taken'],
    [{ status: 'partially_refunded', refunded: 100 }, '₹100 of ₹549 refunded'],
    [{ status: 'refunded', refunded: 549 }, 'Refunded'],
    [{ status: 'refund_pending', refusal_reason: REASON }, `Not accepted: ${REASON}; refund under way`],
    [{ status: 'refund_failed', refusal_reason: REASON }, `Not accepted: ${REASON}; refund failed — refund it here`],
    [{ status: 'refunded', refunded: 549, refusal_reason: REASON }, `Not accepted: ${REASON}; refunded`],
  ] as const)('%o reads “%s”', (changes, words) => {
    expect(paymentStatusWords(payment(changes))).toBe(words);
  });

  it('is refundable while the shop holds money it may give back, as the server allows', () => {
    expect(isRefundable(payment({ status: 'accepted' }))).toBe(true);
    expect(isRefundable(payment({ status: 'refund_pending', refusal_reason: REASON }))).toBe(true);
    expect(isRefundable(payment({ status: 'refund_failed', refusal_reason: REASON }))).toBe(true);
    expect(isRefundable(payment({ status: 'partially_refunded', refunded: 100 }))).toBe(true);
    expect(isRefundable(payment({ status: 'partially_refunded', refunded: 549 }))).toBe(false);
    expect(isRefundable(payment({ status: 'refunded', refunded: 549 }))).toBe(false);
    expect(isRefundable(payment({ status: 'failed' }))).toBe(false);
  });
});

describe('the order page', () => {
  it('tells the owner a refused payment’s refund failed, and offers to refund it', async () => {
    signIn();
    const stuck: AdminOrder = {
      ...paidOrder,
      status: 'expired',
      paid_at: null,
      next_statuses: [],
      payments: [payment({ status: 'refund_failed', refusal_reason: REASON })],
    };
    stubAdminApi({ 'GET orders/42': { success: true, data: stuck } });
    renderRoute('/orders/42');
    expect(await screen.findByText(`Not accepted: ${REASON}; refund failed — refund it here`)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount to refund')).toHaveAccessibleDescription(
      'Up to ₹549. Leave empty to refund everything left.',
    );
  });

  it('shows an accepted payment as paid', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    expect(await screen.findByText('Paid')).toBeInTheDocument();
  });
});
