import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const ADMIN_ROLES = ['owner', 'staff'] as const;

/** Shop staff; separate from shoppers. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ADMIN_ROLES }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admin_users_email_unique').on(sql`lower(${t.email})`),
    check('admin_users_role_known', sql`${t.role} IN ('owner', 'staff')`),
  ],
);
