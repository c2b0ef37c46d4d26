import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KapaasCsvRow, kapaasPricesOf, shopifyPricesOf } from './catalogue-csv';

/** A product's prices as Kapaas allows them: a list price, and a discount price below it or none. */
const kapaasPrices = fc.integer({ min: 2, max: 1_000_000_000 }).chain((pricePaise) =>
  fc.record({
    pricePaise: fc.constant(pricePaise),
    discountPricePaise: fc.option(fc.integer({ min: 1, max: pricePaise - 1 }), { nil: null }),
  }),
);

describe('the price mapping between Kapaas and Shopify', () => {
  it('gives back the same prices after a trip through Shopify’s variant and compare-at prices', () => {
    fc.assert(
      fc.property(kapaasPrices, (prices) => {
        expect(kapaasPricesOf(shopifyPricesOf(prices))).toEqual(prices);
      }),
    );
  });

  it('reads a compare-at price only when it is above the variant price', () => {
    expect(kapaasPricesOf({ variantPricePaise: 99_950, compareAtPricePaise: 129_900 })).toEqual({
      pricePaise: 129_900,
      discountPricePaise: 99_950,
    });
    for (const compareAtPricePaise of [null, 99_950, 50_000]) {
      expect(kapaasPricesOf({ variantPricePaise: 99_950, compareAtPricePaise })).toEqual({
        pricePaise: 99_950,
        discountPricePaise: null,
      });
    }
  });
});

describe("a row of Kapaas's CSV", () => {
  const row = {
    handle: 'haldi-jhabla',
    name: 'Haldi Jhabla',
    category: 'Newborn Essentials',
    subcategory: 'Jhablas',
    description: '<p>Soft</p>',
    product_details: '',
    wash_care: '',
    price: '1299.00',
    discount_price: '999.50',
    pattern: '',
    gender: 'Unisex',
    status: 'active',
    hsn_code: '',
    weight_grams: '95',
    images: 'https://shop.example/media/a.webp | https://shop.example/media/b.webp',
    size: '0-3M',
    sku: ' KP-1-0-3M ',
    stock: '7',
  };

  it('reads rupees with two decimals, the images in order, a trimmed SKU and empty cells as none', () => {
    expect(KapaasCsvRow.parse(row)).toMatchObject({
      price: 1299,
      discount_price: 999.5,
      pattern: null,
      gender: 'Unisex',
      hsn_code: null,
      weight_grams: 95,
      images: ['https://shop.example/media/a.webp', 'https://shop.example/media/b.webp'],
      sku: 'KP-1-0-3M',
      stock: 7,
    });
  });

  it('refuses, beside the column, an amount not in rupees with two decimals, a discount not below, a bad SKU', () => {
    const issues = (changes: Record<string, string>) =>
      KapaasCsvRow.safeParse({ ...row, ...changes }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ price: '1,299' })).toEqual(['price']);
    expect(issues({ price: 'abc' })).toEqual(['price']);
    expect(issues({ discount_price: '1299.00' })).toEqual(['discount_price']);
    expect(issues({ sku: 'KP 1' })).toEqual(['sku']);
    expect(issues({ status: 'draft' })).toEqual(['status']);
  });
});
