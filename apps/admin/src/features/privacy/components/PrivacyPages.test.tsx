import type { AdminBreach, AdminPrivacyRequestDetail } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const asked = '2026-09-01T06:30:00.000Z';

const lateGrievance: AdminPrivacyRequestDetail = {
  id: 7,
  kind: 'grievance',
  status: 'open',
  email: 'asha@example.in',
  user_id: 12,
  message: 'My parcel was left with a neighbour and my phone number is on its label.',
  created_at: '2020-01-01T06:30:00.000Z',
  confirmed_at: '2020-01-01T06:30:00.000Z',
  due_at: '2020-03-31T06:30:00.000Z',
  overdue: true,
  answer: null,
  answered_at: null,
  trail: [
    { at: '2020-01-01T06:30:00.000Z', who: 'asha@example.in (account 12)', action: 'asked (grievance)', detail: null },
  ],
};
const guestAccess: AdminPrivacyRequestDetail = {
  ...lateGrievance,
  id: 8,
  kind: 'access',
  email: 'ravi@example.in',
  user_id: null,
  message: 'What do you keep about me?',
  created_at: asked,
  confirmed_at: asked,
  due_at: '2099-11-30T06:30:00.000Z',
  overdue: false,
  trail: [
    { at: asked, who: 'ravi@example.in (guest)', action: 'asked (access)', detail: 'What do you keep about me?' },
    { at: asked, who: 'ravi@example.in (guest)', action: 'confirmed by e-mail', detail: null },
  ],
};

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('Rights requests', () => {
  it('is under Privacy in the navigation, lists requests as the server sorts them, and marks the overdue', async () => {
    signIn();
    const { sent } = stubAdminApi({ 'GET privacy-requests': page([lateGrievance, guestAccess]) });
    const { user, router } = renderRoute('/');
    const privacy = (await screen.findByRole('heading', { name: 'Privacy' })).closest('div') as HTMLElement;
    await user.click(within(privacy).getByRole('link', { name: 'Rights requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy/requests'));

    const late = await rowOf('#7 Grievance');
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(late).toHaveClass('table-danger');
    const onTime = await rowOf('#8 Access to their data');
    expect(within(onTime).queryByText('Overdue')).toBeNull();
    expect(onTime).not.toHaveClass('table-danger');
    expect(within(onTime).getAllByText('ravi@example.in').length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      '#7 Grievance',
      '#8 Access to their data',
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), 'Answered');
    await waitFor(() => expect(sent.at(-1)?.query.get('status')).toBe('answered'));
  });

  it('answers a request: the answer is required beside its field, then sent, and the trail and answer show', async () => {
    signIn();
    let request = guestAccess;
    const { sent } = stubAdminApi({
      'GET privacy-requests/8': () => ({ success: true, data: request }),
      'POST privacy-requests/8/answer': (call: SentRequest) => {
        const { answer } = call.body as { answer: string };
        request = {
          ...request,
          status: 'answered',
          answer,
          answered_at: asked,
          trail: [...request.trail, { at: asked, who: 'admin@kapaas.local', action: 'answered', detail: answer }],
        };
        return { success: true, data: request };
      },
    });
    const { user } = renderRoute('/privacy/requests/8');
    expect(await screen.findByRole('heading', { name: 'Request #8: Access to their data' })).toBeInTheDocument();
    const trail = screen.getByRole('list', { name: 'Trail' });
    expect(within(trail).getByText(/confirmed by e-mail/)).toBeInTheDocument();
    // The owner's export and erasure of the person (PersonDataPanel.test.tsx tries them).
    const place = screen.getByRole('heading', { name: 'Export or erasure' }).closest('.card') as HTMLElement;
    expect(within(place).getByRole('button', { name: 'Download data (JSON)' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Answer the request' });
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    const field = within(form).getByLabelText('Answer to the person');
    expect(field).toHaveAccessibleDescription(/at least 10 characters/);
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(field, 'Your data: your account, two addresses and three orders. Attached.');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    // The answer shows in its card and as the trail's last step.
    expect(
      await screen.findAllByText('Your data: your account, two addresses and three orders. Attached.'),
    ).toHaveLength(2);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      outcome: 'answered',
      answer: 'Your data: your account, two addresses and three orders. Attached.',
    });
    expect(screen.queryByRole('form', { name: 'Answer the request' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Trail' })).getByText(/answered/)).toBeInTheDocument();
  });
});

describe('A request of a person who erased their account', () => {
  it('says the account is erased instead of showing erased@invalid as a guest', async () => {
    signIn();
    const erased: AdminPrivacyRequestDetail = {
      ...guestAccess,
      id: 9,
      kind: 'erasure',
      email: 'erased@invalid',
      message: '(erased)',
      status: 'answered',
      trail: [{ at: asked, who: 'the person (account erased)', action: 'asked (erasure)', detail: '(erased)' }],
    };
    stubAdminApi({ 'GET privacy-requests/9': () => ({ success: true, data: erased }) });
    renderRoute('/privacy/requests/9');
    expect(await screen.findByText('The person, whose account is erased')).toBeInTheDocument();
    expect(screen.queryByText('a guest, who confirmed the address')).toBeNull();
  });
});

const recorded: AdminBreach = {
  contact: 'Meera Iyer <privacy@kapaas.example.in>',
  id: 3,
  title: 'Exported customer list lost',
  what_happened: 'A laptop with the October export was stolen.',
  recorded_at: '2020-01-01T06:00:00.000Z',
  recorded_by: 'admin@kapaas.local',
  report_due_at: '2020-01-04T06:00:00.000Z',
  notice_subject: null,
  notice_body: null,
  audience: null,
  notified_at: null,
  notified_count: 0,
};

describe('The breach drill', () => {
  it('records a breach and opens its page with the 72-hour deadline', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET breaches': page([]),
      'POST breaches': { success: true, data: recorded },
      'GET breaches/3': { success: true, data: recorded },
    });
    const { user, router } = renderRoute('/privacy/breaches');
    const form = await screen.findByRole('form', { name: 'Record a breach' });
    await user.type(within(form).getByLabelText('What it is, in a few words'), recorded.title);
    await user.type(within(form).getByLabelText('What happened'), recorded.what_happened);
    await user.click(within(form).getByRole('button', { name: 'Record the breach' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy/breaches/3'));
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      title: recorded.title,
      what_happened: recorded.what_happened,
    });
    expect(await screen.findByText('Past the 72 hours')).toBeInTheDocument();
    expect(screen.getByText(/Detailed report due by/)).toBeInTheDocument();
  });

  it('previews the people of a pasted list, then sends the templated notice to them once confirmed', async () => {
    signIn();
    let breach = recorded;
    const { sent } = stubAdminApi({
      'GET breaches/3': () => ({ success: true, data: breach }),
      'POST breaches/3/preview': {
        success: true,
        count: 2,
        sample: ['asha@example.in', 'ravi@example.in'],
        invalid: ['name,email'],
      },
      'POST breaches/3/send': (call: SentRequest) => {
        const { subject, body } = call.body as { subject: string; body: string };
        breach = {
          ...breach,
          notice_subject: subject,
          notice_body: body,
          notified_at: '2020-01-01T08:00:00.000Z',
          notified_count: 2,
          audience: 'a pasted list of 2 e-mail addresses',
        };
        return { success: true, data: breach };
      },
      'GET breaches/3/notices': page([
        { email: 'asha@example.in', queued_at: '2020-01-01T08:00:00.000Z' },
        { email: 'ravi@example.in', queued_at: '2020-01-01T08:00:00.000Z' },
      ]),
    });
    const { user } = renderRoute('/privacy/breaches/3');
    await user.click(await screen.findByLabelText('The e-mail addresses in the list that was exported'));
    expect(screen.getByRole('button', { name: 'Preview the count first' })).toBeDisabled();
    await user.type(
      screen.getByLabelText('E-mail addresses'),
      'name,email{Enter}Asha,asha@example.in{Enter}ravi@example.in',
    );
    await user.click(screen.getByRole('button', { name: 'Preview the count' }));
    expect(await screen.findByText('2 people will get the notice.')).toBeInTheDocument();
    expect(screen.getByText(/left out: name,email/)).toBeInTheDocument();
    expect(sent.find((call) => call.path === 'breaches/3/preview')?.body).toEqual({
      audience: { by: 'list', emails: 'name,email\nAsha,asha@example.in\nravi@example.in' },
    });

    // The template holds every part the law asks of a notice; the owner fills in the facts.
    const notice = screen.getByLabelText('Notice') as HTMLTextAreaElement;
    for (const part of [
      'What happened: A laptop',
      'What data of yours',
      'What we are doing',
      'What you can do',
      'Whom to contact: Meera Iyer <privacy@kapaas.example.in>',
    ]) {
      expect(notice.value).toContain(part);
    }
    expect(screen.getByLabelText('Subject')).toHaveValue('Important: Exported customer list lost');

    await user.click(screen.getByRole('button', { name: 'Send to 2 people' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, send it' }));
    expect(await screen.findByText('Notice sent')).toBeInTheDocument();
    const sentTo = await screen.findByRole('list', { name: 'Sent to' });
    expect(within(sentTo).getByText('ravi@example.in')).toBeInTheDocument();
    const body = sent.find((call) => call.path === 'breaches/3/send')?.body as { audience: unknown; subject: string };
    expect(body.audience).toEqual({ by: 'list', emails: 'name,email\nAsha,asha@example.in\nravi@example.in' });
    expect(body.subject).toBe('Important: Exported customer list lost');
  });

  it('shows the server’s refusal of a time window beside its field', async () => {
    signIn();
    stubAdminApi({
      'GET breaches/3': { success: true, data: recorded },
      'POST breaches/3/preview': json(400, {
        success: false,
        message: 'Invalid data',
        errors: { 'audience.to': ['The window must end after it starts.'] },
      }),
    });
    const { user } = renderRoute('/privacy/breaches/3');
    await user.type(await screen.findByLabelText('From'), '2026-11-02T10:00');
    await user.type(screen.getByLabelText('To'), '2026-11-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Preview the count' }));
    await waitFor(() =>
      expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The window must end after it starts.'),
    );
  });
});
