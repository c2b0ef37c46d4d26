import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { products } from './products';
import { sizeAdvices } from './size-advices';
import { sizes } from './sizes';

/** An order line, with the name, size, image and prices as they were at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    sizeLabel: text('size_label').notNull(),
    /** The size's SKU at checkout (ADR 063), for the slips, invoices and courier; null when it had none. */
    sku: text('sku'),
    productImage: text('product_image').notNull(),
    /** What one unit cost the shopper (the discount price when there was one). */
    unitPricePaise: integer('unit_price_paise').notNull(),
    /** The list price at the time, for the struck-through display. */
    listPricePaise: integer('list_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    /**
     * The category's return rule and its reason when the line was bought (ADR 058): the return request holds the
     * shopper to the rule the product page showed them, not to a later one. Lines from before the rule are returnable.
     */
    returnRule: text('return_rule', { enum: ['returnable', 'exchange_only', 'final_sale'] })
      .notNull()
      .default('returnable'),
    returnRuleReason: text('return_rule_reason').notNull().default(''),
    /** The cart line's "find my size" answer, carried at checkout (ADR 060): the owner's "advised, bought, kept". */
    sizeAdviceId: integer('size_advice_id').references(() => sizeAdvices.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_line_total', sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`),
    index('order_items_order_idx').on(t.orderId),
    check('order_items_return_rule', sql`${t.returnRule} IN ('returnable', 'exchange_only', 'final_sale')`),
  ],
);
