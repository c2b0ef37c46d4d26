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
    seo_title: '',
    seo_description: '',
    vendor: '',
    tags: '',
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

  it('reads the SEO title and description, the vendor and the comma-separated tags; empty cells as none', () => {
    expect(KapaasCsvRow.parse(row)).toMatchObject({ seo_title: null, seo_description: null, vendor: null, tags: [] });
    const given = {
      ...row,
      seo_title: ' Haldi Jhabla for newborns ',
      seo_description: 'A soft jhabla.',
      vendor: 'Kapaas',
      tags: 'Summer, organic ,, summer,Newborn',
    };
    expect(KapaasCsvRow.parse(given)).toMatchObject({
      seo_title: 'Haldi Jhabla for newborns',
      seo_description: 'A soft jhabla.',
      vendor: 'Kapaas',
      // Empty pieces dropped, a tag given twice (ignoring case) kept once, in the order written.
      tags: ['Summer', 'organic', 'Newborn'],
    });
  });

  it('refuses, beside the column, an SEO title over 70, a description over 320, a vendor over 100, a long tag, 51 tags', () => {
    const issues = (changes: Record<string, string>) =>
      KapaasCsvRow.safeParse({ ...row, ...changes }).error?.issues.map((issue) => issue.path[0]);
    expect(issues({ seo_title: 'x'.repeat(71) })).toEqual(['seo_title']);
    expect(issues({ seo_title: 'x'.repeat(70) })).toBeUndefined();
    expect(issues({ seo_description: 'x'.repeat(321) })).toEqual(['seo_description']);
    expect(issues({ vendor: 'x'.repeat(101) })).toEqual(['vendor']);
    expect(issues({ tags: `ok, ${'x'.repeat(41)}` })).toEqual(['tags']);
    expect(issues({ tags: Array.from({ length: 51 }, (_, at) => `t${at}`).join(',') })).toEqual(['tags']);
    expect(issues({ tags: Array.from({ length: 50 }, (_, at) => `t${at}`).join(',') })).toBeUndefined();
  });
});
