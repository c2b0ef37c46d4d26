import {
  AdminAccountAnswer,
  AdminAccountListAnswer,
  AdminAccountListQuery,
  type AdminContactMessage,
  AdminContactMessageAnswer,
  AdminContactMessageListAnswer,
  AdminContactMessageListQuery,
  AdminCreateAccount,
  type AdminCustomer,
  AdminCustomerAnswer,
  AdminCustomerListAnswer,
  AdminCustomerListQuery,
  type AdminNewsletterSubscriber,
  AdminNewsletterSubscriberAnswer,
  AdminNewsletterSubscriberListAnswer,
  AdminNewsletterSubscriberListQuery,
  AdminUpdateAccount,
  AdminUpdateContactMessage,
  AdminUpdateCustomer,
} from '@kapaas/contract';
import {
  adminUsers,
  and,
  asc,
  contactMessages,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  ne,
  newsletterSubscribers,
  or,
  type Queryable,
  sql,
  users,
} from '@kapaas/db';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { hashPassword, MIN_ADMIN_PASSWORD_LENGTH, refuseWeakPassword } from '../../lib/passwords';
import { setUserStatus } from '../identity';
import { deleteContactMessage, deleteSubscriber, markContactMessageRead } from '../messages';
import { deleteSessionsOf } from './auth.repository';
import { toAdminAccount } from './auth.service';
import { sendCsv, spreadsheetSafe } from './csv';
import { contains, offsetOf, resourceRoutes, totalOf } from './resource';

/*
 * Customers (read and disable), contact messages, newsletter subscribers, and admin accounts (owners only). The
 * console lists these tables itself; the writes to customers, their sessions, messages and subscribers go through
 * their owners, identity and messages (ADR 039).
 */

// ---------------------------------------------------------------------------------------------
// Customers

// Spelled out with table names: drizzle writes a lone-table column unqualified, which inside the
// subquery would mean orders.id.
const orderCount = sql<number>`(SELECT count(*)::int FROM "orders" WHERE "orders"."user_id" = "users"."id")`;
const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  orderCount,
};
type CustomerRow = {
  [K in keyof typeof customerColumns]: K extends 'orderCount'
    ? number
    : (typeof users.$inferSelect)[Exclude<K, 'orderCount'>];
};
const toCustomer = (row: CustomerRow): AdminCustomer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  order_count: Number(row.orderCount),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const customerResource = resourceRoutes({
  path: 'customers',
  noun: 'Customer',
  item: AdminCustomerAnswer.shape.data,
  answer: AdminCustomerAnswer,
  list: {
    query: AdminCustomerListQuery,
    answer: AdminCustomerListAnswer,
    async run(db, query) {
      const where = and(
        query.q
          ? or(contains(users.name, query.q), contains(users.email, query.q), contains(users.phone, query.q))
          : undefined,
        query.status === undefined ? undefined : eq(users.status, query.status),
      );
      const rows = await db
        .select(customerColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toCustomer), total: await totalOf(db.select({ n: count() }).from(users).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select(customerColumns).from(users).where(eq(users.id, id));
    return row && toCustomer(row);
  },
  update: {
    body: AdminUpdateCustomer,
    /** Disabling ends the customer's sessions at once; their login is refused from then on. */
    async run(tx, id, body) {
      await setUserStatus(tx, id, body.status);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Contact messages

const toMessage = (row: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

const contactMessageResource = resourceRoutes({
  path: 'contact-messages',
  noun: 'Contact message',
  item: AdminContactMessageAnswer.shape.data,
  answer: AdminContactMessageAnswer,
  list: {
    query: AdminContactMessageListQuery,
    answer: AdminContactMessageListAnswer,
    async run(db, query) {
      const where = and(
        query.q
          ? or(
              contains(contactMessages.name, query.q),
              contains(contactMessages.email, query.q),
              contains(contactMessages.message, query.q),
            )
          : undefined,
        query.read === undefined
          ? undefined
          : query.read
            ? isNotNull(contactMessages.readAt)
            : isNull(contactMessages.readAt),
      );
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return {
        items: rows.map(toMessage),
        total: await totalOf(db.select({ n: count() }).from(contactMessages).where(where)),
      };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row && toMessage(row);
  },
  update: {
    body: AdminUpdateContactMessage,
    async run(tx, id, body) {
      await markContactMessageRead(tx, id, body.read);
    },
  },
  async remove(tx, id) {
    await deleteContactMessage(tx, id);
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Newsletter subscribers

const toSubscriber = (row: typeof newsletterSubscribers.$inferSelect): AdminNewsletterSubscriber => ({
  id: row.id,
  email: row.email,
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

const newsletterResource = resourceRoutes({
  path: 'newsletter-subscribers',
  noun: 'Subscriber',
  item: AdminNewsletterSubscriberAnswer.shape.data,
  answer: AdminNewsletterSubscriberAnswer,
  list: {
    query: AdminNewsletterSubscriberListQuery,
    answer: AdminNewsletterSubscriberListAnswer,
    async run(db, query) {
      const where = query.q ? contains(newsletterSubscribers.email, query.q) : undefined;
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return {
        items: rows.map(toSubscriber),
        total: await totalOf(db.select({ n: count() }).from(newsletterSubscribers).where(where)),
      };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    return row && toSubscriber(row);
  },
  async remove(tx, id) {
    await deleteSubscriber(tx, id);
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Admin accounts (owners only). The shop always keeps one active owner.

async function activeOwnersOtherThan(db: Queryable, adminId: number): Promise<number> {
  return totalOf(
    db
      .select({ n: count() })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, 'owner'), eq(adminUsers.active, true), ne(adminUsers.id, adminId))),
  );
}

const lastOwner = () =>
  new AppError('CONFLICT', 'The shop needs at least one active owner: make another owner first.', {
    code: 'LAST_OWNER',
  });

const adminResource = resourceRoutes({
  path: 'admins',
  noun: 'Admin',
  ownerOnly: true,
  item: AdminAccountAnswer.shape.data,
  answer: AdminAccountAnswer,
  list: {
    query: AdminAccountListQuery,
    answer: AdminAccountListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? or(contains(adminUsers.name, query.q), contains(adminUsers.email, query.q)) : undefined,
        query.role === undefined ? undefined : eq(adminUsers.role, query.role),
        query.active === undefined ? undefined : eq(adminUsers.active, query.active),
      );
      const rows = await db
        .select()
        .from(adminUsers)
        .where(where)
        .orderBy(asc(adminUsers.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return {
        items: rows.map(toAdminAccount),
        total: await totalOf(db.select({ n: count() }).from(adminUsers).where(where)),
      };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return row && toAdminAccount(row);
  },
  create: {
    body: AdminCreateAccount,
    async run(tx, body) {
      refuseWeakPassword(body.password, body, MIN_ADMIN_PASSWORD_LENGTH);
      const [row] = await tx
        .insert(adminUsers)
        .values({
          email: body.email,
          name: body.name,
          role: body.role,
          active: body.active ?? true,
          passwordHash: await hashPassword(body.password),
        })
        .returning({ id: adminUsers.id });
      if (!row) throw new Error('admin insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateAccount,
    /** A new password, a new role or disabling ends the account's sessions. */
    async run(tx, id, body) {
      const demoted = body.role === 'staff' || body.active === false;
      const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
      if (current?.role === 'owner' && demoted && (await activeOwnersOtherThan(tx, id)) === 0) throw lastOwner();
      if (body.password !== undefined) {
        const owner = { email: body.email ?? current?.email, name: body.name ?? current?.name };
        refuseWeakPassword(body.password, owner, MIN_ADMIN_PASSWORD_LENGTH);
      }
      await tx
        .update(adminUsers)
        .set({
          email: body.email,
          name: body.name,
          role: body.role,
          active: body.active,
          passwordHash: body.password === undefined ? undefined : await hashPassword(body.password),
          updatedAt: new Date(),
        })
        .where(eq(adminUsers.id, id));
      if (body.password !== undefined || demoted) await deleteSessionsOf(tx, id);
    },
  },
  async remove(tx, id, admin) {
    if (id === admin.id) throw new AppError('CONFLICT', 'You cannot delete your own account.', { code: 'SELF' });
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
    if (current?.role === 'owner' && (await activeOwnersOtherThan(tx, id)) === 0) throw lastOwner();
    await tx.delete(adminUsers).where(eq(adminUsers.id, id));
    return 'deleted';
  },
});

/** Customers, contact messages, newsletter subscribers and admin accounts. */
/**
 * Every subscriber as a CSV file (e-mail, subscribed at), oldest first, for a mailing service. A
 * value that a spreadsheet would read as a formula is written as text.
 */
const newsletterExport: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/newsletter-subscribers.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The confirmed newsletter subscribers as a CSV file (text/csv), for a mailing service',
        security: [{ adminToken: [] }],
      },
    },
    async (_request, reply) => {
      // Only addresses that confirmed (double opt-in): an unconfirmed one never asked to be written to.
      const rows = await app.database.db
        .select()
        .from(newsletterSubscribers)
        .where(isNotNull(newsletterSubscribers.confirmedAt))
        .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
      const csv = stringify(
        rows.map((row) => [spreadsheetSafe(row.email), row.createdAt.toISOString(), row.confirmedAt?.toISOString()]),
        { header: true, columns: ['email', 'subscribed_at', 'confirmed_at'] },
      );
      return sendCsv(reply, 'newsletter', csv);
    },
  );
};

export const peopleResources: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerResource);
  await app.register(contactMessageResource);
  await app.register(newsletterExport);
  await app.register(newsletterResource);
  await app.register(adminResource);
};
