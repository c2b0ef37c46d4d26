import { describe, expect, it } from 'vitest';
import { shownOrderOf } from './orderSuccessState';

describe('shownOrderOf', () => {
  it('reads a cash-on-delivery order as the checkout sent it', () => {
    expect(
      shownOrderOf({
        orderId: 12,
        paymentMethod: 'cod',
        deliveryBy: '2026-12-10',
        amountDue: 727,
        status: 'cod_pending_confirmation',
      }),
    ).toEqual({
      orderId: '12',
      paymentMethod: 'cod',
      deliveryBy: '2026-12-10',
      amountDue: 727,
      status: 'cod_pending_confirmation',
      whatsappNumber: null,
    });
  });

  it('reads the number a COD order’s confirmation was asked on WhatsApp', () => {
    const state = { orderId: 12, paymentMethod: 'cod', status: 'cod_pending_confirmation' };
    expect(shownOrderOf({ ...state, whatsappNumber: '+91 98470 12345' }).whatsappNumber).toBe('+91 98470 12345');
    expect(shownOrderOf({ ...state, whatsappNumber: 919847012345 }).whatsappNumber).toBeNull();
  });

  it('falls back to an online order without details for what is missing or not a placed COD status', () => {
    expect(shownOrderOf(null)).toEqual({
      orderId: 'N/A',
      paymentMethod: 'online',
      deliveryBy: null,
      amountDue: 0,
      status: null,
      whatsappNumber: null,
    });
    expect(shownOrderOf({ orderId: 3, paymentMethod: 'card', amountDue: Number.NaN, status: 'shipped' })).toEqual({
      orderId: '3',
      paymentMethod: 'online',
      deliveryBy: null,
      amountDue: 0,
      status: null,
      whatsappNumber: null,
    });
  });
});
