import type { AdminOutboxMessage } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const at = '2026-11-26T06:30:00.000Z';
const html =
  '<!DOCTYPE html><html><body><h1>Thank you, Anjali</h1><p>Order #1042: ₹1,098 to pay on delivery.</p></body></html>';

const sentWelcome: AdminOutboxMessage = {
  id: 21,
  kind: 'welcome',
  kind_label: 'Welcome',
  recipient: 'meera@example.in',
  subject: 'Welcome to Kapaas',
  status: 'sent',
  status_text: 'Sent',
  attempts: 2,
  last_reply: '250 2.0.0 Ok: queued as 4F2A',
  created_at: at,
  sent_at: '2026-11-26T06:31:00.000Z',
  next_attempt_at: at,
  resent_from: null,
  channel: 'email',
  whatsapp: null,
  fallback_reason: null,
  audience: 'shopper',
  marketing: false,
  message_id: '<4b6c@kapaas.example.in>',
  html,
  text: 'Thank you, Anjali\n\nOrder #1042: ₹1,098 to pay on delivery.\nReset: (link sent only in the e-mail)',
  headers: {
    From: 'Kapaas <orders@kapaas.example.in>',
    To: 'meera@example.in',
    Subject: 'Welcome to Kapaas',
    'Message-ID': '<4b6c@kapaas.example.in>',
    'X-Kapaas-Message': 'welcome',
  },
  attempt_history: [
    {
      attempt: 1,
      started_at: at,
      finished_at: at,
      ok: false,
      reply: '451 4.3.0 Mailbox unavailable, try again later',
    },
    {
      attempt: 2,
      started_at: '2026-11-26T06:31:00.000Z',
      finished_at: '2026-11-26T06:31:00.000Z',
      ok: true,
      reply: '250 2.0.0 Ok: queued as 4F2A',
    },
  ],
  resent_as: [],
  mail_server: true,
  resend_refusal: null,
};

const waiting: AdminOutboxMessage = {
  ...sentWelcome,
  id: 22,
  status: 'queued',
  status_text: 'Waiting: no mail server is set (SMTP_URL)',
  attempts: 0,
  last_reply: null,
  sent_at: null,
  attempt_history: [],
  mail_server: false,
  resend_refusal: 'This message is still waiting to go out; it can be resent once it was sent.',
};

describe('one message sent', () => {
  it('shows the recipient, each attempt with the server’s reply, the message in a sandboxed frame and its text', async () => {
    signIn();
    stubAdminApi({ 'GET outbox/21': { success: true, data: sentWelcome } });
    renderRoute('/messages-sent/21');
    expect(await screen.findByRole('heading', { name: 'Welcome to Kapaas' })).toBeInTheDocument();
    expect(screen.getAllByText('meera@example.in').length).toBeGreaterThan(0);

    const attempts = screen.getByRole('table');
    const [, first, second] = within(attempts).getAllByRole('row');
    expect(first).toHaveTextContent('Not accepted');
    expect(first).toHaveTextContent('451 4.3.0 Mailbox unavailable, try again later');
    expect(second).toHaveTextContent('Accepted');

    const frame = screen.getByTitle('The message as the recipient sees it');
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no forms, no same-origin access to the console.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    const text = screen.getByText(/Order #1042: ₹1,098 to pay on delivery/, { selector: 'pre' });
    expect(text).toHaveTextContent('(link sent only in the e-mail)');
    expect(screen.getByText('X-Kapaas-Message').nextElementSibling).toHaveTextContent('welcome');
    expect(screen.getByText('Message-ID').nextElementSibling).toHaveTextContent('<4b6c@kapaas.example.in>');
  });

  it('resends, then links to the new message', async () => {
    signIn();
    let original = sentWelcome;
    const { sent } = stubAdminApi({
      'GET outbox/21': () => ({ success: true, data: original }),
      'POST outbox/21/resend': () => {
        original = { ...original, resent_as: [30] };
        return { success: true, message: 'Queued again as message #30.', data: { id: 30 } };
      },
      'GET outbox/30': {
        success: true,
        data: { ...waiting, id: 30, resent_from: 21, mail_server: true, status_text: 'Queued' },
      },
    });
    const { user, router } = renderRoute('/messages-sent/21');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Queued again.');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      'outbox/21/resend',
    ]);
    // The original now names its copy.
    expect(await screen.findByText('Sent again as')).toBeInTheDocument();

    await user.click(within(done).getByRole('link', { name: 'Open message #30' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages-sent/30'));
    expect(await screen.findByRole('link', { name: 'Message #21' })).toHaveAttribute('href', '/messages-sent/21');
    // The copy's page starts afresh: no success notice carried over from the original's.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('disables Resend with the reason while the message waits, and says why there is no attempt', async () => {
    signIn();
    stubAdminApi({ 'GET outbox/22': { success: true, data: waiting } });
    renderRoute('/messages-sent/22');
    const button = await screen.findByRole('button', { name: 'Resend' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'This message is still waiting to go out; it can be resent once it was sent.',
    );
    expect(screen.getAllByText('Waiting: no mail server is set (SMTP_URL)').length).toBeGreaterThan(0);
    expect(screen.getByText(/No attempt yet: no mail server is set/)).toBeInTheDocument();
  });

  it('shows a WhatsApp message’s number, template, Meta’s id and status, its error, and the e-mail that went instead', async () => {
    signIn();
    const refused: AdminOutboxMessage = {
      ...sentWelcome,
      id: 23,
      channel: 'whatsapp',
      whatsapp: {
        phone: '919812345678',
        template: 'welcome',
        language: 'hi',
        message_id: 'wamid.HBgM',
        status: 'failed',
        status_at: at,
        error: '131026: Message undeliverable',
      },
      fallback_reason: 'WhatsApp could not deliver it (131026: Message undeliverable): sent by e-mail instead',
    };
    stubAdminApi({ 'GET outbox/23': { success: true, data: refused } });
    renderRoute('/messages-sent/23');
    expect(await screen.findByText('+919812345678, template welcome (hi)')).toBeInTheDocument();
    expect(screen.getByText('wamid.HBgM')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp to +919812345678: Failed')).toBeInTheDocument();
    expect(screen.getByText('131026: Message undeliverable')).toBeInTheDocument();
    expect(
      screen.getByText('WhatsApp could not deliver it (131026: Message undeliverable): sent by e-mail instead'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of a resend', async () => {
    signIn();
    stubAdminApi({
      'GET outbox/21': { success: true, data: sentWelcome },
      'POST outbox/21/resend': () =>
        json(409, { success: false, message: 'This link has expired; the shopper can ask for a new one.' }),
    });
    const { user } = renderRoute('/messages-sent/21');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('This link has expired; the shopper can ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
