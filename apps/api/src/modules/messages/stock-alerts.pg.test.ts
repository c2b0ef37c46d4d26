import { and, eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { recordConsents } from '../consent';
import { setStock } from '../inventory';
import { insertStockAlert, sizeOfProduct } from './messages.repository';

/** Runs only on PostgreSQL (CI's second pass): PGlite runs one transaction at a time, so nothing can interleave. */
let shop: TestShop;
const checkout = checkoutFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('a stock alert and a restock at the same moment', () => {
  it('the restock waits for the alert being added, and then writes to it', async () => {
    const db = shop.database.db;
    const item = await checkout.stockedItem(0);
    const email = 'racing@example.in';
    let letAlertFinish = () => {};
    const alertMayFinish = new Promise<void>((go) => {
      letAlertFinish = go;
    });
    let sizeRead = () => {};
    const sizeWasRead = new Promise<void>((go) => {
      sizeRead = go;
    });
    // What stock_alert does, held open between its check of the stock and its insert.
    const alert = db.transaction(async (tx) => {
      const size = await sizeOfProduct(tx, item.productId, item.sizeId, true);
      expect(size?.available).toBe(0);
      sizeRead();
      await alertMayFinish;
      await insertStockAlert(tx, { productId: item.productId, sizeId: item.sizeId, email });
      // The request itself is the consent to be told (ADR 049); the sender asks the ledger.
      const consent = { purpose: 'back_in_stock', given: true, source: 'stock_alert', noticeVersion: 1 } as const;
      await recordConsents(tx, [{ person: { email }, ...consent, clientAddress: '127.0.0.1' }]);
    });
    await sizeWasRead;
    let restocked = false;
    const restock = db
      .transaction((tx) => setStock(tx, item.productId, item.sizeId, 3))
      .then(() => {
        restocked = true;
      });
    await new Promise((wait) => setTimeout(wait, 500));
    expect(restocked, 'the restock waits for the share-locked stock row').toBe(false);
    letAlertFinish();
    await alert;
    await restock;

    const queued = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'back_in_stock'), eq(outboxMessages.recipient, email)));
    expect(queued).toHaveLength(1);
  });
});
