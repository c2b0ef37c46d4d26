import type { OrderDetail, ProductDetailAnswer, ReturnDetail } from '@kapaas/contract';
import { jhablaDetail } from '#storefront/test/fixtures.ts';

/** The last moment to ask, far ahead: 3 December in India (23:59 IST). */
export const OPEN_UNTIL = '2099-12-03T18:29:59.999Z';

/** A delivered order: two kurta sets in 2-3Y and one romper. */
export const deliveredOrder: OrderDetail = {
  order_id: 501,
  created_date: '2026-11-20T10:30:00.000Z',
  status: 'delivered',
  total_items: 3,
  total: 2757,
  payment_method: 'online',
  amount_due_on_delivery: 0,
  delivery_by: '2026-11-26',
  description: [
    {
      product_id: 7,
      product_image: '/media/kurta.jpg',
      product_name: 'Kurta Set',
      product_size: '2-3Y',
      size_id: 12,
      product_quantity: 2,
      product_amount: 899,
      product_total: 1798,
      return_rule: { kind: 'returnable', reason: '' },
    },
    {
      product_id: 2,
      product_image: '/media/romper.jpg',
      product_name: 'Muslin Romper',
      product_size: '3-6M',
      size_id: 3,
      product_quantity: 1,
      product_amount: 959,
      product_total: 959,
      return_rule: { kind: 'returnable', reason: '' },
    },
  ],
  shipping_address: {
    first_name: 'Asha',
    last_name: 'Menon',
    address: '12 Temple Road',
    state: 'Kerala',
    city: 'Kochi',
    pin_code: '682001',
    email_id: 'asha@example.in',
    phone_number: '9876543210',
  },
  shipping_charge: 0,
  items_total: 2757,
  coupon_code: null,
  coupon_discount: 0,
  prepaid_discount: 0,
  cod_fee: 0,
  paid_at: '2026-11-20T10:30:00.000Z',
  payment_id: 'pay_Sbx9',
  paid_by: 'card',
  invoice_number: 'KPS/2627/00042',
  history: [
    { status: 'paid', note: null, at: '2026-11-20T10:30:00.000Z' },
    { status: 'delivered', note: null, at: '2026-11-26T10:30:00.000Z' },
  ],
  return_until: OPEN_UNTIL,
  returns: [],
  shipment: null,
};

/** The kurta set's sizes: 2-3Y was bought, 4-5Y is sold out. */
export function kurtaDetail(sizes = { '3-4Y': 4, '4-5Y': 0 }): ProductDetailAnswer {
  return {
    success: true,
    products: {
      ...jhablaDetail.products,
      product_id: 7,
      name: 'Kurta Set',
      sizes: [
        { size_id: 11, size: '1-2Y', max_quantity: 3, in_stock: true },
        { size_id: 12, size: '2-3Y', max_quantity: 2, in_stock: true },
        { size_id: 13, size: '3-4Y', max_quantity: sizes['3-4Y'], in_stock: sizes['3-4Y'] > 0 },
        { size_id: 14, size: '4-5Y', max_quantity: sizes['4-5Y'], in_stock: sizes['4-5Y'] > 0 },
      ],
    },
  };
}

/** An exchange of one kurta set 2-3Y for 3-4Y, approved and received, the new size shipped. */
export const exchangeShipped: ReturnDetail = {
  return_id: 31,
  order_id: 501,
  status: 'exchange_shipped',
  created_at: '2026-11-27T09:00:00.000Z',
  lines: [
    {
      product_id: 7,
      product_name: 'Kurta Set',
      product_image: '/media/kurta.jpg',
      size_id: 12,
      size: '2-3Y',
      quantity: 1,
      kind: 'exchange',
      new_size_id: 13,
      new_size: '3-4Y',
      reason: 'too_small',
      note: 'She grew fast.',
      amount: 899,
    },
  ],
  refund_amount: 0,
  photos: ['/api/return_photo/0123456789abcdef01234567-800.webp'],
  decision_message: 'Send it back with the tag on.',
  refund: null,
  exchange_shipment: { tracking_note: 'DTDC D1234567', at: '2026-11-29T11:00:00.000Z' },
  history: [
    { status: 'requested', note: null, at: '2026-11-27T09:00:00.000Z' },
    {
      status: 'approved',
      note: 'Return approved. Please pack the pieces and send them back to us.',
      at: '2026-11-27T12:00:00.000Z',
    },
    { status: 'received', note: null, at: '2026-11-28T12:00:00.000Z' },
    { status: 'exchange_shipped', note: 'DTDC D1234567', at: '2026-11-29T11:00:00.000Z' },
  ],
};
