import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The reports' daily aggregates (ADR 062): what every order sold counted for, by India's day, kept in the same
 * transaction as the order's change by the database's triggers (`report_apply_order`, migration 0044), from the one
 * SQL definition of a sold order (the view `report_sold_orders`). Counts and sums only: no person, no address. The
 * ledgers `report_order_facts` and `report_order_lines` hold what each order added, so that any later change to the
 * order (a move, a COD order paid online instead, its date set again) takes exactly that back out before adding the
 * new figures. `npm run reports:rebuild` makes them all again from the orders.
 */

/** What one sold order added to the aggregates: its day, how it was paid, its total and its pieces. */
export const reportOrderFacts = pgTable(
  'report_order_facts',
  {
    orderId: integer('order_id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The paying payment's method (ADR 046) for an online order, '' when there is none or for COD. */
    paidBy: text('paid_by').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    units: integer('units').notNull(),
    /**
     * The customer, as a 64-bit hash of the sales report's key (the account, or a guest's delivery phone; ADR 054):
     * the span's customers are counted from this narrow ledger, not from the orders (ADR 062, third pass).
     */
    customerHash: bigint('customer_hash', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_order_facts_day_customer_idx').on(t.day, t.customerHash)],
);

/** What each line of a sold order added: its product, size and category, pieces and revenue after discounts. */
export const reportOrderLines = pgTable(
  'report_order_lines',
  {
    orderId: integer('order_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    sizeId: integer('size_id').notNull(),
    categoryId: integer('category_id'),
    units: integer('units').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_order_lines_order_idx').on(t.orderId), index('report_order_lines_product_idx').on(t.productId)],
);

/** Per India's day and way of paying: the orders sold, their totals (shipping and COD fee included) and pieces. */
export const reportDailySales = pgTable(
  'report_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paidBy: text('paid_by').notNull(),
    orders: integer('orders').notNull().default(0),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod, t.paidBy] })],
);

/** Per India's day: the customers whose first sold order fell on it (a customer is new in a period holding that day). */
export const reportDailyNewCustomers = pgTable('report_daily_new_customers', {
  day: date('day', { mode: 'string' }).primaryKey(),
  customers: integer('customers').notNull().default(0),
});

/** Per India's day and product: the sold orders holding it, their pieces of it, and its revenue after discounts. */
export const reportDailyProducts = pgTable(
  'report_daily_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** Per India's day and category (the product's category now): as per product, an order counted once per category. */
export const reportDailyCategories = pgTable(
  'report_daily_categories',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId] })],
);

/** Per India's day, product and size: the pieces sold (the stock report's pace, the returns report's sizes). */
export const reportDailySizes = pgTable(
  'report_daily_sizes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    sizeId: integer('size_id').notNull(),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.sizeId] })],
);

/**
 * What one tax invoice (`invoice`) or credit note (`credit`) added to report_daily_gst (ADR 062, second pass): its
 * India's day and its lines' sums, signed (a credit note's are negative), so a change to it takes exactly that out.
 */
export const reportGstFacts = pgTable(
  'report_gst_facts',
  {
    document: text('document').notNull(),
    documentId: integer('document_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    /** SGST with UTGST, as the GST report's sgst_utgst column. */
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.document, t.documentId] })],
);

/** Per India's day: the GST of the invoices issued less that of the credit notes issued (the tax report's months). */
export const reportDailyGst = pgTable('report_daily_gst', {
  day: date('day', { mode: 'string' }).primaryKey(),
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull().default(0),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
});
