import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';
import { prepareDatabase } from '../prepare';
import * as schema from '../schema';
import { isShopEmpty, seedDemoShop } from '.';
import { categories, products } from './data/catalogue';
import { states } from './data/india';
import { DEMO_SIZE_CHARTS } from './data/size-charts';
import { SIZE_LABELS } from './data/types';
import { pieceWeightGrams } from './data/weights';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await handle.close();
});

const tables = {
  categories: schema.categories,
  subcategories: schema.subcategories,
  products: schema.products,
  productImages: schema.productImages,
  productSizes: schema.productSizes,
  banners: schema.banners,
  ads: schema.ads,
  testimonials: schema.testimonials,
  featuredSectionProducts: schema.featuredSectionProducts,
  coupons: schema.coupons,
  states: schema.states,
  cities: schema.cities,
  shopSettings: schema.shopSettings,
  users: schema.users,
  orders: schema.orders,
  orderItems: schema.orderItems,
  orderEvents: schema.orderEvents,
  reviews: schema.reviews,
  reviewStats: schema.reviewStats,
  reviewRequests: schema.reviewRequests,
  payments: schema.payments,
};

async function counts() {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await handle.db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describe('the demo shop seed', () => {
  it('seeds an empty database at start-up, and only then', async () => {
    expect((await prepareDatabase(handle, { seedDemo: true })).seeded).toBe(true);
    expect(await isShopEmpty(handle.db)).toBe(false);
    expect((await prepareDatabase(handle, { seedDemo: true })).seeded).toBe(false);
  });

  it('fills the shop as the data says', async () => {
    const c = await counts();
    expect(c.categories).toBe(categories.length);
    expect(c.subcategories).toBe(categories.reduce((n, category) => n + category.subcategories.length, 0));
    expect(c.products).toBe(products.length);
    expect(c.productImages).toBe(products.reduce((n, p) => n + p.imageCount, 0));
    expect(c.states).toBe(36);
    expect(c.cities).toBe(states.reduce((n, s) => n + s.cities.length, 0));
    expect(c.banners).toBe(3);
    expect(c.testimonials).toBe(6);
    const [settings] = await handle.db.select().from(schema.shopSettings);
    expect(settings).toMatchObject({ perOrderQuantityCap: 10 });
  });

  it('gives every size of every demo product its SKU, KP-<product id>-<size>, each once (ADR 063)', async () => {
    const rows = await handle.db
      .select({ productId: schema.productSizes.productId, sku: schema.productSizes.sku, size: schema.sizes.label })
      .from(schema.productSizes)
      .innerJoin(schema.sizes, eq(schema.sizes.id, schema.productSizes.sizeId));
    expect(rows.length).toBe(products.reduce((n, p) => n + p.sizes.length, 0));
    for (const row of rows) expect(row.sku).toBe(`KP-${row.productId}-${row.size}`);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(rows.length);
  });

  it('weighs every demo product as its data says, so a courier order has real weights', async () => {
    const rows = await handle.db
      .select({ slug: schema.products.slug, weight: schema.products.weightGrams, sub: schema.subcategories.slug })
      .from(schema.products)
      .innerJoin(schema.subcategories, eq(schema.subcategories.id, schema.products.subcategoryId));
    expect(rows).toHaveLength(products.length);
    for (const row of rows) expect(row.weight, row.slug).toBe(pieceWeightGrams(row.sub, row.slug));
    expect(rows.every((row) => row.weight !== null)).toBe(true);
  });

  it('is idempotent and never overwrites what the owner changed', async () => {
    const before = await counts();
    const [first] = await handle.db.select().from(schema.products).limit(1);
    await handle.db
      .update(schema.products)
      .set({ name: 'Owner renamed this' })
      .where(eq(schema.products.id, first?.id ?? 0));
    await seedDemoShop(handle.db);
    await seedDemoShop(handle.db);
    expect(await counts()).toEqual(before);
    const [after] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, first?.id ?? 0));
    expect(after?.name).toBe('Owner renamed this');
  });

  it('puts back what is missing when run again', async () => {
    const before = await counts();
    await handle.db.delete(schema.testimonials);
    await seedDemoShop(handle.db);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo buyers and their reviews', () => {
  it('review only lines of their own delivered orders, in the size bought', async () => {
    const rows = await handle.db
      .select({ review: schema.reviews, item: schema.orderItems, order: schema.orders })
      .from(schema.reviews)
      .innerJoin(schema.orderItems, eq(schema.orderItems.id, schema.reviews.orderItemId))
      .innerJoin(schema.orders, eq(schema.orders.id, schema.reviews.orderId));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.length).toBeLessThanOrEqual(12);
    expect(new Set(rows.map((r) => r.review.productId)).size).toBeGreaterThanOrEqual(4);
    for (const { review, item, order } of rows) {
      expect(order.status).toBe('delivered');
      expect(item.orderId).toBe(order.id);
      expect(order.userId).toBe(review.userId);
      expect(item.productId).toBe(review.productId);
      expect(item.sizeLabel).toBe(review.sizeLabel);
      expect(review.author).toBe(`${order.addressSnapshot.first_name} ${order.addressSnapshot.last_name[0]}.`);
      expect(review.createdAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(rows.map((r) => r.review.fit)).size).toBe(3);
  });

  it('have delivered orders priced from the products, with their whole history', async () => {
    const orders = await handle.db.select().from(schema.orders);
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      const items = await handle.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
      expect(order.itemsTotalPaise).toBe(items.reduce((sum, i) => sum + i.lineTotalPaise, 0));
      for (const item of items) {
        const [product] = await handle.db.select().from(schema.products).where(eq(schema.products.id, item.productId));
        expect(item.unitPricePaise).toBe(product?.discountPricePaise ?? product?.pricePaise);
      }
      const events = await handle.db
        .select()
        .from(schema.orderEvents)
        .where(eq(schema.orderEvents.orderId, order.id))
        .orderBy(schema.orderEvents.createdAt);
      expect(events.map((e) => e.status)).toEqual(
        order.paymentMethod === 'cod'
          ? ['cod_confirmed', 'packed', 'shipped', 'delivered', 'delivered']
          : ['pending_payment', 'paid', 'packed', 'shipped', 'delivered'],
      );
    }
    const users = await handle.db.select().from(schema.users);
    for (const user of users) expect(user.email).toMatch(/@example\.in$/);
  });

  it('were paid as Indian shoppers pay: an accepted payment with its method, or cash recorded at the door', async () => {
    const orders = await handle.db.select().from(schema.orders);
    const paid = await handle.db.select().from(schema.payments);
    const methods: string[] = [];
    for (const order of orders) {
      const mine = paid.filter((p) => p.orderId === order.id);
      expect(order.paidAt).not.toBeNull();
      if (order.paymentMethod === 'cod') {
        // Cash is recorded as the console's "cash collected" does: paid_at and a note, no provider payment.
        expect(mine).toEqual([]);
        const events = await handle.db
          .select()
          .from(schema.orderEvents)
          .where(eq(schema.orderEvents.orderId, order.id));
        expect(events.map((e) => e.note).join(' ')).toContain('Cash of ₹');
        methods.push('cod');
        continue;
      }
      expect(mine).toHaveLength(1);
      const [payment] = mine;
      expect(payment).toMatchObject({ status: 'accepted', amountPaise: order.totalPaise, refusalReason: null });
      const detail = {
        upi: payment?.vpa,
        card: payment?.cardLast4,
        netbanking: payment?.bank,
        wallet: payment?.wallet,
      };
      expect(detail[payment?.method as keyof typeof detail], payment?.method ?? 'no method').toBeTruthy();
      methods.push(payment?.method ?? 'none');
    }
    const share = (method: string) => methods.filter((m) => m === method).length;
    // Mostly UPI, then cards, netbanking and wallets, and some cash on delivery, as Indian shops see.
    for (const method of ['card', 'netbanking', 'wallet', 'cod']) expect(share('upi')).toBeGreaterThan(share(method));
    for (const method of ['card', 'netbanking', 'wallet', 'cod']) expect(share(method)).toBeGreaterThan(0);
    // Within the dashboard's 30 days, both kinds and several methods show.
    const recent = orders.filter((o) => o.createdAt.getTime() > Date.now() - 30 * 86_400_000);
    expect(new Set(recent.map((o) => o.paymentMethod))).toEqual(new Set(['online', 'cod']));
  });

  it('come with review_stats equal to a count of the reviews', async () => {
    const stats = await handle.db.select().from(schema.reviewStats);
    const all = await handle.db.select().from(schema.reviews);
    expect(stats.length).toBe(new Set(all.map((r) => r.productId)).size);
    for (const row of stats) {
      const mine = all.filter((r) => r.productId === row.productId && r.hiddenAt === null);
      expect(row.count).toBe(mine.length);
      expect(row.ratingSum).toBe(mine.reduce((sum, r) => sum + r.rating, 0));
      expect([row.stars1, row.stars2, row.stars3, row.stars4, row.stars5]).toEqual(
        [1, 2, 3, 4, 5].map((n) => mine.filter((r) => r.rating === n).length),
      );
      expect([row.runsSmall, row.trueToSize, row.runsLarge]).toEqual(
        ['runs_small', 'true_to_size', 'runs_large'].map((f) => mine.filter((r) => r.fit === f).length),
      );
    }
  });
});

describe('the schema holds the absolute rules', () => {
  it('refuses negative stock and a reservation above the stock', async () => {
    const [line] = await handle.db.select().from(schema.productSizes).limit(1);
    const id = line?.id ?? 0;
    await expect(
      handle.db.update(schema.productSizes).set({ stock: -1 }).where(eq(schema.productSizes.id, id)),
    ).rejects.toThrow();
    await expect(
      handle.db
        .update(schema.productSizes)
        .set({ reserved: (line?.stock ?? 0) + 1 })
        .where(eq(schema.productSizes.id, id)),
    ).rejects.toThrow();
  });

  it('keeps one default address per owner', async () => {
    const [state] = await handle.db.select().from(schema.states).limit(1);
    const [city] = await handle.db
      .select()
      .from(schema.cities)
      .where(eq(schema.cities.stateId, state?.id ?? 0))
      .limit(1);
    const [guest] = await handle.db.insert(schema.guests).values({}).returning();
    const address = {
      guestId: guest?.id ?? 0,
      firstName: 'Asha',
      lastName: 'Rao',
      address: '12 MG Road',
      stateId: state?.id ?? 0,
      cityId: city?.id ?? 0,
      cityName: city?.name ?? 'Bengaluru',
      pinCode: '560001',
      email: 'asha@example.in',
      phone: '9876543210',
    };
    await handle.db.insert(schema.addresses).values({ ...address, isDefault: true });
    await handle.db.insert(schema.addresses).values({ ...address, isDefault: false });
    await expect(handle.db.insert(schema.addresses).values({ ...address, isDefault: true })).rejects.toThrow();
    await expect(handle.db.insert(schema.addresses).values({ ...address, pinCode: '5600' })).rejects.toThrow();
  });

  it('refuses a cart line with quantity 0 and an order whose total does not add up', async () => {
    const [guest] = await handle.db.insert(schema.guests).values({}).returning();
    const [cart] = await handle.db
      .insert(schema.carts)
      .values({ guestId: guest?.id ?? 0 })
      .returning();
    const [ps] = await handle.db.select().from(schema.productSizes).limit(1);
    await expect(
      handle.db
        .insert(schema.cartItems)
        .values({ cartId: cart?.id ?? 0, productId: ps?.productId ?? 0, sizeId: ps?.sizeId ?? 0, quantity: 0 }),
    ).rejects.toThrow();
    const snapshot = {
      first_name: 'A',
      last_name: 'R',
      address: 'x',
      state: 'Kerala',
      city: 'Kochi',
      pin_code: '682001',
      email_id: 'a@b.in',
      phone_number: '9876543210',
    };
    await expect(
      handle.db.insert(schema.orders).values({
        guestId: guest?.id ?? 0,
        addressSnapshot: snapshot,
        itemsTotalPaise: 100_00,
        discountPaise: 10_00,
        shippingPaise: 0,
        totalPaise: 100_00,
      }),
    ).rejects.toThrow();
  });
});

describe('the demo size charts (docs/size-charts.md)', () => {
  it('give each clothing category a row per size, heights and weights rising from one size to the next', async () => {
    const rows = await handle.db
      .select({
        slug: schema.categories.slug,
        size: schema.sizes.label,
        order: schema.sizes.sortOrder,
        row: schema.sizeChartRows,
      })
      .from(schema.sizeChartRows)
      .innerJoin(schema.sizeCharts, eq(schema.sizeCharts.id, schema.sizeChartRows.chartId))
      .innerJoin(schema.categories, eq(schema.categories.id, schema.sizeCharts.categoryId))
      .innerJoin(schema.sizes, eq(schema.sizes.id, schema.sizeChartRows.sizeId))
      .orderBy(schema.categories.slug, schema.sizes.sortOrder);
    const bySlug = new Map<string, typeof rows>();
    for (const r of rows) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r]);
    expect([...bySlug.keys()].sort()).toEqual(Object.keys(DEMO_SIZE_CHARTS).sort());
    for (const [slug, chart] of bySlug) {
      expect(
        chart.map((r) => r.size),
        slug,
      ).toEqual([...SIZE_LABELS]);
      chart.slice(1).forEach(({ row }, i) => {
        const before = (chart[i] as (typeof chart)[number]).row;
        expect(row.heightMinCm, `${slug} ${i}`).toBe(before.heightMaxCm);
        expect(row.weightMinKg, `${slug} ${i}`).toBe(before.weightMaxKg);
        expect(row.ageMinMonths).toBe(before.ageMaxMonths);
        expect(row.chestCm).toBeGreaterThan(before.chestCm);
        expect(row.lengthCm).toBeGreaterThan(before.lengthCm);
      });
    }
    // The 6-12M row from the averaged WHO medians (docs/size-charts.md): 66.65 → 67 cm, 74.85 → 75 cm, 7.6–9.25 kg.
    const sixToTwelve = bySlug.get('rompers-onesies')?.[2]?.row;
    expect(sixToTwelve).toMatchObject({ heightMinCm: 67, heightMaxCm: 75, weightMinKg: 7.6, weightMaxKg: 9.3 });
  });

  it('keep a chart the owner edited when the seed runs again', async () => {
    const [chart] = await handle.db.select().from(schema.sizeCharts).limit(1);
    if (!chart) throw new Error('no chart seeded');
    await handle.db.update(schema.sizeChartRows).set({ chestCm: 99 }).where(eq(schema.sizeChartRows.chartId, chart.id));
    await seedDemoShop(handle.db);
    const rows = await handle.db.select().from(schema.sizeChartRows).where(eq(schema.sizeChartRows.chartId, chart.id));
    expect(rows.map((r) => r.chestCm)).toEqual(rows.map(() => 99));
  });
});

describe("the demo shop's return rules (ADR 058)", () => {
  it('make newborn essentials and bibs exchange only, with a reason, and leave the other categories returnable', async () => {
    const rows = await handle.db
      .select({
        slug: schema.categories.slug,
        rule: schema.categories.returnRule,
        reason: schema.categories.returnRuleReason,
      })
      .from(schema.categories);
    const ruled = Object.fromEntries(rows.filter((r) => r.rule !== 'returnable').map((r) => [r.slug, r.rule]));
    expect(ruled).toEqual({ 'newborn-essentials': 'exchange_only', 'bibs-accessories': 'exchange_only' });
    for (const row of rows) expect(row.reason === '', row.slug).toBe(row.rule === 'returnable');
  });

  it("keep on each demo order line the rule of its product's category, as checkout would", async () => {
    const lines = await handle.db
      .select({ line: schema.orderItems.returnRule, category: schema.categories.returnRule })
      .from(schema.orderItems)
      .innerJoin(schema.products, eq(schema.products.id, schema.orderItems.productId))
      .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId));
    expect(lines.length).toBeGreaterThan(0);
    for (const { line, category } of lines) expect(line).toBe(category);
  });
});
