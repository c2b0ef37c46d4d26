import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The HSN code of the category's products, unless a product has its own (ADR 032). */
    hsnCode: text('hsn_code').notNull().default('6111'),
    /**
     * Whether its pieces may be returned, only exchanged for another size, or neither (ADR 058); an order line keeps
     * the rule and reason it was bought under.
     */
    returnRule: text('return_rule', { enum: ['returnable', 'exchange_only', 'final_sale'] })
      .notNull()
      .default('returnable'),
    /** Why, in the shopper's words; '' only for `returnable`. */
    returnRuleReason: text('return_rule_reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('categories_hsn_digits', sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('categories_return_rule', sql`${t.returnRule} IN ('returnable', 'exchange_only', 'final_sale')`),
    check('categories_return_rule_reason', sql`${t.returnRule} = 'returnable' OR btrim(${t.returnRuleReason}) <> ''`),
  ],
);
