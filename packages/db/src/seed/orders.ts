/**
 * A generated order history on top of a seeded shop (`npm run seed:orders`, and the reports' benchmark): customers,
 * orders over the days with a weekly and seasonal shape, their payments, parcels, returns, refunds, invoices and credit
 * notes, coupon uses, reviews and the funnel's counts. The rows are built in memory (`orders-generate.ts`) and written in
 * one transaction, each table in batches of JSON rows that PostgreSQL expands itself (json_populate_recordset): one
 * parameter per batch, whatever its size. Then ANALYZE, as autovacuum would after so many rows.
 */
import { GST_STATES, gstStateByCode } from '@kapaas/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../client';
import type { SupplierSnapshot } from '../schema';
import { type FirstIds, generateOrderHistory, type History, type ShopForOrders } from './orders-generate';
import { placesOf } from './orders-shape';

export interface SeedOrdersOptions {
  orders: number;
  /** Days of history, ending today (India's). Default 365. */
  days?: number;
  seed?: number;
  now?: Date;
}

export interface SeedOrdersResult {
  orders: number;
  days: number;
  seconds: number;
  /** Rows written per table. */
  rows: Record<string, number>;
}

/** The generated accounts' e-mail domain (reserved .example): how a second run knows the first one ran. */
export const SEED_ORDERS_DOMAIN = 'orders.seed.kapaas.example';
/** An argon2id hash of a random password nobody kept: the generated accounts exist, and nobody can sign in to them. */
const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=3,p=1$nYsVFNw/OomWQWOlAYyfdQ$HfafXYStdpjl8okCox54lviUDBAWhu86U/RvcKIgf0w';
/** Rows per INSERT: a JSON batch of a few megabytes. */
const ROWS_PER_BATCH = 5_000;

/** Seasonal coupons of the history (the demo shop's own have short windows or limits): added once, by code. */
const HISTORY_COUPONS = [
  {
    name: 'Diwali: 20% off',
    code: 'DIWALI20',
    type: 'Percentage',
    percentage: 20,
    amount: 0,
    min: 149_900,
    max: 50_000,
  },
  {
    name: 'Summer holidays: 10% off',
    code: 'SUMMER10',
    type: 'Percentage',
    percentage: 10,
    amount: 0,
    min: 99_900,
    max: 30_000,
  },
  {
    name: '₹150 off for our newsletter readers',
    code: 'HELLO150',
    type: 'Amount',
    percentage: 0,
    amount: 15_000,
    min: 119_900,
    max: null,
  },
] as const;

class RefusedError extends Error {}

export { RefusedError as SeedOrdersRefused };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function readProducts(db: Queryable): Promise<ShopForOrders['products']> {
  const rows = rowsOf<{
    id: number;
    name: string;
    price: number;
    discount: number | null;
    hsn: string;
    image: string | null;
    sizes: { sizeId: number; label: string }[] | null;
  }>(
    await db.execute(sql`
      SELECT p.id, p.name, p.price_paise AS price, p.discount_price_paise AS discount,
        coalesce(p.hsn_code, c.hsn_code) AS hsn,
        (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image,
        (SELECT json_agg(json_build_object('sizeId', z.id, 'label', z.label) ORDER BY z.sort_order)
          FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = p.id) AS sizes
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.status = 'active'
      ORDER BY p.id`),
  );
  return rows
    .filter((row) => row.sizes && row.sizes.length > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      unitPaise: row.discount ?? row.price,
      listPaise: row.price,
      image: row.image ?? '',
      hsn: row.hsn,
      sizes: row.sizes ?? [],
    }));
}

async function readSupplier(db: Queryable): Promise<SupplierSnapshot | null> {
  const [row] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT s.gst_legal_name, s.gstin, s.gst_address, s.gst_signatory, s.invoice_prefix, s.hsn_digits,
        st.name AS state_name, st.gst_code AS state_code
      FROM shop_settings s LEFT JOIN states st ON st.id = s.gst_state_id WHERE s.id = 1`),
  );
  if (!row || row.gstin === '' || !row.state_name || !row.state_code) return null;
  return {
    legal_name: String(row.gst_legal_name),
    gstin: String(row.gstin),
    address: String(row.gst_address),
    state_name: String(row.state_name),
    state_code: String(row.state_code),
    signatory: String(row.gst_signatory),
    invoice_prefix: String(row.invoice_prefix),
    hsn_digits: Number(row.hsn_digits),
  };
}

/** The catalogue, places, coupons, zones, COD and prepaid terms, tax identity and document counters. */
async function readShop(db: Queryable): Promise<ShopForOrders> {
  const supplier = await readSupplier(db);
  const states = rowsOf<{ name: string; gst_code: string | null; cities: string[] | null }>(
    await db.execute(sql`SELECT s.name, s.gst_code,
        (SELECT array_agg(c.name ORDER BY c.id) FROM cities c WHERE c.state_id = s.id) AS cities
      FROM states s ORDER BY s.id`),
  );
  const places = placesOf(
    states.flatMap((state) => {
      const code = state.gst_code ?? GST_STATES.find((gst) => gst.name === state.name)?.code;
      if (!code) return [];
      const utWithoutLegislature = gstStateByCode(code)?.utWithoutLegislature ?? false;
      return [{ name: state.name, gstCode: code, utWithoutLegislature, cities: state.cities ?? [] }];
    }),
    supplier,
  );
  const coupons = rowsOf<ShopForOrders['coupons'][number]>(
    await db.execute(sql`SELECT id, code, name, type, amount_paise AS "amountPaise", percentage,
        min_order_paise AS "minOrderPaise", max_discount_paise AS "maxDiscountPaise"
      FROM coupons WHERE usage_limit IS NULL AND active ORDER BY id`),
  );
  const zones = rowsOf<{ zone: string; charge: number; free: number | null }>(
    await db.execute(sql`SELECT zone, charge_paise AS charge, free_above_paise AS free FROM shipping_zones`),
  );
  const [terms] = rowsOf<{ cod_fee: number; percent: number; max: number | null }>(
    await db.execute(sql`SELECT cod_fee_paise AS cod_fee, prepaid_discount_percent AS percent,
        prepaid_discount_max_paise AS max FROM shop_settings WHERE id = 1`),
  );
  const counters = rowsOf<{ series: string; fiscal_year: string; last: number }>(
    await db.execute(sql`SELECT series, fiscal_year, last FROM document_counters`),
  );
  return {
    products: await readProducts(db),
    places,
    coupons,
    zones: new Map(zones.map((z) => [z.zone, { chargePaise: z.charge, freeAbovePaise: z.free }])),
    codFeePaise: terms?.cod_fee ?? 4_900,
    prepaid: { percent: terms?.percent ?? 0, maxPaise: terms?.max ?? null },
    supplier,
    counters: new Map(counters.map((c) => [`${c.series}|${c.fiscal_year}`, c.last])),
  };
}

async function addHistoryCoupons(db: Queryable, now: Date, days: number): Promise<void> {
  const from = new Date(now.getTime() - (days + 1) * 86_400_000);
  for (const c of HISTORY_COUPONS) {
    await db.execute(sql`
      INSERT INTO coupons (name, code, type, amount_paise, percentage, min_order_paise, max_discount_paise, valid_from,
        valid_to, active, created_at, updated_at)
      VALUES (${c.name}, ${c.code}, ${c.type}, ${c.amount}, ${c.percentage}, ${c.min}, ${c.max}, ${from}, ${now}, true,
        ${from}, ${from})
      ON CONFLICT DO NOTHING`);
  }
}

/** Tables whose new rows get their ids from the generator, and the field of FirstIds each takes. */
const ID_TABLES: [keyof FirstIds, string][] = [
  ['users', 'users'],
  ['guests', 'guests'],
  ['orders', 'orders'],
  ['orderItems', 'order_items'],
  ['payments', 'payments'],
  ['invoices', 'tax_invoices'],
  ['creditNotes', 'credit_notes'],
  ['returns', 'return_requests'],
];

/** Each table's next id: past both its rows and its sequence (the shop must be stopped while this runs). */
async function firstIds(db: Queryable): Promise<FirstIds> {
  const ids = {} as FirstIds;
  for (const [key, table] of ID_TABLES) {
    const [row] = rowsOf<{ next: string }>(
      await db.execute(sql`SELECT greatest(
          (SELECT coalesce(max(id), 0) FROM ${sql.identifier(table)}),
          (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END
            FROM ${sql.identifier(`${table}_id_seq`)})) + 1 AS next`),
    );
    ids[key] = Number(row?.next ?? 1);
  }
  return ids;
}

/** The tables in the order their foreign keys need, each with the columns its rows carry. */
const TABLES = [
  'users',
  'guests',
  'orders',
  'order_items',
  'order_events',
  'order_taxes',
  'order_tax_lines',
  'payments',
  'refunds',
  'coupon_redemptions',
  'tax_invoices',
  'credit_notes',
  'credit_note_lines',
  'shipments',
  'return_requests',
  'return_lines',
  'return_events',
  'reviews',
] as const satisfies readonly (keyof History)[];

async function insertRows(db: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  for (let at = 0; at < rows.length; at += ROWS_PER_BATCH) {
    const batch = JSON.stringify(rows.slice(at, at + ROWS_PER_BATCH));
    await db.execute(sql`INSERT INTO ${sql.identifier(table)} (${list})
      SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${batch}::json)`);
  }
}

/** What the shop keeps beside the rows: sequences, coupon uses, document counters, review stats, the funnel. */
async function keepUp(db: Queryable, history: History): Promise<void> {
  for (const [, table] of ID_TABLES) {
    await db.execute(sql`SELECT setval(${`${table}_id_seq`}::regclass,
      greatest((SELECT coalesce(max(id), 0) FROM ${sql.identifier(table)}), 1))`);
  }
  for (const [couponId, uses] of history.couponUses) {
    if (uses > 0) await db.execute(sql`UPDATE coupons SET used_count = used_count + ${uses} WHERE id = ${couponId}`);
  }
  for (const [key, last] of history.counters) {
    const [series, year] = key.split('|');
    await db.execute(sql`INSERT INTO document_counters (series, fiscal_year, last) VALUES (${series}, ${year}, ${last})
      ON CONFLICT (series, fiscal_year) DO UPDATE SET last = excluded.last`);
  }
  await db.execute(REVIEW_STATS);
  for (let at = 0; at < history.funnel_counts.length; at += ROWS_PER_BATCH) {
    const batch = JSON.stringify(history.funnel_counts.slice(at, at + ROWS_PER_BATCH));
    await db.execute(sql`INSERT INTO funnel_counts (product_id, day, views, add_to_carts, checkouts, orders)
      SELECT product_id, day, views, add_to_carts, checkouts, orders
      FROM json_populate_recordset(NULL::funnel_counts, ${batch}::json)
      ON CONFLICT (product_id, day) DO UPDATE SET views = funnel_counts.views + excluded.views,
        add_to_carts = funnel_counts.add_to_carts + excluded.add_to_carts,
        checkouts = funnel_counts.checkouts + excluded.checkouts, orders = funnel_counts.orders + excluded.orders`);
  }
}

/** review_stats worked out again from the published reviews, as the reviews module keeps them. */
const REVIEW_STATS: SQL = sql`
  INSERT INTO review_stats (product_id, count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, runs_small,
    true_to_size, runs_large, updated_at)
  SELECT product_id, count(*), sum(rating), count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
    count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5),
    count(*) FILTER (WHERE fit = 'runs_small'), count(*) FILTER (WHERE fit = 'true_to_size'),
    count(*) FILTER (WHERE fit = 'runs_large'), now()
  FROM reviews WHERE hidden_at IS NULL GROUP BY product_id
  ON CONFLICT (product_id) DO UPDATE SET count = excluded.count, rating_sum = excluded.rating_sum,
    stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3, stars_4 = excluded.stars_4,
    stars_5 = excluded.stars_5, runs_small = excluded.runs_small, true_to_size = excluded.true_to_size,
    runs_large = excluded.runs_large, updated_at = excluded.updated_at`;

/** The reports' triggers that keep the daily aggregates (migrations 0044 and 0049), and their tables. */
const REPORT_TRIGGERS = [
  { table: 'orders', name: 'report_orders_changed' },
  { table: 'order_items', name: 'report_order_items_changed' },
  { table: 'payments', name: 'report_payments_inserted' },
  { table: 'payments', name: 'report_payments_changed' },
  { table: 'payments', name: 'report_payments_deleted' },
  { table: 'tax_invoices', name: 'report_invoices_changed' },
  { table: 'order_taxes', name: 'report_order_taxes_changed' },
  { table: 'order_tax_lines', name: 'report_order_tax_lines_changed' },
  { table: 'credit_notes', name: 'report_credit_notes_changed' },
  { table: 'credit_note_lines', name: 'report_credit_note_lines_changed' },
] as const;

/**
 * Adds `options.orders` generated orders over the last `options.days` days (default 365) to a seeded shop with a
 * catalogue (the demo shop, `seed:scale`'s 50,000 products). Refuses (SeedOrdersRefused) when the shop already holds a
 * generated history, or has nothing to sell. All or nothing: one transaction.
 */
export async function seedOrders(db: Database, options: SeedOrdersOptions): Promise<SeedOrdersResult> {
  const started = performance.now();
  const days = options.days ?? 365;
  const now = options.now ?? new Date();
  // Every generated order's address carries the domain (an account's e-mail, or a guest's): even a history of one
  // guest's order is found.
  const [seen] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM orders
      WHERE address_snapshot->>'email_id' LIKE ${`%@${SEED_ORDERS_DOMAIN}`}`),
  );
  if ((seen?.n ?? 0) > 0) {
    throw new RefusedError(
      `This shop already holds a generated order history (${seen?.n} orders to @${SEED_ORDERS_DOMAIN}); ` +
        'seed:orders adds one history only. Start from a fresh database to generate another.',
    );
  }
  const rows: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // The reports' triggers (ADR 062) would apply each of the history's orders one by one (about 2.5 ms each on
    // PostgreSQL); they are off for this transaction's inserts, and the aggregates are made once by sets at its end.
    for (const t of REPORT_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`));
    await addHistoryCoupons(tx, now, days);
    const shop = await readShop(tx);
    if (shop.products.length === 0) throw new RefusedError('The shop has no products on sale: seed it first.');
    if (shop.places.length === 0) throw new RefusedError('The shop has no states with cities to deliver to.');
    const history = generateOrderHistory(shop, await firstIds(tx), {
      orders: options.orders,
      days,
      seed: options.seed ?? 42,
      now,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      emailDomain: SEED_ORDERS_DOMAIN,
    });
    for (const table of TABLES) {
      await insertRows(tx, table, history[table]);
      rows[table] = history[table].length;
    }
    await keepUp(tx, history);
    rows.funnel_counts = history.funnel_counts.length;
    for (const t of REPORT_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`));
    await tx.execute(sql`SELECT report_rebuild()`);
  });
  // The planner's statistics of the tables just filled, and their pages marked visible to all. PostgreSQL's
  // autovacuum would do this in a while; the embedded database (PGlite) has no autovacuum and would plan the reports
  // over "empty" tables: on 100,000 orders the sales report's returning customers took over 30 s before this, 0.4 s
  // after (ADR 054). VACUUM runs outside the transaction above, as it must.
  await db.execute(sql`VACUUM (ANALYZE)`);
  return { orders: options.orders, days, seconds: (performance.now() - started) / 1000, rows };
}
