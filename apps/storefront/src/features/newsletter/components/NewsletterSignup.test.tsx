import { NewsletterSubscribeRequest } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { newsletterEmailError } from './NewsletterSignup';

function subscribeCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/newsletter_subscribe'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, string>);
}

/** The footer's sign-up box, once its code has loaded (it loads apart from the page's first files). */
async function newsletterBox() {
  const footer = screen.getByRole('contentinfo');
  const section = within(footer).getByRole('region', { name: 'Stay in touch' });
  return {
    section,
    email: await within(section).findByRole('textbox', { name: /new collections/ }),
    subscribe: within(section).getByRole('button', { name: 'Subscribe' }),
  };
}

describe('Footer newsletter box', () => {
  it('checks the address before asking the shop', async () => {
    const fetchMock = stubApi({ category_list: categoryList });
    const { user } = renderRoute('/about');
    const { email, subscribe } = await newsletterBox();

    await user.click(subscribe);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'asha@');
    await user.click(subscribe);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Invalid email format');
    expect(subscribeCalls(fetchMock)).toEqual([]);
  });

  it('subscribes the address and says thank you with the shop’s words', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      newsletter_subscribe: { success: true, message: 'Thank you for subscribing!' },
    });
    const { user } = renderRoute('/about');
    const { section, email, subscribe } = await newsletterBox();

    await user.type(email, ' asha@example.com ');
    await user.click(subscribe);

    expect(await within(section).findByRole('status')).toHaveTextContent('Thank you for subscribing!');
    expect(subscribeCalls(fetchMock)).toEqual([{ email: 'asha@example.com' }]);
    expect(email).toHaveValue('');
  });

  it('links to the privacy notice and sends the version it shows, which the server records (issue 35)', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      privacy_notice: {
        success: true,
        notice: {
          version: 4,
          body: '',
          published_at: '2026-11-28T05:00:00.000Z',
          grievance_officer: { name: '', email: '' },
        },
      },
      newsletter_subscribe: { success: true, message: 'Almost done.' },
    });
    const { user } = renderRoute('/about');
    const { section, email, subscribe } = await newsletterBox();
    expect(within(section).getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await user.type(email, 'asha@example.com');
    await user.click(subscribe);
    expect(await within(section).findByRole('status')).toHaveTextContent('Almost done.');
    expect(subscribeCalls(fetchMock)).toEqual([{ email: 'asha@example.com', notice_version: 4 }]);
  });

  it('shows the server’s message when it refuses', async () => {
    stubApi({
      category_list: categoryList,
      newsletter_subscribe: () => json(429, { success: false, message: 'Too many tries. Please wait a while.' }),
    });
    const { user } = renderRoute('/about');
    const { section, email, subscribe } = await newsletterBox();

    await user.type(email, 'asha@example.com');
    await user.click(subscribe);

    expect(await within(section).findByText('Too many tries. Please wait a while.')).toBeInTheDocument();
    expect(email).toHaveValue('asha@example.com');
    expect(within(section).getByRole('status')).toHaveTextContent('');
  });
});

describe('newsletterEmailError', () => {
  /** The contract's first message for an address, as the server would answer it; null when it accepts it. */
  function serverError(email: string): string | null {
    const parsed = NewsletterSubscribeRequest.safeParse({ email });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'refused');
  }

  it('checks an address as the server does, with its words, without zod in the browser', () => {
    const addressLike = fc.oneof(
      fc.emailAddress(),
      fc.string(),
      fc.tuple(fc.string(), fc.constantFrom('@', '@a.', '.@', '@@', '..'), fc.string()).map((parts) => parts.join('')),
      fc.emailAddress().map((address) => address.padStart(260, 'a')),
    );
    fc.assert(
      fc.property(addressLike, (raw) => {
        const email = raw.trim();
        expect(newsletterEmailError(email)).toBe(serverError(email));
      }),
      { numRuns: 500 },
    );
  });
});
