import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';
import { prepareDatabase } from '../prepare';
import * as schema from '../schema';
import { isShopEmpty, seedDemoShop } from '.';
import { categories, products } from './data/catalogue';
import { states } from './data/india';

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
