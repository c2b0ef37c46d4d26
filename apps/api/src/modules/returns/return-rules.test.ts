import {
  AdminCategoryAnswer,
  ErrorAnswer,
  OrderDetailsAnswer,
  ProductDetailAnswer,
  ReturnRequestAnswer,
} from '@kapaas/contract';
import { eq, products, returnRequests } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { returnFixtures } from './returns.fixtures';

/** Return rules (ADR 058): a category's rule, kept by the order line at purchase, enforced by return_request. */

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fx = returnFixtures(
  () => shop,
  () => staff,
);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop?.close();
});

type Item = Awaited<ReturnType<typeof fx.twoSizes>>['item'];

const HYGIENE = 'Worn next to the skin, so for hygiene it is exchanged for another size only.';
const CLEARANCE = 'Clearance pieces are sold as they are.';

async function categoryOf(item: Item): Promise<number> {
  const [row] = await db()
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, item.productId));
  if (!row) throw new Error('no such product');
  return row.categoryId;
}

async function productName(item: Item): Promise<string> {
  const [row] = await db().select({ name: products.name }).from(products).where(eq(products.id, item.productId));
  return row?.name ?? '';
}

/** Sets the category's rule through the console, as the owner would. */
async function setRule(categoryId: number, return_rule: string, return_rule_reason?: string) {
  const body = return_rule_reason === undefined ? { return_rule } : { return_rule, return_rule_reason };
  return AdminCategoryAnswer.parse(expectStatus(await owner.patch(`/categories/${categoryId}`, body), 200)).data;
}

const line = (item: Item, kind: 'return' | 'exchange', newSize?: number) => ({
  product_id: item.productId,
  size: item.sizeId,
  quantity: 1,
  kind,
  ...(newSize === undefined ? {} : { new_size: newSize }),
  reason: 'too_small' as const,
});

const ask = (shopper: Shopper, orderId: number, lines: unknown[]) =>
  shopper.post('return_request', { order_id: orderId, lines });

const requestsOf = (orderId: number) => db().select().from(returnRequests).where(eq(returnRequests.orderId, orderId));

describe("the console's categories", () => {
  it('refuse a rule other than returnable without a reason (400 beside the reason), and keep the rule as it was', async () => {
    const { item } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    for (const body of [{ return_rule: 'final_sale' }, { return_rule: 'exchange_only', return_rule_reason: '   ' }]) {
      const response = await owner.patch(`/categories/${categoryId}`, body);
      expect(response.statusCode, response.body).toBe(400);
      const error = ErrorAnswer.parse(response.json());
      expect(error.errors?.return_rule_reason?.[0]).toMatch(/say why/i);
    }
    const created = await owner.post('/categories', {
      name: 'Clearance test',
      image: '/media/uploads/x.webp',
      return_rule: 'final_sale',
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(ErrorAnswer.parse(created.json()).errors?.return_rule_reason).toBeDefined();
    const stored = AdminCategoryAnswer.parse(expectStatus(await owner.get(`/categories/${categoryId}`), 200)).data;
    expect(stored.return_rule).toBe('returnable');
    expect(stored.return_rule_reason).toBe('');
  });

  it('save a rule with its reason, keep the reason when only the rule changes, and clear it for returnable', async () => {
    const { item } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    expect(await setRule(categoryId, 'exchange_only', HYGIENE)).toMatchObject({
      return_rule: 'exchange_only',
      return_rule_reason: HYGIENE,
    });
    expect(await setRule(categoryId, 'final_sale')).toMatchObject({
      return_rule: 'final_sale',
      return_rule_reason: HYGIENE,
    });
    expect(await setRule(categoryId, 'returnable')).toMatchObject({
      return_rule: 'returnable',
      return_rule_reason: '',
    });
  });
});

describe('product_detail', () => {
  it("carries the category's return rule and reason, changed as soon as the console saves it", async () => {
    const { item } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    const detail = async () =>
      ProductDetailAnswer.parse(
        (
          await shop.app.inject({ method: 'POST', url: '/api/product_detail', payload: { product_id: item.productId } })
        ).json(),
      ).products.return_rule;
    expect(await detail()).toEqual({ kind: 'returnable', reason: '' });
    await setRule(categoryId, 'exchange_only', HYGIENE);
    expect(await detail()).toEqual({ kind: 'exchange_only', reason: HYGIENE });
    await setRule(categoryId, 'returnable');
    expect(await detail()).toEqual({ kind: 'returnable', reason: '' });
  });
});

describe('return_request under a return rule', () => {
  it('refuses to return an exchange_only piece (409 beside the line, naming the product and the rule) but exchanges it', async () => {
    const { item, newSizeId } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    await setRule(categoryId, 'exchange_only', HYGIENE);
    const { shopper, orderId } = await fx.deliveredOnline(item);
    await setRule(categoryId, 'returnable');

    const order = OrderDetailsAnswer.parse((await shopper.post('order_details', { order_id: orderId })).json()).data;
    expect(order.description[0]?.return_rule).toEqual({ kind: 'exchange_only', reason: HYGIENE });

    const refused = await ask(shopper, orderId, [line(item, 'return')]);
    expect(refused.statusCode, refused.body).toBe(409);
    const error = ErrorAnswer.parse(refused.json());
    expect(error.code).toBe('EXCHANGE_ONLY');
    const message = error.errors?.['lines.0.kind']?.[0] ?? '';
    expect(message).toContain(await productName(item));
    expect(message).toMatch(/exchange only/i);
    expect(message).toContain(HYGIENE);
    expect(await requestsOf(orderId)).toHaveLength(0);

    const exchanged = await ask(shopper, orderId, [line(item, 'exchange', newSizeId)]);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(ReturnRequestAnswer.parse(exchanged.json()).return_id).toBeGreaterThan(0);
  });

  it('refuses a final_sale piece both as a return and as an exchange, holding no size', async () => {
    const { item, newSizeId } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    await setRule(categoryId, 'final_sale', CLEARANCE);
    const { shopper, orderId } = await fx.deliveredOnline(item);
    await setRule(categoryId, 'returnable');

    for (const asked of [line(item, 'return'), line(item, 'exchange', newSizeId)]) {
      const refused = await ask(shopper, orderId, [asked]);
      expect(refused.statusCode, refused.body).toBe(409);
      const error = ErrorAnswer.parse(refused.json());
      expect(error.code).toBe('FINAL_SALE');
      const message = error.errors?.['lines.0.kind']?.[0] ?? '';
      expect(message).toContain(await productName(item));
      expect(message).toMatch(/final sale/i);
      expect(message).toContain(CLEARANCE);
    }
    expect(await requestsOf(orderId)).toHaveLength(0);
    expect((await fx.stockOf(item.productId, newSizeId)).reserved).toBe(0);
  });

  it('holds the shopper to the rule shown when they bought: a returnable piece stays returnable after the rule changes', async () => {
    const { item } = await fx.twoSizes(3, 3);
    const categoryId = await categoryOf(item);
    const { shopper, orderId } = await fx.deliveredOnline(item);
    await setRule(categoryId, 'final_sale', CLEARANCE);
    try {
      const response = await ask(shopper, orderId, [line(item, 'return')]);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await setRule(categoryId, 'returnable');
    }
  });
});
