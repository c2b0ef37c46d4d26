import type { AddCartRequest, CartListAnswer } from '@kapaas/contract';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { json } from '../../test/fakeApi';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from './api';

describe('apiPost', () => {
  it('posts JSON with the session cookie and resolves with a successful answer', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, category: [] }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiPost('category_list')).resolves.toEqual({ success: true, category: [] });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/category_list',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: '{}' }),
    );
  });

  it('rejects a 4xx answer with its status, message and field errors', async () => {
    const errors = { email: ['The email has already been taken.'] };
    vi.stubGlobal('fetch', async () =>
      json(422, { success: false, message: 'Registration failed', errors, code: 'INVALID_DATA' }),
    );

    const registration = {
      name: 'Asha',
      email: 'asha@example.in',
      phone: '9876543210',
      password: 'cotton-soft-42',
      password_confirmation: 'cotton-soft-42',
    };
    const failure = await apiPost('register', registration).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      message: 'Registration failed',
      errors,
      code: 'INVALID_DATA',
      isClientError: true,
    });
  });

  it('rejects a 200 answer that does not say success', async () => {
    vi.stubGlobal('fetch', async () => json(200, { success: false, message: 'Coupon expired' }));

    await expect(
      apiPost('Coupon_discount_details', { guest_id: 7, coupon_id: 4, total_amount: 2057 }),
    ).rejects.toMatchObject({ message: 'Coupon expired' });
  });

  it('uses the generic message for a server error without a readable body', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(apiPost('banner_list')).rejects.toMatchObject({ status: 502, message: NETWORK_ERROR_MESSAGE });
  });

  it('turns a network failure into an ApiError with the generic message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    const failure = await apiPost('banner_list').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: 'An error occurred. Please try again.', errors: {} });
  });

  it('lets a cancelled request reject as a cancellation, not as an API failure', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    const failure = await apiPost('banner_list', {}, { signal: controller.signal }).catch((error: unknown) => error);

    expect(failure).not.toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });

  it('types the body and the answer by the endpoint map', () => {
    expectTypeOf(apiPost<'cart_list'>).returns.resolves.toEqualTypeOf<CartListAnswer>();
    expectTypeOf(apiPost<'add_cart'>)
      .parameter(1)
      .toEqualTypeOf<AddCartRequest>();
    // Never called: the lines below only have to compile, or fail to where they are marked.
    const wrongCalls = () => [
      // @ts-expect-error add_cart needs the product, the size and the quantity
      apiPost('add_cart', { product_id: 3 }),
      // @ts-expect-error there is no such endpoint
      apiPost('cart_lists', {}),
      // @ts-expect-error a quantity is a number
      apiPost('cart_quantity_update', { guest_id: 7, product_id: 3, size: 2, quantity: 'two' }),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });
});
