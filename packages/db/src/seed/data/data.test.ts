import { describe, expect, it } from 'vitest';
import { bestSellingSlugs, categories, newArrivalSlugs, products } from './catalogue';
import { coupons } from './coupons';
import { ads, banners, testimonials } from './home';
import { states } from './india';
import { GENDERS, PATTERNS, SIZE_LABELS } from './types';
import { PIECE_WEIGHT_RANGES, pieceWeightGrams } from './weights';

const HEX = /^#[0-9a-f]{6}$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The storefront renders these as HTML, so only the harmless tags are allowed. */
const SAFE_HTML = /^(?:[^<]|<\/?(?:p|strong|em)>|<br>)*$/;

function duplicates(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe('categories', () => {
  it('has the ten categories in footer order, each with 2–4 subcategories', () => {
    expect(categories.length).toBeGreaterThanOrEqual(10);
    expect(categories.slice(0, 10).map((c) => c.name)).toEqual([
      'Newborn Essentials',
      'Jhablas & Tops',
      'Rompers & Onesies',
      'Sleepwear',
      'Bottoms',
      'Dresses & Frocks',
      'Sets & Co-ords',
      'Swaddles & Blankets',
      'Bibs & Accessories',
      'Bedding',
    ]);
    for (const category of categories) {
      expect(category.subcategories.length, category.name).toBeGreaterThanOrEqual(2);
      expect(category.subcategories.length, category.name).toBeLessThanOrEqual(4);
      expect(category.colors.every((c) => HEX.test(c))).toBe(true);
    }
  });

  it('uses unique kebab-case slugs', () => {
    const categorySlugs = categories.map((c) => c.slug);
    const subSlugs = categories.flatMap((c) => c.subcategories.map((s) => s.slug));
    expect(duplicates(categorySlugs)).toEqual([]);
    expect(duplicates(subSlugs)).toEqual([]);
    for (const slug of [...categorySlugs, ...subSlugs]) expect(slug).toMatch(KEBAB);
  });
});

describe('products', () => {
  it('has at least 80 products with unique slugs and names', () => {
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(duplicates(products.map((p) => p.slug))).toEqual([]);
    expect(duplicates(products.map((p) => p.name))).toEqual([]);
    for (const p of products) expect(p.slug).toMatch(KEBAB);
  });

  it('places every product in an existing category/subcategory pair, at least two per subcategory', () => {
    const counts = new Map<string, number>();
    for (const c of categories) for (const s of c.subcategories) counts.set(`${c.slug}/${s.slug}`, 0);
    for (const p of products) {
      const key = `${p.categorySlug}/${p.subcategorySlug}`;
      const count = counts.get(key);
      expect(count, `${p.slug} → ${key}`).toBeDefined();
      counts.set(key, (count ?? 0) + 1);
    }
    for (const [key, count] of counts) expect(count, key).toBeGreaterThanOrEqual(2);
  });

  it('prices in whole rupees from 299 to 2999', () => {
    for (const p of products) {
      expect(Number.isInteger(p.price), p.slug).toBe(true);
      expect(p.price, p.slug).toBeGreaterThanOrEqual(299);
      expect(p.price, p.slug).toBeLessThanOrEqual(2999);
    }
  });

  it('discounts at least a third of products, each by 10–30% in whole rupees', () => {
    const discounted = products.filter((p) => p.discountPrice !== null);
    expect(discounted.length).toBeGreaterThanOrEqual(Math.ceil(products.length / 3));
    for (const p of discounted) {
      const d = p.discountPrice ?? 0;
      expect(Number.isInteger(d), p.slug).toBe(true);
      expect(d, p.slug).toBeLessThan(p.price);
      expect(d, p.slug).toBeGreaterThanOrEqual(Math.ceil(p.price * 0.7));
      expect(d, p.slug).toBeLessThanOrEqual(Math.floor(p.price * 0.9));
    }
  });

  it('lists 2–6 contiguous sizes in display order, never all sold out', () => {
    for (const p of products) {
      expect(p.sizes.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.sizes.length, p.slug).toBeLessThanOrEqual(6);
      const first = p.sizes[0];
      if (!first) throw new Error(`${p.slug} has no sizes`);
      const start = SIZE_LABELS.indexOf(first.size);
      p.sizes.forEach((s, i) => {
        expect(s.size, p.slug).toBe(SIZE_LABELS[start + i]);
        expect(Number.isInteger(s.stock) && s.stock >= 0 && s.stock <= 40, p.slug).toBe(true);
      });
      expect(
        p.sizes.some((s) => s.stock > 0),
        p.slug,
      ).toBe(true);
    }
    const soldOut = products.flatMap((p) => p.sizes).filter((s) => s.stock === 0);
    expect(soldOut.length).toBeGreaterThan(0);
  });

  it('fills the display fields', () => {
    for (const p of products) {
      expect(p.imageCount, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.imageCount, p.slug).toBeLessThanOrEqual(4);
      expect(p.addedDaysAgo, p.slug).toBeGreaterThanOrEqual(0);
      expect(p.addedDaysAgo, p.slug).toBeLessThanOrEqual(180);
      expect(
        p.colors.every((c) => HEX.test(c)),
        p.slug,
      ).toBe(true);
      expect(p.description.length, p.slug).toBeGreaterThan(20);
      const detailLines = p.productDetails.split('\n').length;
      expect(detailLines, p.slug).toBeGreaterThanOrEqual(3);
      expect(detailLines, p.slug).toBeLessThanOrEqual(5);
      const careLines = p.washCare.split('\n').length;
      expect(careLines, p.slug).toBeGreaterThanOrEqual(3);
      expect(careLines, p.slug).toBeLessThanOrEqual(4);
    }
  });

  it('spreads patterns and genders across many products', () => {
    for (const pattern of PATTERNS) {
      expect(products.filter((p) => p.pattern === pattern).length, pattern).toBeGreaterThanOrEqual(5);
    }
    for (const gender of GENDERS) {
      expect(products.filter((p) => p.gender === gender).length, gender).toBeGreaterThanOrEqual(10);
    }
  });

  it('features existing products', () => {
    const slugs = new Set(products.map((p) => p.slug));
    expect(bestSellingSlugs).toHaveLength(8);
    expect(newArrivalSlugs).toHaveLength(8);
    for (const slug of [...bestSellingSlugs, ...newArrivalSlugs]) expect(slugs.has(slug), slug).toBe(true);
    expect(duplicates(bestSellingSlugs)).toEqual([]);
    const newest = Math.max(
      ...newArrivalSlugs.map((slug) => products.find((p) => p.slug === slug)?.addedDaysAgo ?? Number.POSITIVE_INFINITY),
    );
    const others = products.filter((p) => !newArrivalSlugs.includes(p.slug));
    for (const p of others) expect(p.addedDaysAgo, p.slug).toBeGreaterThanOrEqual(newest);
  });
});

describe('home content', () => {
  it('has 3 banners, 3–4 ads and 6 testimonials with safe HTML', () => {
    expect(banners).toHaveLength(3);
    expect(ads.length).toBeGreaterThanOrEqual(3);
    expect(ads.length).toBeLessThanOrEqual(4);
    expect(testimonials).toHaveLength(6);
    const categorySlugs = new Set(categories.map((c) => c.slug));
    for (const b of banners) {
      expect(categorySlugs.has(b.categorySlug), b.title).toBe(true);
      expect(b.descriptionHtml).toMatch(SAFE_HTML);
    }
    for (const t of testimonials) {
      expect(t.descriptionHtml).toMatch(SAFE_HTML);
      expect(t.backgroundColor).toMatch(HEX);
      expect(t.borderColor).toMatch(HEX);
    }
  });
});

describe('coupons', () => {
  it('has unique uppercase codes of both kinds', () => {
    expect(coupons.length).toBeGreaterThanOrEqual(6);
    expect(duplicates(coupons.map((c) => c.code))).toEqual([]);
    for (const c of coupons) expect(c.code).toMatch(/^[A-Z0-9]+$/);
    expect(coupons.some((c) => c.type === 'Amount' && c.amount > 0 && c.percentage === 0)).toBe(true);
    expect(coupons.some((c) => c.type === 'Percentage' && c.percentage > 0 && c.amount === 0)).toBe(true);
    for (const c of coupons) {
      expect(c.minOrderValue, c.code).toBeGreaterThan(0);
      expect(c.validFromDays, c.code).toBeLessThan(c.validToDays);
      if (c.type === 'Amount') expect(c.amount, c.code).toBeLessThan(c.minOrderValue);
    }
  });

  it('includes an expired coupon and a used-up one', () => {
    expect(coupons.some((c) => c.validToDays < 0)).toBe(true);
    expect(coupons.some((c) => c.usageLimit !== null && c.usedCount === c.usageLimit && c.validToDays > 0)).toBe(true);
  });
});

describe('states and cities', () => {
  it('lists all 28 states and 8 union territories', () => {
    expect(states).toHaveLength(36);
    expect(states.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(
      states
        .filter((s) => s.kind === 'union_territory')
        .map((s) => s.name)
        .sort(),
    ).toEqual([
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Delhi',
      'Jammu and Kashmir',
      'Ladakh',
      'Lakshadweep',
      'Puducherry',
    ]);
    expect(duplicates(states.map((s) => s.name))).toEqual([]);
  });

  it('gives each at least five unique cities', () => {
    for (const s of states) {
      expect(s.cities.length, s.name).toBeGreaterThanOrEqual(5);
      expect(duplicates(s.cities), s.name).toEqual([]);
      for (const city of s.cities) expect(city.trim()).toBe(city);
    }
  });
});

describe('piece weights', () => {
  it('weigh every subcategory’s pieces, and every demo product by its kind of garment, plausibly', () => {
    const slugs = categories.flatMap((c) => c.subcategories.map((s) => s.slug));
    expect(Object.keys(PIECE_WEIGHT_RANGES).sort()).toEqual([...slugs].sort());
    // A jhabla of mulmul weighs about 100 g, a romper about 150 g, a night suit (a pyjama set) about 250 g.
    expect(PIECE_WEIGHT_RANGES['newborn-jhablas']).toEqual([80, 120]);
    expect(PIECE_WEIGHT_RANGES['sleeveless-rompers']).toEqual([120, 180]);
    expect(PIECE_WEIGHT_RANGES['night-suits']).toEqual([200, 300]);
    const weights = new Set<number>();
    for (const p of products) {
      const weight = pieceWeightGrams(p.subcategorySlug, p.slug) ?? Number.NaN;
      const [least, most] = PIECE_WEIGHT_RANGES[p.subcategorySlug] ?? [0, 0];
      expect(weight, p.slug).toBeGreaterThanOrEqual(least);
      expect(weight, p.slug).toBeLessThanOrEqual(most);
      expect(weight % 5, p.slug).toBe(0);
      expect(pieceWeightGrams(p.subcategorySlug, p.slug)).toBe(weight);
      weights.add(weight);
    }
    // Not one weight per kind: pieces of a kind differ a little, as real ones do.
    expect(weights.size).toBeGreaterThan(categories.length * 2);
    expect(pieceWeightGrams('a-subcategory-the-demo-shop-lacks', 'x')).toBeNull();
  });
});
