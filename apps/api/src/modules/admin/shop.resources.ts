import {
  type AdminCity,
  AdminCityAnswer,
  AdminCityListAnswer,
  AdminCityListQuery,
  type AdminCoupon,
  AdminCouponAnswer,
  AdminCouponListAnswer,
  AdminCouponListQuery,
  AdminCreateCity,
  AdminCreateCoupon,
  AdminCreateState,
  type AdminState,
  AdminStateAnswer,
  AdminStateListAnswer,
  AdminStateListQuery,
  AdminUpdateCity,
  AdminUpdateCoupon,
  AdminUpdateState,
} from '@kapaas/contract';
import { and, asc, cities, count, coupons, desc, eq, or, type Queryable, states } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldError } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import { changeCoupon, insertCoupon, lockCoupon, removeCoupon } from '../coupons';
import { contains, offsetOf, resourceRoutes, totalOf } from './resource';

/* Coupons, states and cities: read from the database by the customer API, not the catalogue. */

// ---------------------------------------------------------------------------------------------
// Coupons

type CouponRow = typeof coupons.$inferSelect;
const toCoupon = (row: CouponRow): AdminCoupon => ({
  id: row.id,
  name: row.name,
  code: row.code,
  type: row.type,
  amount: paiseToRupees(row.amountPaise),
  percentage: row.percentage,
  min_order_value: paiseToRupees(row.minOrderPaise),
  max_discount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
  valid_from: row.validFrom?.toISOString() ?? null,
  valid_to: row.validTo?.toISOString() ?? null,
  usage_limit: row.usageLimit,
  per_customer_limit: row.perCustomerLimit,
  used_count: row.usedCount,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The rules that span fields, checked on the coupon as it will be after the write. */
function checkCoupon(
  coupon: CouponRow | (Omit<CouponRow, 'id' | 'createdAt' | 'updatedAt' | 'usedCount'> & { usedCount: number }),
) {
  if (coupon.type === 'Amount' && coupon.amountPaise <= 0)
    throw fieldError('amount', 'An Amount coupon needs an amount above zero.');
  if (coupon.type === 'Percentage' && coupon.percentage <= 0) {
    throw fieldError('percentage', 'A Percentage coupon needs a percentage from 1 to 100.');
  }
  if (coupon.validFrom && coupon.validTo && coupon.validFrom > coupon.validTo) {
    throw fieldError('valid_to', 'The end of validity must come after its start.');
  }
  if (coupon.usageLimit !== null && coupon.usageLimit < coupon.usedCount) {
    throw fieldError('usage_limit', `The coupon has been used ${coupon.usedCount} times already.`);
  }
}

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);
const toPaise = (rupees: number | null | undefined) =>
  rupees === undefined ? undefined : rupees === null ? null : rupeesToPaise(rupees);

const couponResource = resourceRoutes({
  path: 'coupons',
  noun: 'Coupon',
  item: AdminCouponAnswer.shape.data,
  answer: AdminCouponAnswer,
  list: {
    query: AdminCouponListQuery,
    answer: AdminCouponListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? or(contains(coupons.name, query.q), contains(coupons.code, query.q)) : undefined,
        query.type === undefined ? undefined : eq(coupons.type, query.type),
        query.active === undefined ? undefined : eq(coupons.active, query.active),
      );
      const rows = await db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toCoupon), total: await totalOf(db.select({ n: count() }).from(coupons).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    return row && toCoupon(row);
  },
  create: {
    body: AdminCreateCoupon,
    async run(tx, body) {
      const values = {
        name: body.name,
        code: body.code,
        type: body.type,
        amountPaise: rupeesToPaise(body.amount ?? 0),
        percentage: body.percentage ?? 0,
        minOrderPaise: rupeesToPaise(body.min_order_value ?? 0),
        maxDiscountPaise: toPaise(body.max_discount) ?? null,
        validFrom: toDate(body.valid_from) ?? null,
        validTo: toDate(body.valid_to) ?? null,
        usageLimit: body.usage_limit ?? null,
        perCustomerLimit: body.per_customer_limit ?? null,
        active: body.active ?? true,
        usedCount: 0,
      };
      checkCoupon(values);
      return insertCoupon(tx, values);
    },
  },
  update: {
    body: AdminUpdateCoupon,
    async run(tx, id, body) {
      const current = await lockCoupon(tx, id);
      if (!current) throw new AppError('NOT_FOUND', 'Coupon not found.');
      const changes = {
        name: body.name,
        code: body.code,
        type: body.type,
        amountPaise: toPaise(body.amount) ?? undefined,
        percentage: body.percentage,
        minOrderPaise: toPaise(body.min_order_value) ?? undefined,
        maxDiscountPaise: toPaise(body.max_discount),
        validFrom: toDate(body.valid_from),
        validTo: toDate(body.valid_to),
        usageLimit: body.usage_limit,
        perCustomerLimit: body.per_customer_limit,
        active: body.active,
      };
      const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      checkCoupon({ ...current, ...sent });
      await changeCoupon(tx, id, changes);
    },
  },
  /** A coupon that paid orders used is kept for their records and deactivated instead. */
  remove: (tx, id) => removeCoupon(tx, id),
});

// ---------------------------------------------------------------------------------------------
// States and cities (addresses refer to them: one in use cannot be deleted)

const toState = (row: typeof states.$inferSelect): AdminState => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  gst_code: row.gstCode,
});

const stateResource = resourceRoutes({
  path: 'states',
  noun: 'State',
  item: AdminStateAnswer.shape.data,
  answer: AdminStateAnswer,
  list: {
    query: AdminStateListQuery,
    answer: AdminStateListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(states.name, query.q) : undefined,
        query.kind === undefined ? undefined : eq(states.kind, query.kind),
      );
      const rows = await db
        .select()
        .from(states)
        .where(where)
        .orderBy(asc(states.name))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toState), total: await totalOf(db.select({ n: count() }).from(states).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(states).where(eq(states.id, id));
    return row && toState(row);
  },
  create: {
    body: AdminCreateState,
    async run(tx, body) {
      const [row] = await tx
        .insert(states)
        .values({ name: body.name, kind: body.kind, gstCode: body.gst_code ?? null })
        .returning({ id: states.id });
      if (!row) throw new Error('state insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateState,
    async run(tx, id, body) {
      if (body.name === undefined && body.kind === undefined && body.gst_code === undefined) return;
      await tx
        .update(states)
        .set({ name: body.name, kind: body.kind, gstCode: body.gst_code })
        .where(eq(states.id, id));
    },
  },
  async remove(tx, id) {
    await tx.delete(states).where(eq(states.id, id));
    return 'deleted';
  },
});

const toCity = (row: typeof cities.$inferSelect): AdminCity => ({ id: row.id, state_id: row.stateId, name: row.name });

async function requireState(db: Queryable, stateId: number): Promise<void> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
  if (!row) throw fieldError('state_id', 'Please choose an existing state.');
}

const cityResource = resourceRoutes({
  path: 'cities',
  noun: 'City',
  item: AdminCityAnswer.shape.data,
  answer: AdminCityAnswer,
  list: {
    query: AdminCityListQuery,
    answer: AdminCityListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(cities.name, query.q) : undefined,
        query.state_id === undefined ? undefined : eq(cities.stateId, query.state_id),
      );
      const rows = await db
        .select()
        .from(cities)
        .where(where)
        .orderBy(asc(cities.name), asc(cities.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toCity), total: await totalOf(db.select({ n: count() }).from(cities).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(cities).where(eq(cities.id, id));
    return row && toCity(row);
  },
  create: {
    body: AdminCreateCity,
    async run(tx, body) {
      await requireState(tx, body.state_id);
      const [row] = await tx
        .insert(cities)
        .values({ stateId: body.state_id, name: body.name })
        .returning({ id: cities.id });
      if (!row) throw new Error('city insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateCity,
    async run(tx, id, body) {
      if (body.state_id !== undefined) await requireState(tx, body.state_id);
      if (body.name === undefined && body.state_id === undefined) return;
      await tx.update(cities).set({ name: body.name, stateId: body.state_id }).where(eq(cities.id, id));
    },
  },
  async remove(tx, id) {
    await tx.delete(cities).where(eq(cities.id, id));
    return 'deleted';
  },
});

/** Coupons, states and cities. */
export const shopResources: FastifyPluginAsyncZod = async (app) => {
  await app.register(couponResource);
  await app.register(stateResource);
  await app.register(cityResource);
};
