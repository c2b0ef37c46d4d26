import type { AdminOutboxListAnswer, AdminOutboxSummary } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const at = '2026-11-26T06:30:00.000Z';

const waitingOrder: AdminOutboxSummary = {
  id: 12,
  kind: 'order_placed',
  kind_label: 'Order placed (cash on delivery)',
  recipient: 'anjali@example.in',
  subject: 'Your order #1042 is placed',
  status: 'queued',
  status_text: 'Waiting: no mail server is set (SMTP_URL)',
  attempts: 0,
  last_reply: null,
  created_at: at,
  sent_at: null,
  next_attempt_at: at,
  resent_from: null,
  channel: 'email',
  whatsapp: null,
  fallback_reason: null,
};
const failedShipping: AdminOutboxSummary = {
  ...waitingOrder,
  id: 11,
  kind: 'order_shipped',
  kind_label: 'Order shipped',
  recipient: 'kabir@example.in',
  subject: 'Your order #1040 is on its way',
  status: 'failed',
  status_text: 'Failed: given up',
  attempts: 8,
  last_reply: '550 5.1.1 No such user',
};
const unwritten: AdminOutboxSummary = {
  ...waitingOrder,
  id: 13,
  kind: 'welcome',
  kind_label: 'Welcome',
  subject: null,
};

const deliveredOnWhatsApp: AdminOutboxSummary = {
  ...waitingOrder,
  id: 14,
  kind: 'order_shipped',
  kind_label: 'Order shipped',
  subject: 'Your order #1043 is on its way',
  status: 'sent',
  status_text: 'Sent',
  channel: 'whatsapp',
  whatsapp: {
    phone: '919876543210',
    template: 'order_shipped',
    language: 'hi',
    message_id: 'wamid.HBgM',
    status: 'read',
    status_at: at,
    error: null,
  },
};
const refusedOnWhatsApp: AdminOutboxSummary = {
  ...waitingOrder,
  id: 15,
  subject: 'Your order #1044 is placed',
  channel: 'whatsapp',
  whatsapp: {
    phone: '919812345678',
    template: 'order_placed_cod',
    language: 'en',
    message_id: null,
    status: 'failed',
    status_at: at,
    error: 'WhatsApp 132001: (#132001) Template name does not exist in the translation',
  },
  fallback_reason: 'WhatsApp 132001: (#132001) Template name does not exist in the translation: sent by e-mail instead',
};

/** An admin API answering the outbox list, filtered as the server would by status, kind, channel and q. */
function outboxApi(mailServer = false) {
  const messages = [unwritten, waitingOrder, failedShipping, deliveredOnWhatsApp, refusedOnWhatsApp];
  return stubAdminApi({
    'GET outbox': (request: SentRequest): AdminOutboxListAnswer => {
      const status = request.query.get('status');
      const kind = request.query.get('kind');
      const channel = request.query.get('channel');
      const q = request.query.get('q')?.toLowerCase();
      const data = messages.filter(
        (message) =>
          (!status || message.status === status) &&
          (!kind || message.kind === kind) &&
          (!channel || message.channel === channel) &&
          (!q || `${message.recipient} ${message.subject}`.toLowerCase().includes(q)),
      );
      return {
        success: true,
        data,
        page: 1,
        per_page: 20,
        total: data.length,
        kinds: [
          { value: 'welcome', label: 'Welcome' },
          { value: 'order_placed', label: 'Order placed (cash on delivery)' },
          { value: 'order_shipped', label: 'Order shipped' },
        ],
        mail_server: mailServer,
      };
    },
  });
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
const lastList = (sent: SentRequest[]) => sent.filter((request) => request.path === 'outbox').at(-1)?.query;

describe('Messages sent', () => {
  it('is in the navigation, and lists each message with its recipient, status and the server’s reply', async () => {
    signIn();
    outboxApi();
    const { user, router } = renderRoute('/');
    await user.click(await screen.findByRole('link', { name: 'Messages sent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages-sent'));
    expect(await screen.findByRole('heading', { name: 'Messages sent' })).toBeInTheDocument();

    const waiting = await rowOf('Your order #1042 is placed');
    expect(within(waiting).getByText('anjali@example.in')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting: no mail server is set (SMTP_URL)')).toBeInTheDocument();
    expect(within(waiting).getByText('Order placed (cash on delivery)')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Your order #1042 is placed' })).toHaveAttribute(
      'href',
      '/messages-sent/12',
    );
    const failed = await rowOf('Your order #1040 is on its way');
    expect(within(failed).getByText('8 attempts: 550 5.1.1 No such user')).toBeInTheDocument();
    expect(await rowOf('Welcome (being written)')).toBeInTheDocument();
    expect(screen.getByText(/No mail server is set \(SMTP_URL\): messages are written and wait here/)).toBeVisible();
  });

  it('filters by status and kind, and searches the recipient and subject', async () => {
    signIn();
    const { sent } = outboxApi(true);
    const { user, router } = renderRoute('/messages-sent');
    await rowOf('Your order #1042 is placed');
    expect(screen.queryByText(/No mail server is set/)).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your order #1042 is placed' })).toBeNull());
    expect(await rowOf('Your order #1040 is on its way')).toBeInTheDocument();
    expect(lastList(sent)?.get('status')).toBe('failed');
    expect(router.state.location.search).toBe('?status=failed');

    await user.selectOptions(screen.getByLabelText('Status'), 'Any status');
    await user.selectOptions(screen.getByLabelText('Kind of message'), 'Order placed (cash on delivery)');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your order #1040 is on its way' })).toBeNull());
    expect(lastList(sent)?.get('kind')).toBe('order_placed');
    expect(lastList(sent)?.has('status')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Kind of message'), 'Every kind');
    await user.type(screen.getByLabelText('Search by recipient or subject'), 'kabir{Enter}');
    await waitFor(() => expect(lastList(sent)?.get('q')).toBe('kabir'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your order #1042 is placed' })).toBeNull());
    expect(await rowOf('Your order #1040 is on its way')).toBeInTheDocument();
  });

  it('filters by channel, and shows a WhatsApp message’s number, Meta’s status, and why it went by e-mail instead', async () => {
    signIn();
    const { sent } = outboxApi(true);
    const { user, router } = renderRoute('/messages-sent');
    const read = await rowOf('Your order #1043 is on its way');
    expect(within(read).getByText('WhatsApp to +919876543210: Read')).toBeInTheDocument();
    const refused = await rowOf('Your order #1044 is placed');
    expect(within(refused).getByText('WhatsApp to +919812345678: Failed')).toBeInTheDocument();
    expect(
      within(refused).getByText(
        'WhatsApp 132001: (#132001) Template name does not exist in the translation: sent by e-mail instead',
      ),
    ).toBeInTheDocument();
    expect(within(await rowOf('Your order #1042 is placed')).queryByText(/WhatsApp/)).toBeNull();

    await user.selectOptions(screen.getByLabelText('Channel'), 'WhatsApp');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your order #1042 is placed' })).toBeNull());
    expect(await rowOf('Your order #1043 is on its way')).toBeInTheDocument();
    expect(lastList(sent)?.get('channel')).toBe('whatsapp');
    expect(router.state.location.search).toBe('?channel=whatsapp');
    await user.selectOptions(screen.getByLabelText('Channel'), 'E-mail');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your order #1043 is on its way' })).toBeNull());
    expect(lastList(sent)?.get('channel')).toBe('email');
  });

  it('asks again while a message is being written, and shows its subject once it is', async () => {
    signIn();
    let message = unwritten;
    const { sent } = stubAdminApi({
      'GET outbox': () => ({ ...page([message]), kinds: [], mail_server: false }),
    });
    renderRoute('/messages-sent');
    await rowOf('Welcome (being written)');
    message = { ...unwritten, subject: 'Welcome to Kapaas' };
    expect(await screen.findByRole('link', { name: 'Welcome to Kapaas' }, { timeout: 8_000 })).toBeInTheDocument();
    const loads = sent.filter((request) => request.path === 'outbox').length;
    expect(loads).toBeGreaterThanOrEqual(2);
  });

  it('says so when nothing matches', async () => {
    signIn();
    outboxApi();
    renderRoute('/messages-sent?q=nobody');
    expect(await screen.findByText('No messages here.')).toBeInTheDocument();
  });
});
