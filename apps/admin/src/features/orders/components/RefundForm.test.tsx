import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAdminApi } from '../../../../test/fakeAdminApi';
import { paidOrder } from '../../../../test/fixtures';
import { renderRoute, signIn } from '../../../../test/renderRoute';

describe('refunding part of an order', () => {
  it('says on the field when the amount is more than is left, without asking or sending', async () => {
    signIn();
    const { sent } = stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    const { user } = renderRoute('/orders/42');
    const amount = await screen.findByLabelText('Amount to refund');
    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most ₹549 can still be refunded.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.path === 'orders/42/refund')).toBe(false);
  });

  it('sends a partial amount in rupees once the owner confirms it', async () => {
    signIn();
    const partlyRefunded = {
      ...paidOrder,
      refunded: 100,
      payments: paidOrder.payments.map((payment) => ({ ...payment, refunded: 100 })),
    };
    const { sent } = stubAdminApi({
      'GET orders/42': { success: true, data: paidOrder },
      'POST orders/42/refund': { success: true, data: partlyRefunded },
    });
    const { user } = renderRoute('/orders/42');
    await user.type(await screen.findByLabelText('Amount to refund'), '100');
    await user.type(screen.getByLabelText('Reason (for the records)'), 'Button missing');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    expect(dialog).toHaveTextContent('The order keeps its status.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('₹100 refunded to the customer.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === 'orders/42/refund').map((request) => request.body)).toEqual([
      { amount: 100, note: 'Button missing' },
    ]);
  });
});
