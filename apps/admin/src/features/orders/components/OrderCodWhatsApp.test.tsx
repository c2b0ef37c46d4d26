import type { AdminOrder } from '@kapaas/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { codOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/*
 * The history note of a COD order waiting for its confirmation (issue 36): the note the placement recorded says to
 * call the shopper; when the confirmation was asked on WhatsApp, the console says so with the message's status.
 */

const PLACED =
  'Order placed, cash on delivery. Above the value the shop confirms first: call the shopper, then confirm it.';

function showOrder(order: Partial<AdminOrder>) {
  signIn();
  const shown: AdminOrder = {
    ...codOrder,
    history: [{ ...(codOrder.history[0] as AdminOrder['history'][number]), note: PLACED }],
    ...order,
  };
  stubAdminApi({
    'GET orders/42': () => ({ success: true, data: shown }),
    'GET orders': () => page([shown]),
  });
  renderRoute('/orders/42');
}

describe('a COD order waiting for its confirmation: the history note', () => {
  it.each([
    ['delivered', 'delivered'],
    ['read', 'read'],
    ['failed', 'failed'],
    ['queued', 'not sent yet'],
  ] as const)(
    'asked on WhatsApp (%s): says so with the status, and to call if there is no answer',
    async (status, words) => {
      showOrder({ cod_confirmation_whatsapp: { status } });
      expect(
        await screen.findByText(
          `Order placed, cash on delivery. Confirmation asked on WhatsApp (${words}); call if there is no answer.`,
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(PLACED)).toBeNull();
    },
  );

  it('not asked on WhatsApp: the note to call the shopper stays', async () => {
    showOrder({ cod_confirmation_whatsapp: null });
    expect(await screen.findByText(PLACED)).toBeInTheDocument();
    expect(screen.queryByText(/Confirmation asked on WhatsApp/)).toBeNull();
  });
});
