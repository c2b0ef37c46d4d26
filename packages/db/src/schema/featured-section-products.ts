import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { featuredSections } from './featured-sections';
import { products } from './products';

export const featuredSectionProducts = pgTable(
  'featured_section_products',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => featuredSections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.productId] })],
);
