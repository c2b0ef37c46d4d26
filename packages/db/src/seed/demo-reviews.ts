import { randomBytes } from 'node:crypto';
import { formatPaise } from '@kapaas/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import {
  type AddressSnapshot,
  orderEvents,
  orderItems,
  orders,
  payments,
  reviewRequests,
  reviewStats,
  reviews,
  users,
} from '../schema';
import { categories, products } from './data/catalogue';
import { type DemoOrder, type DemoPayment, type DemoShopper, demoOrders, demoShoppers } from './data/reviews';
import { demoImage } from './media';

/** An order line's return rule columns for a product of this category (ADR 058). */
function returnRuleOf(categorySlug: string) {
  const rule = categories.find((c) => c.slug === categorySlug)?.returnRule;
  return { returnRule: rule?.kind ?? 'returnable', returnRuleReason: rule?.reason ?? '' } as const;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * A password hash no password matches: a well-formed argon2id hash of random bytes (so a login
 * attempt is checked and refused like a wrong password), not the hash of anything. The demo
 * shoppers exist for their orders and reviews; nobody logs in as them.
 */
function unusablePasswordHash(): string {
  const b64 = (bytes: number) => randomBytes(bytes).toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=19456,t=3,p=1$${b64(16)}$${b64(32)}`;
}

function snapshotOf(shopper: DemoShopper): AddressSnapshot {
  return {
    first_name: shopper.firstName,
    last_name: shopper.lastName,
    address: shopper.address,
    state: shopper.state,
    city: shopper.city,
    pin_code: shopper.pin,
    email_id: shopper.email,
    phone_number: shopper.phone,
  };
}

interface Ids {
  productIds: Map<string, number>;
  sizeIds: Map<string, number>;
}

function must<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data refers to an unknown key: ${String(key)}`);
  return id;
}

/** The payment's columns as the shop keeps them from Razorpay's payment entity (ADR 046). */
function paymentColumns(paidWith: Exclude<DemoPayment, { method: 'cod' }>) {
  switch (paidWith.method) {
    case 'upi':
      return { method: 'upi', vpa: paidWith.vpa };
    case 'card':
      return { method: 'card', cardNetwork: paidWith.network, cardLast4: paidWith.last4 };
    case 'netbanking':
      return { method: 'netbanking', bank: paidWith.bank };
    case 'wallet':
      return { method: 'wallet', wallet: paidWith.wallet };
  }
}

/**
 * How a demo order was paid, as the shop records it (issue 34): an order paid online has the accepted payment that
 * paid it, with its method; a cash-on-delivery order has no payment, and its cash is recorded on delivery as the
 * console's "cash collected" does (paid_at, and a note in the history).
 */
async function seedPayment(tx: Queryable, orderId: number, order: DemoOrder, totalPaise: number, paidAt: Date) {
  if (order.paidWith.method === 'cod') return;
  await tx.insert(payments).values({
    orderId,
    providerPaymentId: `pay_Demo${String(orderId).padStart(10, '0')}`,
    amountPaise: totalPaise,
    status: 'accepted',
    ...paymentColumns(order.paidWith),
    createdAt: paidAt,
    updatedAt: paidAt,
  });
}

/** The order's history: paid online then shipped, or confirmed for cash on delivery, shipped, and the cash recorded. */
function stepsOf(order: DemoOrder, totalPaise: number, placed: Date, delivered: Date) {
  const at = (ms: number) => new Date(placed.getTime() + ms);
  const shipping = [
    { status: 'packed', createdAt: at(DAY_MS) },
    { status: 'shipped', createdAt: at(2 * DAY_MS) },
    { status: 'delivered', createdAt: delivered },
  ] as const;
  if (order.paidWith.method !== 'cod') {
    return [
      { status: 'pending_payment', createdAt: placed },
      { status: 'paid', createdAt: at(10 * 60_000) },
      ...shipping,
    ] as const;
  }
  const collected = {
    status: 'delivered',
    createdAt: new Date(delivered.getTime() + 6 * HOUR_MS),
    note: `Cash of ${formatPaise(totalPaise)} collected by the courier and remitted.`,
    customerNote: 'Paid in cash on delivery.',
  } as const;
  return [{ status: 'cod_confirmed', createdAt: placed }, ...shipping, collected] as const;
}

/** One delivered order of a demo shopper: its lines priced from the products, its payment, events and reviews. */
async function seedOrder(tx: Queryable, ids: Ids, userId: number, shopper: DemoShopper, order: DemoOrder, now: Date) {
  const delivered = new Date(now.getTime() - order.deliveredDaysAgo * DAY_MS);
  const placed = new Date(delivered.getTime() - 5 * DAY_MS);
  const lines = order.lines.map((line) => {
    const product = products.find((p) => p.slug === line.slug);
    if (!product) throw new Error(`Seed data refers to an unknown product: ${line.slug}`);
    const unit = rupeesToPaise(product.discountPrice ?? product.price);
    return { line, product, unit, total: unit * line.quantity };
  });
  const itemsTotal = lines.reduce((sum, l) => sum + l.total, 0);
  const cod = order.paidWith.method === 'cod';
  const steps = stepsOf(order, itemsTotal, placed, delivered);
  const paidAt = (cod ? steps.at(-1) : steps[1])?.createdAt ?? placed;
  const [row] = await tx
    .insert(orders)
    .values({
      userId,
      status: 'delivered',
      paymentMethod: cod ? 'cod' : 'online',
      addressSnapshot: snapshotOf(shopper),
      itemsTotalPaise: itemsTotal,
      totalPaise: itemsTotal,
      paidAt,
      createdAt: placed,
      updatedAt: delivered,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('the demo order was not inserted');
  await seedPayment(tx, row.id, order, itemsTotal, paidAt);
  await tx.insert(orderEvents).values(steps.map((step) => ({ orderId: row.id, ...step })));
  for (const { line, product, unit, total } of lines) {
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: row.id,
        productId: must(ids.productIds, line.slug),
        sizeId: must(ids.sizeIds, line.size),
        productName: product.name,
        sizeLabel: line.size,
        productImage: demoImage.product(product.slug, 0),
        unitPricePaise: unit,
        listPricePaise: rupeesToPaise(product.price),
        quantity: line.quantity,
        lineTotalPaise: total,
        // The rule the demo's category sells it under, as checkout would have kept it (ADR 058).
        ...returnRuleOf(product.categorySlug),
      })
      .returning({ id: orderItems.id });
    if (!item || !line.review) continue;
    const written = new Date(delivered.getTime() + line.review.afterDays * DAY_MS + 3 * HOUR_MS);
    await tx.insert(reviews).values({
      productId: must(ids.productIds, line.slug),
      userId,
      orderId: row.id,
      orderItemId: item.id,
      sizeLabel: line.size,
      author: `${shopper.firstName} ${shopper.lastName[0]}.`,
      rating: line.review.rating,
      title: line.review.title,
      body: line.review.text,
      fit: line.review.fit,
      createdAt: written,
      updatedAt: written,
    });
  }
  // The review-request message was as good as sent: the demo shop writes to nobody.
  await tx.insert(reviewRequests).values({ orderId: row.id, queuedAt: delivered }).onConflictDoNothing();
}

/** Sets review_stats of these products to a count of their published reviews. */
async function recountStats(tx: Queryable, productIds: number[]) {
  for (const productId of productIds) {
    const rows = await tx.select().from(reviews).where(eq(reviews.productId, productId));
    const published = rows.filter((r) => r.hiddenAt === null);
    const stars = (n: number) => published.filter((r) => r.rating === n).length;
    const fit = (f: string) => published.filter((r) => r.fit === f).length;
    const values = {
      count: published.length,
      ratingSum: published.reduce((sum, r) => sum + r.rating, 0),
      stars1: stars(1),
      stars2: stars(2),
      stars3: stars(3),
      stars4: stars(4),
      stars5: stars(5),
      runsSmall: fit('runs_small'),
      trueToSize: fit('true_to_size'),
      runsLarge: fit('runs_large'),
    };
    await tx
      .insert(reviewStats)
      .values({ productId, ...values })
      .onConflictDoUpdate({ target: reviewStats.productId, set: values });
  }
}

/**
 * The demo shop's buyers, their delivered orders and their reviews (with review_stats to match).
 * Idempotent by the shoppers' e-mail addresses: a shopper already there keeps what they have, and
 * only a shopper added now gets orders and reviews.
 */
export async function seedDemoReviews(tx: Queryable, ids: Ids, now: Date): Promise<void> {
  const passwordHash = unusablePasswordHash();
  const touched = new Set<number>();
  for (const shopper of demoShoppers) {
    const [user] = await tx
      .insert(users)
      .values({
        name: `${shopper.firstName} ${shopper.lastName}`,
        email: shopper.email,
        phone: shopper.phone,
        passwordHash,
        createdAt: new Date(now.getTime() - 60 * DAY_MS),
        updatedAt: new Date(now.getTime() - 60 * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    for (const order of demoOrders.filter((o) => o.shopper === shopper.key)) {
      await seedOrder(tx, ids, user.id, shopper, order, now);
      for (const line of order.lines) if (line.review) touched.add(must(ids.productIds, line.slug));
    }
  }
  await recountStats(tx, [...touched]);
}
