import { productPathSegment } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { recordConsents, shownNoticeVersion } from '../consent';
import { queueMail } from '../mail';
import { firstNameOf, marketingWhatsApp } from '../whatsapp';
import {
  accountOfAddress,
  insertStockAlert,
  lockWaitingAlerts,
  markNotified,
  sizeOfProduct,
} from './messages.repository';

// "Notify me" on a sold-out size: the shopper leaves an address, and the first time the size is
// available again (inventory calls `notifyBackInStock` in the transaction that frees a piece) each
// waiting address gets one message. The alert is then done; asking again starts a new wait.

/**
 * Records that `email` wants one message when the size is back. Only for a size the product sells
 * that is sold out now (409 when some are free: the shopper can buy it). Asking twice is harmless.
 * The request itself is the consent to the message: it goes into the ledger as `back_in_stock`. Answers the size's
 * label.
 */
export async function requestStockAlert(
  db: Database,
  limits: Limits,
  address: string,
  alert: { productId: number; sizeId: number; email: string; noticeVersion?: number | undefined },
): Promise<string> {
  await new RateLimiter(db).hit(`stock-alert:ip:${address}`, limits.messagesPerAddress);
  return db.transaction(async (tx) => {
    // Share-locked: a concurrent restock either came first (then this sees the stock) or waits and sees the alert.
    const size = await sizeOfProduct(tx, alert.productId, alert.sizeId, true);
    if (size?.status !== 'active') throw new AppError('NOT_FOUND', 'This product does not come in that size.');
    if (size.available > 0) {
      throw new AppError('CONFLICT', 'This size is in stock: add it to your cart.', { code: 'IN_STOCK' });
    }
    const email = alert.email.trim().toLowerCase();
    const noticeVersion = await shownNoticeVersion(tx, alert.noticeVersion);
    await insertStockAlert(tx, { productId: alert.productId, sizeId: alert.sizeId, email });
    const consent = { purpose: 'back_in_stock', given: true, source: 'stock_alert', noticeVersion } as const;
    await recordConsents(tx, [{ person: { email }, ...consent, clientAddress: address }]);
    return size.label;
  });
}

/**
 * Queues one `back_in_stock` message to each address waiting for this size and marks their alerts
 * done, in the caller's transaction (the one that made the size available). An address that
 * withdrew its `back_in_stock` consent since gets none, and its alert is done too. A product that left the shop keeps its alerts
 * waiting.
 */
export async function notifyBackInStock(tx: Queryable, productId: number, sizeId: number): Promise<number> {
  const size = await sizeOfProduct(tx, productId, sizeId);
  if (size?.status !== 'active') return 0;
  const waiting = await lockWaitingAlerts(tx, productId, sizeId);
  const product = { id: productId, name: size.productName };
  let queued = 0;
  for (const alert of waiting) {
    const whatsapp = await backInStockWhatsApp(tx, alert.email, product, size.label);
    const sent = await queueMail(tx, {
      kind: 'back_in_stock',
      key: `back-in-stock:${alert.id}`,
      to: alert.email,
      payload: { alert_id: alert.id, product_id: productId, size_id: sizeId, size: size.label },
      ...(whatsapp ? { whatsapp } : {}),
    });
    if (sent) queued += 1;
  }
  await markNotified(
    tx,
    waiting.map((alert) => alert.id),
  );
  return queued;
}

/**
 * The WhatsApp form of a back-in-stock message (issue 36), or undefined. Its number is the mobile of the account that
 * uses the alert's address: "Notify me" takes an address only, and the account's mobile is the number the shopper
 * gave the shop and turned WhatsApp offers on for (the profile's whatsapp_marketing, which the ledger ties to that
 * mobile). An address with no account gives no number, so only its e-mail goes. The outbox sends it on WhatsApp
 * only while whatsapp_marketing stands; the button opens the product's page.
 */
async function backInStockWhatsApp(
  tx: Queryable,
  email: string,
  product: { id: number; name: string },
  sizeLabel: string,
) {
  const account = await accountOfAddress(tx, email);
  if (!account) return undefined;
  return marketingWhatsApp(
    tx,
    'back_in_stock',
    account,
    [firstNameOf(account.name), product.name, sizeLabel],
    productPathSegment(product.id, product.name),
  );
}
