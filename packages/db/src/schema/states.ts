import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const STATE_KINDS = ['state', 'union_territory'] as const;

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    kind: text('kind', { enum: STATE_KINDS }).notNull(),
    /** The two-digit GST state code (27 Maharashtra, 07 Delhi; ADR 032). */
    gstCode: text('gst_code').unique(),
  },
  (t) => [check('states_kind_known', sql`${t.kind} IN ('state', 'union_territory')`)],
);
