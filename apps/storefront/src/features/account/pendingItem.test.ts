import { describe, expect, it } from 'vitest';
import { pendingItemFrom } from './pendingItem';

describe('the item a shopper brings to the login page', () => {
  it('keeps the "find my size" advice the size was chosen by, so the order line still counts it (ADR 060)', () => {
    expect(pendingItemFrom({ product_id: 3, size: 2, quantity: 1, advice_id: 17 })).toEqual({
      product_id: 3,
      size: 2,
      quantity: 1,
      advice_id: 17,
    });
  });

  it('drops an advice that is not an id, and keeps the item', () => {
    expect(pendingItemFrom({ product_id: 3, size: 2, quantity: 1, advice_id: 'x' })).toEqual({
      product_id: 3,
      size: 2,
      quantity: 1,
    });
  });

  it('ignores a state that is not a whole item', () => {
    expect(pendingItemFrom({ product_id: 3, size: 2 })).toBeUndefined();
    expect(pendingItemFrom(null)).toBeUndefined();
  });
});
