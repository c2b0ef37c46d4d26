import { eq, inArray, outboxMessages, returnEvents, returnLines, returnRequests, sizes } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminFixtures } from '../src/modules/admin/admin.fixtures';
import { returnFixtures } from '../src/modules/returns/returns.fixtures';
import { boundFor } from './bounds';
import { type Shopper, startTestShop, type TestShop } from './shop';

const SHOPPERS = 20;
const FREE = 3;

/**
 * The exchange race: 20 shoppers, each with a delivered order of a product in one size, ask at the same moment to
 * exchange it for another size of which exactly 3 pieces are free. Exactly 3 requests are recorded, the 17 others
 * answer 409 EXCHANGE_SIZE_SOLD_OUT and leave nothing behind, and the size holds exactly 3.
 */
export function describeExchangeRace(database: string) {
  let shop: TestShop;
  let staff: AdminClient;
  const admin = adminFixtures(() => shop);
  const fx = returnFixtures(
    () => shop,
    () => staff,
  );

  beforeAll(async () => {
    shop = await startTestShop();
    staff = await admin.staff(await admin.owner());
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe(`${SHOPPERS} exchanges for the last ${FREE} pieces of a size at once (${database})`, () => {
    // Bounded by its work (bounds.ts): each shopper's order placed (4 calls), paid (4), moved to delivered (3), then
    // the return request; and the checks.
    it(`records exactly ${FREE}; the others are told the size is sold out and leave nothing`, {
      timeout: boundFor({ operations: SHOPPERS * (4 + 4 + 3 + 1) + 10 }),
    }, async () => {
      const { item, newSizeId } = await fx.twoSizes(SHOPPERS + 5, FREE);
      const orders: { shopper: Shopper; orderId: number }[] = [];
      for (let n = 0; n < SHOPPERS; n += 1) orders.push(await fx.deliveredOnline(item, 1));
      const [wanted] = await shop.database.db.select().from(sizes).where(eq(sizes.id, newSizeId));
      const line = {
        product_id: item.productId,
        size: item.sizeId,
        quantity: 1,
        kind: 'exchange',
        reason: 'too_small',
      };
      const answers = await Promise.all(
        orders.map(({ shopper, orderId }) =>
          shopper.post('return_request', { order_id: orderId, lines: [{ ...line, new_size: newSizeId }] }),
        ),
      );

      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(ok).toHaveLength(FREE);
      expect(refused).toHaveLength(SHOPPERS - FREE);
      for (const answer of refused) {
        expect(answer.json()).toMatchObject({ code: 'EXCHANGE_SIZE_SOLD_OUT' });
        expect(answer.json().message).toContain(`Size ${wanted?.label} of`);
      }
      expect(await fx.stockOf(item.productId, newSizeId)).toMatchObject({ stock: FREE, reserved: FREE, free: 0 });

      const db = shop.database.db;
      const orderIds = orders.map((o) => o.orderId);
      const recorded = await db.select().from(returnRequests).where(inArray(returnRequests.orderId, orderIds));
      expect(recorded.map((r) => r.id).sort()).toEqual(ok.map((a) => a.json().return_id as number).sort());
      const ids = recorded.map((r) => r.id);
      expect(await db.select().from(returnLines).where(inArray(returnLines.returnId, ids))).toHaveLength(FREE);
      expect(await db.select().from(returnEvents).where(inArray(returnEvents.returnId, ids))).toHaveLength(FREE);
      const mail = await db.select({ key: outboxMessages.key }).from(outboxMessages);
      expect(mail.filter((m) => m.key.startsWith('return:'))).toHaveLength(2 * FREE);
    });
  });
}
