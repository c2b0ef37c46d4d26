import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { cities } from './cities';
import { guests } from './guests';
import { states } from './states';
import { users } from './users';

/** A delivery address of a user or a guest; at most one default per owner. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    /** A seeded city the shopper picked from the list, or null for a town typed in (ADR 033). */
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    /** The town or post office as the address reads: the seeded city's name, or the text typed; 1 to 60 characters. */
    cityName: text('city_name').notNull(),
    pinCode: text('pin_code').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('addresses_one_owner', sql`(${t.userId} IS NULL) <> (${t.guestId} IS NULL)`),
    check('addresses_city_name_length', sql`char_length(${t.cityName}) BETWEEN 1 AND 60`),
    check('addresses_pin_code_format', sql`${t.pinCode} ~ '^[0-9]{6}$'`),
    check('addresses_phone_format', sql`${t.phone} ~ '^[0-9]{10}$'`),
    uniqueIndex('addresses_one_default_per_user').on(t.userId).where(sql`${t.isDefault} AND ${t.userId} IS NOT NULL`),
    uniqueIndex('addresses_one_default_per_guest')
      .on(t.guestId)
      .where(sql`${t.isDefault} AND ${t.guestId} IS NOT NULL`),
    index('addresses_user_idx').on(t.userId),
    index('addresses_guest_idx').on(t.guestId),
  ],
);
