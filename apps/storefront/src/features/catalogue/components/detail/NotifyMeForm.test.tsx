import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetIdentity, rememberUser } from '#storefront/lib/session.ts';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

function alertCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/stock_alert'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** Opens "Notify me" under the sold-out 0-3M and answers the form, once its code has loaded. */
async function openNotifyMe(user: ReturnType<typeof renderRoute>['user']) {
  const open = await screen.findByRole('button', { name: 'Notify me when 0-3M is back' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  const form = await screen.findByRole('form', { name: 'Notify me: 0-3M' });
  expect(open).toHaveAttribute('aria-expanded', 'true');
  expect(open).toHaveAttribute('aria-controls', form.id);
  return {
    form,
    email: within(form).getByRole('textbox', { name: /0-3M is sold out/ }),
    send: within(form).getByRole('button', { name: 'Notify me' }),
  };
}

describe('Notify me on a sold-out size', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => forgetIdentity());

  it('is offered under sold-out sizes only', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    renderRoute('/product-detail/11');
    expect(await screen.findByRole('button', { name: 'Notify me when 0-3M is back' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Notify me when 3-6M/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Notify me/ })).not.toBeInTheDocument();
  });

  it('checks the address beside the field, then sends it with the product and size and shows the answer', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      stock_alert: { success: true, message: 'We will write to you once when size 0-3M is back.' },
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, email, send } = await openNotifyMe(user);
    expect(email).toHaveValue('');

    await user.click(send);
    expect(await within(form).findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'meera@');
    await user.click(send);
    expect(await within(form).findByText('Invalid email format')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Invalid email format');
    expect(alertCalls(fetchMock)).toEqual([]);

    await user.clear(email);
    await user.type(email, ' meera@example.in ');
    await user.click(send);
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'We will write to you once when size 0-3M is back.',
    );
    expect(alertCalls(fetchMock)).toEqual([{ product_id: 11, size_id: 1, email: 'meera@example.in' }]);
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('fills in a logged-in shopper’s address', async () => {
    rememberUser({ id: 7, name: 'Asha', email: 'asha@example.in' });
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');
    const { email } = await openNotifyMe(user);
    expect(email).toHaveValue('asha@example.in');
  });

  it('shows the shop’s refusal beside the field', async () => {
    stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      stock_alert: () => json(409, { success: false, message: 'This size is in stock: add it to your cart.' }),
    });
    const { user } = renderRoute('/product-detail/11');
    const { form, email, send } = await openNotifyMe(user);
    await user.type(email, 'ravi@example.in');
    await user.click(send);
    expect(await within(form).findByText('This size is in stock: add it to your cart.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This size is in stock: add it to your cart.');
    expect(within(form).getByRole('status')).toHaveTextContent('');
  });

  it('closes when its button is pressed again', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');
    await openNotifyMe(user);
    await user.click(screen.getByRole('button', { name: 'Notify me when 0-3M is back' }));
    expect(screen.queryByRole('form', { name: /Notify me/ })).not.toBeInTheDocument();
  });
});
