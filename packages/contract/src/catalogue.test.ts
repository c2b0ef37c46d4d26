import { describe, expect, it } from 'vitest';
import { CategoryProductListRequest, ProductDetailRequest } from './catalogue';
import { Id } from './common';

describe('Id', () => {
  it('accepts positive integers and their decimal strings', () => {
    expect(Id.parse(12)).toBe(12);
    expect(Id.parse('12')).toBe(12);
  });

  it.each([0, -1, 1.5, '', 'abc', '012', '1e3', null, '99999999999'])('refuses %j', (value) => {
    expect(Id.safeParse(value).success).toBe(false);
  });
});

describe('catalogue requests', () => {
  it('takes exactly one of category_id and subcategory_id', () => {
    expect(CategoryProductListRequest.safeParse({ category_id: 1 }).success).toBe(true);
    expect(CategoryProductListRequest.safeParse({ subcategory_id: '3' }).success).toBe(true);
    expect(CategoryProductListRequest.safeParse({}).success).toBe(false);
    expect(CategoryProductListRequest.safeParse({ category_id: 1, subcategory_id: 2 }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    expect(ProductDetailRequest.safeParse({ product_id: 1, price: 1 }).success).toBe(false);
  });
});
