import { eq, shopSettings } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_PARCEL_TERMS, orderParcel, orderParcels, parcelOf } from './index';
import { packedOrderOfThreeLines } from './parcel.fixtures';

const terms = { lengthCm: 30, breadthCm: 25, heightCm: 5, defaultPieceWeightGrams: 200 };

describe('parcelOf', () => {
  it('adds each line’s quantity times its weight, the default per piece where a product has none', () => {
    const parcel = parcelOf(
      [
        { quantity: 2, weightGrams: 100 },
        { quantity: 1, weightGrams: null },
        { quantity: 3, weightGrams: 250 },
      ],
      terms,
    );
    expect(parcel).toEqual({
      weightGrams: 2 * 100 + 200 + 3 * 250,
      pieces: 6,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 5,
    });
  });

  it('weighs the sum of the lines whatever their order, and never less than the pieces at 1 g', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 10 }),
      weightGrams: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.integer({ min: 1, max: 30_000 }), (lines, fallback) => {
        const own = { ...terms, defaultPieceWeightGrams: fallback };
        const parcel = parcelOf(lines, own);
        const expected = lines.reduce((total, l) => total + l.quantity * (l.weightGrams ?? fallback), 0);
        expect(parcel.weightGrams).toBe(expected);
        expect(parcelOf([...lines].reverse(), own).weightGrams).toBe(expected);
        expect(parcel.pieces).toBe(lines.reduce((n, l) => n + l.quantity, 0));
        expect(parcel.weightGrams).toBeGreaterThanOrEqual(parcel.pieces);
      }),
    );
  });
});

describe('orderParcel', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('weighs an order by its products now, the owner’s default per piece for one not weighed, in the owner’s box', async () => {
    const orderId = (await packedOrderOfThreeLines(shop, 110)).order.id;
    expect(await orderParcel(shop.database.db, orderId)).toEqual({
      weightGrams: 3 * 110 + 3 * DEFAULT_PARCEL_TERMS.defaultPieceWeightGrams,
      pieces: 6,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 5,
    });
    await shop.database.db
      .update(shopSettings)
      .set({ parcelLengthCm: 35, parcelBreadthCm: 28, parcelHeightCm: 8, defaultPieceWeightGrams: 150 })
      .where(eq(shopSettings.id, 1));
    expect(await orderParcel(shop.database.db, orderId)).toEqual({
      weightGrams: 3 * 110 + 3 * 150,
      pieces: 6,
      lengthCm: 35,
      breadthCm: 28,
      heightCm: 8,
    });
    const both = await orderParcels(shop.database.db, [orderId, 999_999]);
    expect([...both.keys()]).toEqual([orderId]);
    expect(await orderParcel(shop.database.db, 999_999)).toBeUndefined();
  });
});
