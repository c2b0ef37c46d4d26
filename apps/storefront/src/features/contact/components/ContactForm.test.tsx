import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

function contactCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/contact'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, string>);
}

const box = (name: string) => screen.getByRole('textbox', { name });

describe('Contact page', () => {
  it('shows the shop address and phone beside the form', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('Plot 18, Block Printers’ Colony')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 141 255 0148' })).toHaveAttribute('href', 'tel:+911412550148');
  });

  it('names every missing field with the documented texts and sends nothing', async () => {
    const fetchMock = stubApi({ category_list: categoryList });
    const { user } = renderRoute('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile number is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(box('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Name')).toHaveAccessibleDescription('Name is required');
    expect(box('Name')).toHaveFocus();
    expect(contactCalls(fetchMock)).toEqual([]);
  });

  it('rejects a malformed e-mail address and a mobile number that is not 10 digits', async () => {
    const fetchMock = stubApi({ category_list: categoryList });
    const { user } = renderRoute('/contact');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha Mehta');
    await user.type(box('Email'), 'asha@example');
    await user.type(box('Mobile number'), '98290');
    await user.type(box('Message'), 'Do you make the jhabla in 12-18 months?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(contactCalls(fetchMock)).toEqual([]);

    await user.type(box('Mobile number'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
  });

  it('sends a valid message, clears the form and confirms', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      contact: { success: true, message: 'Your message has been sent!' },
    });
    const { user } = renderRoute('/contact');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Asha Mehta ');
    await user.type(box('Email'), 'asha@example.com');
    await user.type(box('Mobile number'), '9829012345');
    await user.type(box('Message'), 'Do you make the jhabla in 12-18 months?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Your message has been sent!')).toBeInTheDocument();
    expect(contactCalls(fetchMock)).toEqual([
      {
        name: 'Asha Mehta',
        email: 'asha@example.com',
        mobile: '9829012345',
        message: 'Do you make the jhabla in 12-18 months?',
      },
    ]);
    expect(box('Name')).toHaveValue('');
    expect(box('Email')).toHaveValue('');
    expect(box('Mobile number')).toHaveValue('');
    expect(box('Message')).toHaveValue('');
  });

  it('shows the server’s message when sending fails, and keeps what was typed', async () => {
    stubApi({
      category_list: categoryList,
      contact: () => json(429, { success: false, message: 'Too many messages. Please try again later.' }),
    });
    const { user } = renderRoute('/contact');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha Mehta');
    await user.type(box('Email'), 'asha@example.com');
    await user.type(box('Mobile number'), '9829012345');
    await user.type(box('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Too many messages. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(box('Name')).toHaveValue('Asha Mehta'));
    expect(screen.queryByText('Your message has been sent!')).not.toBeInTheDocument();
  });
});
