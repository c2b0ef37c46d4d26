import { carts, type Database, type Queryable, shopSettings } from '@kapaas/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { consentStandsSql } from '../consent';
import { queueMail } from '../mail';
import { firstNameOf, marketingWhatsApp } from '../whatsapp';

/** How many carts one pass reminds at most; the next pass takes the rest. */
const BATCH = 50;

/**
 * Carts to remind: a registered, active shopper whose `cart_reminders` consent stands in the ledger, whose cart holds something and was last changed longer ago than the
 * shop's setting, who ordered nothing since, and who was not reminded of this cart yet (a reminder
 * counts until the shopper's next order).
 */
async function dueCarts(db: Database, cutoff: Date) {
  type Row = { id: number; email: string; name: string; phone: string; pieces: number; updated_at: string | Date };
  const result = await db.execute(sql`
    SELECT c.id, u.email, u.name, u.phone, c.updated_at,
      (SELECT coalesce(sum(i.quantity), 0)::int FROM cart_items i WHERE i.cart_id = c.id) AS pieces
    FROM carts c
    JOIN users u ON u.id = c.user_id AND u.status = 'active'
    WHERE c.updated_at < ${cutoff.toISOString()}
      AND EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = c.id)
      AND ${consentStandsSql('cart_reminders', { userId: sql`u.id`, email: sql`u.email` })}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = c.user_id AND o.created_at >= c.updated_at)
      AND (c.reminder_sent_at IS NULL
           OR c.reminder_sent_at < (SELECT max(o.created_at) FROM orders o WHERE o.user_id = c.user_id))
    ORDER BY c.id
    LIMIT ${BATCH}`);
  // Both drivers answer { rows }.
  const rows = result as unknown as { rows: Row[] };
  return rows.rows;
}

/**
 * The WhatsApp form of a cart's reminder (issue 36), or undefined. Its number is the account's mobile: a cart
 * belongs to an account, which is where the shopper gave a number and turned WhatsApp offers on (the profile's
 * whatsapp_marketing, which the ledger ties to that mobile); the outbox sends it on WhatsApp only while that stands.
 */
function reminderWhatsApp(tx: Queryable, cart: { name: string; phone: string; pieces: number }) {
  const holds = `${cart.pieces} ${cart.pieces === 1 ? 'item' : 'items'}`;
  return marketingWhatsApp(tx, 'cart_reminder', { name: cart.name, mobile: cart.phone }, [
    firstNameOf(cart.name),
    holds,
  ]);
}

/**
 * Queues the one reminder each due cart gets (`cart_reminder`, marketing: it carries the one-click
 * unsubscribe). The cart is marked in the same transaction, so several processes remind it once.
 * Answers how many reminders were queued.
 */
export async function queueCartReminders(db: Database, now = new Date()): Promise<number> {
  const [settings] = await db
    .select({ hours: shopSettings.cartReminderHours })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const cutoff = new Date(now.getTime() - (settings?.hours ?? 24) * 3_600_000);
  let queued = 0;
  for (const cart of await dueCarts(db, cutoff)) {
    const sent = await db.transaction(async (tx) => {
      const marked = await tx
        .update(carts)
        .set({ reminderSentAt: now })
        .where(and(eq(carts.id, cart.id), or(isNull(carts.reminderSentAt), lt(carts.reminderSentAt, now))))
        .returning({ id: carts.id });
      if (marked.length === 0) return false;
      const changedAt = new Date(cart.updated_at).getTime();
      const whatsapp = await reminderWhatsApp(tx, cart);
      return queueMail(tx, {
        kind: 'cart_reminder',
        key: `cart-reminder:${cart.id}:${changedAt}`,
        to: cart.email,
        payload: { cart_id: cart.id },
        ...(whatsapp ? { whatsapp } : {}),
      });
    });
    if (sent) queued += 1;
  }
  return queued;
}
