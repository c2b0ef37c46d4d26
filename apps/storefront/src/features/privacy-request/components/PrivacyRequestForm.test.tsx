import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeUser } from '#storefront/test/shopping.ts';
import { EMAIL_NEEDED } from './PrivacyRequestForm';

const sentTo = (fetchMock: ReturnType<typeof stubApi>, endpoint: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const CHECK_INBOX = 'Almost done: please follow the link we sent to your e-mail address to confirm your request.';

describe('Your privacy rights (/privacy-request)', () => {
  beforeEach(() => localStorage.clear());

  it('is linked from the privacy notice, and asks a visitor for an e-mail address beside the field before sending', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      privacy_notice: {
        success: true,
        notice: {
          version: 1,
          body: 'Kapaas sells to adults.',
          published_at: '2026-11-28T05:00:00.000Z',
          grievance_officer: { name: 'Anita Borah', email: 'grievance@kapaas.example.in' },
        },
      },
      privacy_request: { success: true, message: CHECK_INBOX },
    });
    const { user, router } = renderRoute('/privacy');
    await user.click(await screen.findByRole('link', { name: 'make a request about your data' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-request'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your privacy rights' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Choose what you ask for.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(EMAIL_NEEDED);
    expect(sentTo(fetchMock, 'privacy_request')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: /Erase my data/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please erase my account.');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(CHECK_INBOX)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'privacy_request')).toEqual([
      { kind: 'erasure', message: 'Please erase my account.', email: 'ravi@example.in' },
    ]);
  });

  it('sends a logged-in shopper’s request without an address (the account’s is used), linked from the profile', async () => {
    storeUser();
    const fetchMock = stubApi({
      category_list: categoryList,
      edit_profile: { success: true, user: { id: 3, name: 'Asha', email: 'asha@example.in', phone: '9876543210' } },
      address_list: { success: true, address: [] },
      privacy_request: { success: true, message: 'Thank you: we have your request and will answer within 90 days.' },
    });
    const { user, router } = renderRoute('/myprofile');
    const sidebar = await screen.findByRole('complementary', { name: 'Your account' });
    await user.click(within(sidebar).getByRole('link', { name: 'Privacy requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-request'));
    expect(await screen.findByText('We answer at your account’s e-mail address.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: /See my data/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'What do you keep about me?');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/we have your request/)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'privacy_request')).toEqual([{ kind: 'access', message: 'What do you keep about me?' }]);
  });

  it('shows the server’s refusal beside its field', async () => {
    stubApi({
      category_list: categoryList,
      privacy_request: json(400, {
        success: false,
        message: 'Invalid data',
        errors: { message: ['The message contains characters that are not allowed.'] },
      }),
    });
    const { user } = renderRoute('/privacy-request');
    await user.click(await screen.findByRole('radio', { name: /Make a complaint/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Late refund');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
        'The message contains characters that are not allowed.',
      ),
    );
  });

  it('confirms a guest’s request from the link only when the button is pressed', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      privacy_request_confirm: {
        success: true,
        message: 'Thank you: we have your request and will answer within 90 days.',
      },
    });
    const { user } = renderRoute('/privacy-request/confirm?token=abc-DEF_123');
    const button = await screen.findByRole('button', { name: 'Confirm my request' });
    expect(sentTo(fetchMock, 'privacy_request_confirm')).toEqual([]);
    await user.click(button);
    expect(await screen.findByText(/we have your request/)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'privacy_request_confirm')).toEqual([{ token: 'abc-DEF_123' }]);
  });
});
