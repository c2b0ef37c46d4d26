import type { AdminWhatsAppReply } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const at = '2026-11-26T06:30:00.000Z';
const question: AdminWhatsAppReply = {
  id: 9,
  from: '919847012345',
  at,
  type: 'text',
  text: 'Can you deliver after 6 pm?',
  button_payload: null,
  context_id: 'wamid.CONFIRM',
  answered: { outbox_id: 70, kind: 'order_placed', kind_label: 'Order placed (cash on delivery)', order_id: 42 },
  handled: false,
};
const outOfTheBlue: AdminWhatsAppReply = {
  ...question,
  id: 8,
  from: '919847000111',
  text: 'Is the shop open on Sunday?',
  context_id: null,
  answered: null,
};
const refusedTap: AdminWhatsAppReply = {
  ...question,
  id: 7,
  from: '919847000999',
  type: 'button',
  text: 'Cancel order',
  button_payload: 'cod_cancel:42',
};

describe('the WhatsApp inbox', () => {
  it('lists who wrote, when, what, and the message it answered with a link to its order; with pages', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET whatsapp-inbox': (request) =>
        request.query.get('page') === '2'
          ? { success: true, data: [refusedTap], page: 2, per_page: 20, total: 21 }
          : { success: true, data: [question, outOfTheBlue], page: 1, per_page: 20, total: 21 },
    });
    const { user } = renderRoute('/whatsapp-inbox');
    expect(await screen.findByRole('heading', { name: 'WhatsApp inbox' })).toBeInTheDocument();
    expect(screen.getByText(/You cannot reply from here/)).toBeInTheDocument();
    const first = (await screen.findByText('Can you deliver after 6 pm?')).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: '+919847012345' })).toBeInTheDocument();
    expect(within(first).getAllByRole('link', { name: 'Order #42' })[0]).toHaveAttribute('href', '/orders/42');
    const second = screen.getByText('Is the shop open on Sunday?').closest('tr') as HTMLElement;
    expect(second).toHaveTextContent('Nothing: they wrote first');
    expect(screen.getByText('Showing 1–20 of 21')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const tapped = (await screen.findByText('Tapped “Cancel order”')).closest('tr') as HTMLElement;
    expect(tapped).toHaveTextContent('Button: cod_cancel:42');
    expect(sent.at(-1)?.query.get('page')).toBe('2');
  });

  it('is in the Sales menu for owners only', async () => {
    signIn();
    stubAdminApi({ 'GET whatsapp-inbox': { success: true, data: [], page: 1, per_page: 20, total: 0 } });
    renderRoute('/whatsapp-inbox');
    expect(await screen.findByText('No replies waiting for you.')).toBeInTheDocument();
    const sections = screen.getAllByRole('navigation', { name: 'Sections' })[0] as HTMLElement;
    expect(within(sections).getByRole('link', { name: 'WhatsApp inbox' })).toHaveAttribute('href', '/whatsapp-inbox');
  });
});
