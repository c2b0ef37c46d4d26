import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { states } from './states';

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
  },
  (t) => [unique('cities_state_name_unique').on(t.stateId, t.name)],
);
