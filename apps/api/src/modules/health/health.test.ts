import { sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('/healthz', () => {
  it('answers 503 when the orders table cannot be read, though the database still answers SELECT 1', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // A core table the shop cannot read (as when two processes damaged the embedded folder).
    await shop.database.db.execute(sql`ALTER TABLE orders RENAME TO orders_unreadable`);
    try {
      const response = await shop.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await shop.database.db.execute(sql`ALTER TABLE orders_unreadable RENAME TO orders`);
    }
  });
});
