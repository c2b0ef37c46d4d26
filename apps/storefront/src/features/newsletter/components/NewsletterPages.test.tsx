import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

function callsTo(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), 'http://localhost').pathname === `/api/${endpoint}`)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));
}

describe('/newsletter/confirm', () => {
  it('confirms only when the button is pressed, with the link’s token, and shows the shop’s words', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      newsletter_confirm: { success: true, message: 'Thank you: your subscription is confirmed.' },
    });
    const { user } = renderRoute('/newsletter/confirm?token=abc-DEF_123');
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' });
    expect(callsTo(fetchMock, 'newsletter_confirm')).toEqual([]);
    await user.click(button);
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'Thank you: your subscription is confirmed.',
    );
    expect(callsTo(fetchMock, 'newsletter_confirm').map((call) => call.body)).toEqual([{ token: 'abc-DEF_123' }]);
  });

  it('says so when the shop refuses the token', async () => {
    stubApi({
      category_list: categoryList,
      newsletter_confirm: () => json(404, { success: false, message: 'This confirmation link is not valid any more.' }),
    });
    const { user } = renderRoute('/newsletter/confirm?token=used');
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid any more.');
  });

  it('explains a link without its token, and offers no button', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/newsletter/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is incomplete.');
    expect(screen.queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
  });
});

describe('/unsubscribe', () => {
  it('names the address, and one button posts JSON to the signed link', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      unsubscribe: {
        success: true,
        message: 'You will receive no more offers or reminders. Order messages still reach you.',
      },
    });
    const { user } = renderRoute('/unsubscribe?e=meera%40example.in&s=sig_-123');
    expect(await screen.findByText('meera@example.in')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'unsubscribe')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'You will receive no more offers or reminders. Order messages still reach you.',
    );
    const [call, ...more] = callsTo(fetchMock, 'unsubscribe');
    expect(more).toEqual([]);
    expect(call?.body).toEqual({});
    const sent = new URL(String(call?.url), 'http://localhost');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ e: 'meera@example.in', s: 'sig_-123' });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('keeps the purpose of the link (issue 35): it names what stops, and posts p with the signature', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      unsubscribe: { success: true, message: 'Done: your consent is withdrawn.' },
    });
    const { user } = renderRoute('/unsubscribe?e=meera%40example.in&p=back_in_stock&s=sig_-123');
    expect(await screen.findByText(/An e-mail when a size I asked about is back/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'Done: your consent is withdrawn.',
    );
    const [call] = callsTo(fetchMock, 'unsubscribe');
    const sent = new URL(String(call?.url), 'http://localhost');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ e: 'meera@example.in', p: 'back_in_stock', s: 'sig_-123' });
  });

  it('shows the shop’s refusal of a bad link', async () => {
    stubApi({
      category_list: categoryList,
      unsubscribe: () => json(400, { success: false, message: 'This unsubscribe link is not valid.' }),
    });
    const { user } = renderRoute('/unsubscribe?e=meera%40example.in&s=wrong');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('explains an incomplete link', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/unsubscribe?e=meera%40example.in');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
  });
});
