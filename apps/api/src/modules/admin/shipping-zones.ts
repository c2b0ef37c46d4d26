import {
  type AdminShippingZone,
  AdminShippingZoneAnswer,
  AdminShippingZoneListAnswer,
  AdminShippingZoneParams,
  AdminUpdateShippingZone,
  ErrorAnswer,
} from '@kapaas/contract';
import { asc, eq, type Queryable, shippingZones } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import { ZONES, type Zone } from '../delivery';
import { adminOf, auditedWrite } from './resource';

/** The zones in the console's order, and their labels: the delivery module's. */
const ORDER = ZONES.map(({ zone }) => zone);
const LABELS = Object.fromEntries(ZONES.map(({ zone, label }) => [zone, label])) as Record<Zone, string>;

type ZoneRow = typeof shippingZones.$inferSelect;
const toZone = (row: ZoneRow): AdminShippingZone => ({
  zone: row.zone,
  label: LABELS[row.zone],
  charge: paiseToRupees(row.chargePaise),
  free_above: row.freeAbovePaise === null ? null : paiseToRupees(row.freeAbovePaise),
  min_days: row.minDays,
  max_days: row.maxDays,
  active: row.active,
});

async function zonesOf(db: Queryable): Promise<AdminShippingZone[]> {
  const rows = await db.select().from(shippingZones).orderBy(asc(shippingZones.zone));
  return ORDER.flatMap((zone) => rows.filter((row) => row.zone === zone).map(toZone));
}

async function zoneOf(db: Queryable, zone: AdminShippingZone['zone']): Promise<AdminShippingZone | undefined> {
  const [row] = await db.select().from(shippingZones).where(eq(shippingZones.zone, zone));
  return row && toZone(row);
}

/** Refuses days that would not make a window: the fewest after the most, as they will be after the change. */
function checkDays(current: AdminShippingZone, body: AdminUpdateShippingZone): void {
  const min = body.min_days ?? current.min_days;
  const max = body.max_days ?? current.max_days;
  if (min > max) {
    const message = 'The most days must be at least the fewest.';
    throw new AppError('INVALID_DATA', message, { errors: { max_days: [message] } });
  }
}

/**
 * GET /shipping_zones and PATCH /shipping_zones/:zone (owners only, ADR 033): what shipping costs in each zone, from
 * what order value it is free, how many working days it takes, and whether the zone is delivered to. Audited.
 */
export const shippingZoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ adminToken: [] }] };
  const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };
  app.get(
    '/shipping_zones',
    {
      config: { ownerOnly: true },
      schema: { ...schema, summary: 'The shipping zones', response: { 200: AdminShippingZoneListAnswer, ...failures } },
    },
    async () => ({ success: true as const, data: await zonesOf(app.database.db) }),
  );
  app.patch(
    '/shipping_zones/:zone',
    {
      config: { ownerOnly: true },
      schema: {
        ...schema,
        summary: 'Change a shipping zone; fields left out keep their values',
        params: AdminShippingZoneParams,
        body: AdminUpdateShippingZone,
        response: { 200: AdminShippingZoneAnswer, ...failures },
      },
    },
    async (request) => {
      const { zone } = request.params;
      const body = request.body;
      const current = await zoneOf(app.database.db, zone);
      if (!current) throw new AppError('NOT_FOUND', 'Shipping zone not found.');
      checkDays(current, body);
      const changes = {
        chargePaise: body.charge === undefined ? undefined : rupeesToPaise(body.charge),
        freeAbovePaise:
          body.free_above === undefined ? undefined : body.free_above === null ? null : rupeesToPaise(body.free_above),
        minDays: body.min_days,
        maxDays: body.max_days,
        active: body.active,
      };
      // A body that changes nothing answers the zone as it is, and writes nothing (not even an audit entry).
      if (Object.values(changes).every((value) => value === undefined))
        return { success: true as const, data: current };
      const { after } = await auditedWrite(app.deps, adminOf(request), {
        resource: 'shipping_zones',
        noun: 'Shipping zone',
        action: 'update',
        id: ORDER.indexOf(zone) + 1,
        find: (db) => zoneOf(db, zone),
        async write(tx) {
          await tx.update(shippingZones).set(changes).where(eq(shippingZones.zone, zone));
          return ORDER.indexOf(zone) + 1;
        },
      });
      return { success: true as const, data: after ?? current };
    },
  );
};
