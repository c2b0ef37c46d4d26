import type { AdminOrderMessages, AdminOutboxSummary, AdminWhatsAppReply } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { codOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const at = '2026-11-26T06:30:00.000Z';
const email: AdminOutboxSummary = {
  id: 71,
  kind: 'owner_new_order',
  kind_label: 'New order (to the owners)',
  recipient: 'admin@kapaas.local',
  subject: 'New order #42',
  status: 'sent',
  status_text: 'Sent',
  attempts: 1,
  last_reply: '250 OK',
  created_at: at,
  sent_at: at,
  next_attempt_at: at,
  resent_from: null,
  channel: 'email',
  whatsapp: null,
  fallback_reason: null,
};
const confirmation: AdminOutboxSummary = {
  ...email,
  id: 70,
  kind: 'order_placed',
  kind_label: 'Order placed (cash on delivery)',
  recipient: 'anjali@example.in',
  channel: 'whatsapp',
  whatsapp: {
    phone: '919847012345',
    template: 'cod_order_confirmation',
    language: 'en',
    message_id: 'wamid.CONFIRM',
    status: 'read',
    status_at: at,
    error: null,
  },
};
const fellBack: AdminOutboxSummary = {
  ...confirmation,
  id: 72,
  kind: 'order_shipped',
  kind_label: 'Order shipped',
  whatsapp: {
    ...(confirmation.whatsapp as NonNullable<AdminOutboxSummary['whatsapp']>),
    message_id: null,
    status: 'failed',
    error: '131026: Message undeliverable',
  },
  fallback_reason: 'WhatsApp 131026: Message undeliverable: sent by e-mail instead',
};
const tap: AdminWhatsAppReply = {
  id: 5,
  from: '919847012345',
  at,
  type: 'button',
  text: 'Confirm order',
  button_payload: 'cod_confirm:42',
  context_id: 'wamid.CONFIRM',
  answered: { outbox_id: 70, kind: 'order_placed', kind_label: 'Order placed (cash on delivery)', order_id: 42 },
  handled: true,
};
const question: AdminWhatsAppReply = {
  ...tap,
  id: 6,
  type: 'text',
  text: 'Deliver after 6 pm?',
  button_payload: null,
  handled: false,
};

function api(messages: AdminOrderMessages) {
  return stubAdminApi({
    'GET orders/42': { success: true, data: codOrder },
    'GET orders': page([codOrder]),
    'GET orders/42/messages': { success: true, data: messages },
  });
}

const card = async () => (await screen.findByRole('heading', { name: 'Messages' })).parentElement as HTMLElement;

describe("an order's messages on its page", () => {
  it('lists each message with its channel, kind and status, and the shopper’s replies under the one they answer', async () => {
    signIn();
    api({ messages: [confirmation, email, fellBack], replies: [tap, question] });
    renderRoute('/orders/42');
    const messages = await card();
    const items = await within(messages).findAllByRole('listitem');
    const [first] = items;
    expect(first).toHaveTextContent('WhatsApp');
    expect(first).toHaveTextContent('Order placed (cash on delivery)');
    expect(first).toHaveTextContent('Read on WhatsApp');
    const replies = within(messages).getByRole('list', { name: 'Replies to Order placed (cash on delivery)' });
    expect(
      within(replies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('+919847012345 Tapped “Confirm order”'),
      expect.stringMatching(/“Deliver after 6 pm\?”.*Not acted on by the shop: also in the WhatsApp inbox/),
    ]);
    expect(within(messages).getByText('New order (to the owners)').closest('li')).toHaveTextContent('E-mail');
    expect(
      within(messages).getByText('Sent by e-mail instead: WhatsApp 131026: Message undeliverable (Sent)'),
    ).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'Order shipped' })).toHaveAttribute('href', '/messages-sent/72');
  });

  it('says a WhatsApp message waits for WhatsApp, not for a mail server', async () => {
    signIn();
    const waiting: AdminOutboxSummary = {
      ...confirmation,
      status: 'queued',
      status_text: 'Waiting: no mail server is set (SMTP_URL)',
      sent_at: null,
      whatsapp: {
        ...(confirmation.whatsapp as NonNullable<AdminOutboxSummary['whatsapp']>),
        message_id: null,
        status: null,
      },
    };
    api({ messages: [waiting], replies: [] });
    renderRoute('/orders/42');
    const messages = await card();
    expect(await within(messages).findByText('Waiting to go on WhatsApp')).toBeInTheDocument();
    expect(messages).not.toHaveTextContent('SMTP_URL');
  });

  it('says so when the order has no message yet', async () => {
    signIn();
    api({ messages: [], replies: [] });
    renderRoute('/orders/42');
    expect(await within(await card()).findByText('No message about this order yet.')).toBeInTheDocument();
  });
});
