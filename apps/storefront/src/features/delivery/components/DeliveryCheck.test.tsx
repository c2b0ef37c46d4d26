import type { DeliveryCheckAnswer } from '@kapaas/contract';
import { testQueryClient } from '@kapaas/web-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail, romper } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { DELIVERY_PIN_KEY } from '../rememberedPin';
import { DeliveryCheck } from './DeliveryCheck';

const emptyCart = { success: true, product: [], total_items: 0, total_amount: 0 };

const romperDetail = {
  success: true,
  products: { ...jhablaDetail.products, product_id: romper.product_id, name: romper.name, relate_products: [] },
};

/** The answers the API gives for Tezpur (784001) and for a PIN code India Post does not list. */
function deliveryAnswer(body: Record<string, unknown>) {
  if (body.pin_code === '999999') {
    const message = 'We could not find this PIN code. Please check it.';
    return json(400, { success: false, message, errors: { pin_code: [message] } });
  }
  const answer: DeliveryCheckAnswer = {
    success: true,
    pin_code: String(body.pin_code),
    state_name: 'Assam',
    district: 'Sonitpur',
    serviceable: true,
    cod_available: true,
    delivery_by: '2026-12-03',
    zone: 'remote',
    message: 'Delivery by Thu, 3 Dec. Cash on delivery available.',
  };
  return answer;
}

function shop() {
  return stubApi({
    category_list: categoryList,
    cart_list: emptyCart,
    product_detail: (body) => (body.product_id === romper.product_id ? romperDetail : jhablaDetail),
    delivery_check: deliveryAnswer,
  });
}

function deliveryCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/delivery_check'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The product page's delivery box, once its code has loaded (it loads apart from the page's first files). */
async function deliveryBox() {
  const box = await screen.findByRole('region', { name: 'Check delivery' });
  return { box, pin: () => within(box).getByRole('textbox', { name: 'PIN code' }) };
}

describe('Check delivery on the product page', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('answers a good PIN code with the date, the place and cash on delivery, asking for this product', async () => {
    const fetchMock = shop();
    const { user } = renderRoute('/product-detail/11');
    const { box, pin } = await deliveryBox();

    await user.type(pin(), '784001');
    await user.click(within(box).getByRole('button', { name: 'Check' }));

    expect(await within(box).findByText('Delivery by Thu, 3 Dec. Cash on delivery available.')).toBeInTheDocument();
    expect(within(box).getByText('Sonitpur, Assam')).toBeInTheDocument();
    expect(within(box).getByText('Cash on delivery available')).toBeInTheDocument();
    expect(within(box).getByText('Sonitpur, Assam').closest('[aria-live="polite"]')).not.toBeNull();
    expect(deliveryCalls(fetchMock)).toEqual([{ pin_code: '784001', product_id: 11 }]);
  });

  it('says when cash on delivery is not offered there', async () => {
    stubApi({
      category_list: categoryList,
      cart_list: emptyCart,
      product_detail: jhablaDetail,
      delivery_check: (body) => ({
        ...(deliveryAnswer(body) as DeliveryCheckAnswer),
        cod_available: false,
        message: 'Delivery by Thu, 3 Dec.',
      }),
    });
    const { user } = renderRoute('/product-detail/11');
    const { box, pin } = await deliveryBox();

    await user.type(pin(), '784001{Enter}');

    expect(await within(box).findByText('Cash on delivery not available here')).toBeInTheDocument();
    expect(within(box).queryByText('Cash on delivery available')).not.toBeInTheDocument();
  });

  it('shows the server’s word about an unknown PIN code beside the field, and remembers nothing', async () => {
    shop();
    const { user } = renderRoute('/product-detail/11');
    const { box, pin } = await deliveryBox();

    await user.type(pin(), '999999');
    await user.click(within(box).getByRole('button', { name: 'Check' }));

    const message = 'We could not find this PIN code. Please check it.';
    expect(await within(box).findByText(message)).toBeInTheDocument();
    expect(pin()).toHaveAttribute('aria-invalid', 'true');
    expect(pin()).toHaveAccessibleDescription(message);
    expect(pin()).toHaveValue('999999');
    expect(sessionStorage.getItem(DELIVERY_PIN_KEY)).toBeNull();
  });

  it('catches a malformed PIN code before asking the shop', async () => {
    const fetchMock = shop();
    const { user } = renderRoute('/product-detail/11');
    const { box, pin } = await deliveryBox();

    await user.type(pin(), '12345');
    await user.click(within(box).getByRole('button', { name: 'Check' }));

    expect(await within(box).findByText('Pin code must be 6 digits')).toBeInTheDocument();
    expect(pin()).toHaveAccessibleDescription('Pin code must be 6 digits');
    expect(pin()).toHaveAttribute('inputmode', 'numeric');
    expect(pin()).toHaveAttribute('autocomplete', 'postal-code');
    expect(deliveryCalls(fetchMock)).toEqual([]);
  });

  it('remembers the PIN code for the session and checks it again on the next product page', async () => {
    const fetchMock = shop();
    const { user } = renderRoute('/product-detail/11');
    const { box, pin } = await deliveryBox();

    await user.type(pin(), '784001');
    await user.click(within(box).getByRole('button', { name: 'Check' }));
    expect(await within(box).findByText('Sonitpur, Assam')).toBeInTheDocument();
    expect(sessionStorage.getItem(DELIVERY_PIN_KEY)).toBe('784001');

    const related = screen.getByRole('region', { name: 'You may also like' });
    await user.click(within(related).getAllByRole('link', { name: new RegExp(romper.name) })[0] as HTMLElement);

    expect(await screen.findByRole('heading', { name: romper.name })).toBeInTheDocument();
    await waitFor(() => expect(deliveryCalls(fetchMock)).toContainEqual({ pin_code: '784001', product_id: 12 }));
    const next = await deliveryBox();
    expect(await within(next.box).findByText('Sonitpur, Assam')).toBeInTheDocument();
    expect(within(next.box).getByText('784001')).toBeInTheDocument();

    await user.click(within(next.box).getByRole('button', { name: 'Change PIN code' }));
    expect(next.pin()).toHaveFocus();
    expect(next.pin()).toHaveValue('784001');
    expect(within(next.box).queryByText('Sonitpur, Assam')).not.toBeInTheDocument();
  });

  it('renders the empty form on the server even when a PIN code is remembered, so hydration matches', () => {
    sessionStorage.setItem(DELIVERY_PIN_KEY, '784001');
    const html = renderToString(
      <QueryClientProvider client={testQueryClient()}>
        <DeliveryCheck productId={11} />
      </QueryClientProvider>,
    );
    expect(html).toMatch(/<input [^>]*value=""/);
    expect(html).not.toContain('784001');
    // Until its script has hydrated it, a tap on Check cannot submit the bare form and reload the page.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Check<\/button>/);
  });

  it('keeps a PIN code typed into the server’s HTML before hydration, and lets Check ask for it once hydrated', async () => {
    const fetchMock = shop();
    const ui = () => (
      <QueryClientProvider client={testQueryClient()}>
        <DeliveryCheck productId={11} />
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui());
    document.body.append(container);
    const box = within(container);
    const pin = box.getByRole('textbox', { name: 'PIN code' }) as HTMLInputElement;
    pin.value = '784001';
    expect(box.getByRole('button', { name: 'Check' })).toBeDisabled();

    const root = await act(async () => hydrateRoot(container, ui()));
    await waitFor(() => expect(box.getByRole('button', { name: 'Check' })).toBeEnabled());
    expect(pin).toHaveValue('784001');
    await act(async () => box.getByRole('button', { name: 'Check' }).click());
    expect(await box.findByText('Sonitpur, Assam')).toBeInTheDocument();
    expect(deliveryCalls(fetchMock)).toEqual([{ pin_code: '784001', product_id: 11 }]);
    act(() => root.unmount());
    container.remove();
  });
});
