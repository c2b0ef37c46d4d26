import { eq, reviewStats } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

const version = () => shop.app.catalogue.version;

describe('the catalogue version', () => {
  it('is past 0 once loaded and stays put while the shop is only read', async () => {
    const loaded = version();
    expect(loaded).toBeGreaterThan(0);
    const [first] = shop.app.catalogue.view.visibleProducts();
    if (!first) throw new Error('the demo shop has no products');
    expectStatus(await shop.post('category_list', {}), 200);
    expectStatus(await shop.post('category_product_list', { category_id: first.categoryId }), 200);
    expectStatus(await shop.post('product_detail', { product_id: first.id }), 200);
    expectStatus(await shop.post('featured_product_list', {}), 200);
    // Told of stock that did not change: nothing to apply.
    await shop.app.catalogue.stockChanged([first.id]);
    expect(version()).toBe(loaded);
  });

  it('goes up when the owner edits a product, and again when it is archived', async () => {
    const [product] = shop.app.catalogue.view.visibleProducts();
    if (!product) throw new Error('the demo shop has no products');
    const before = version();
    expectStatus(await owner.patch(`/products/${product.id}`, { name: `${product.name} (renamed)` }), 200);
    const edited = version();
    expect(edited).toBeGreaterThan(before);
    expectStatus(await owner.delete(`/products/${product.id}`), 200);
    expect(version()).toBeGreaterThan(edited);
  });

  it('goes up when the owner edits a category (the small tables)', async () => {
    const before = version();
    const [category] = shop.app.catalogue.view.categoryNames;
    if (!category) throw new Error('the demo shop has no categories');
    expectStatus(await owner.patch(`/categories/${category[0]}`, { name: `${category[1]} (new)` }), 200);
    expect(version()).toBeGreaterThan(before);
  });

  it('goes up when an order reserves stock, even when the product stays in stock', async () => {
    const item = await checkout.stockedItem(5);
    // stockedItem wrote the database behind the catalogue's back: let it read that first.
    await shop.app.catalogue.stockChanged([item.productId]);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const before = version();
    await checkout.placed(shopper, addressId, item, 1);
    expect(version()).toBeGreaterThan(before);
    expect(shop.app.catalogue.view.stored(item.productId)?.inStock).toBe(true);
  });

  it("goes up when a product's published reviews change, and its cards and page show the new average", async () => {
    const [product] = shop.app.catalogue.view.visibleProducts();
    if (!product) throw new Error('the demo shop has no products');
    await shop.database.db.delete(reviewStats).where(eq(reviewStats.productId, product.id));
    await shop.database.db
      .insert(reviewStats)
      .values({ productId: product.id, count: 3, ratingSum: 13, stars4: 2, stars5: 1, trueToSize: 3 });
    const before = version();
    await shop.app.catalogue.reviewsChanged([product.id]);
    expect(version()).toBeGreaterThan(before);
    const listing = expectStatus(await shop.post('category_product_list', { category_id: product.categoryId }), 200);
    const card = listing.product.find((c: { product_id: number }) => c.product_id === product.id);
    expect(card).toMatchObject({ rating_average: 4.3, rating_count: 3 });
    const detail = expectStatus(await shop.post('product_detail', { product_id: product.id }), 200);
    expect(detail.products).toMatchObject({ rating_average: 4.3, rating_count: 3 });
    // Told again with nothing changed: the same version.
    const after = version();
    await shop.app.catalogue.reviewsChanged([product.id]);
    expect(version()).toBe(after);
    // A whole reload reads the same numbers.
    await shop.app.catalogue.refresh();
    expect(shop.app.catalogue.view.product(product.id)?.card).toMatchObject({ rating_average: 4.3, rating_count: 3 });
  });

  it('goes up with a whole reload, never down', async () => {
    const before = version();
    await shop.app.catalogue.refresh();
    expect(version()).toBeGreaterThan(before);
  });
});
