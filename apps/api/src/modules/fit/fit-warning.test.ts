import { CartListAnswer } from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { shopToday } from '../../lib/shop-day';
import { expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { saveSizeChart } from './size-charts';

/**
 * The cart's warning beside a size outside every kept child's age range in the product's chart (issue 38, ADR 059):
 * computed by the server, only for a signed-in parent whose child_profile consent stands.
 */

let shop: TestShop;
const checkout = checkoutFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

function monthsAgo(back: number): string {
  const [year = 0, month = 0] = shopToday().split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const figures = {
  height_min_cm: 60,
  height_max_cm: 80,
  weight_min_kg: 6,
  weight_max_kg: 11,
  chest_cm: 46,
  length_cm: 40,
};

/** A product in stock whose own chart gives its size these ages. */
async function productForAges(min: number, max: number) {
  const item = await checkout.stockedItem(20);
  await saveSizeChart(shop.database.db, { productId: item.productId }, [
    { size_id: item.sizeId, age_min_months: min, age_max_months: max, ...figures },
  ]);
  return item;
}

const warnings = async (shopper: Shopper) =>
  CartListAnswer.parse(expectStatus(await shopper.post('cart_list', {}), 200)).product.map((line) => [
    line.product_id,
    line.fit_warning,
  ]);

describe("cart_list's fit_warning", () => {
  it("warns beside a size outside every child's ages, not beside one that fits, and only while the consent stands", async () => {
    const [small, fitting] = [await productForAges(6, 12), await productForAges(18, 24)];
    const parent = await shop.user();
    for (const item of [small, fitting]) await checkout.addToCart(parent, item, 1);
    // No consent, no child: no warning.
    expect(await warnings(parent)).toEqual([
      [small.productId, null],
      [fitting.productId, null],
    ]);

    expectStatus(await parent.post('consent_update', { purpose: 'child_profile', given: true }), 200);
    expectStatus(await parent.post('child_profile_add', { first_name: 'Aarav', birth_month: monthsAgo(20) }), 200);
    const label = (await shop.database.db.query.sizes.findFirst({ where: (s, { eq }) => eq(s.id, small.sizeId) }))
      ?.label;
    expect(await warnings(parent)).toEqual([
      [small.productId, `${label} is for 6–12 months; Aarav is 20 months.`],
      [fitting.productId, null],
    ]);

    // A second child the small size fits: no child left out, no warning.
    expectStatus(await parent.post('child_profile_add', { birth_month: monthsAgo(7) }), 200);
    expect((await warnings(parent))[0]).toEqual([small.productId, null]);

    // Withdrawn: the children are gone, and so is the warning.
    expectStatus(await parent.post('consent_update', { purpose: 'child_profile', given: false }), 200);
    expect(await warnings(parent)).toEqual([
      [small.productId, null],
      [fitting.productId, null],
    ]);
  });

  it('names every child when none fits, and is null for a guest', async () => {
    const item = await productForAges(0, 3);
    const parent = await shop.user();
    await checkout.addToCart(parent, item, 1);
    expectStatus(await parent.post('consent_update', { purpose: 'child_profile', given: true }), 200);
    expectStatus(await parent.post('child_profile_add', { first_name: 'Diya', birth_month: monthsAgo(30) }), 200);
    expectStatus(await parent.post('child_profile_add', { birth_month: monthsAgo(9) }), 200);
    expect((await warnings(parent))[0]?.[1]).toMatch(
      /is for 0–3 months; Diya is 30 months and your child is 9 months\.$/,
    );

    const guest = await shop.guest();
    await checkout.addToCart(guest, await productForAges(0, 3), 1);
    expect((await warnings(guest))[0]?.[1]).toBeNull();
  });
});
