import type { AdminReturnPickup } from '@kapaas/contract';
import { type Queryable, shipments } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { runSteps, type Step } from '../../lib/workflow';
import { lockOrder, type OrderRow, type OrderTransaction, orderParcel } from '../orders';
import { linesOfReturns, lockReturn, noteOnReturn, type ReturnRow, receiveReturnByCourier, returnOf } from '../returns';
import type { ParcelSize, ShipmentItem } from '../shiprocket';
import type { BookingDeps } from './booking';
import { askCourier, awbStep, keep, letGo, takeOver } from './claim';
import { returnShipmentOf, type ShipmentRow } from './shipping.repository';
import type { ShipmentState } from './tracking';

/*
 * A return's reverse pickup (issue 33, ADR 044): once the owner approved a return or an exchange, one click asks the
 * courier to fetch the parcel from the shopper and bring it back to the shop's pickup location. Booked once, like an
 * order's parcel (claim.ts); its tracking receives the return when the parcel is back (track.service.ts).
 */

/** What a failed pickup booking leaves as it was, in the owner's words. */
const NOTHING_BOOKED = 'No pickup is booked';
const ask = <T>(call: () => Promise<T>): Promise<T> => askCourier(call, NOTHING_BOOKED);

interface PickupContext {
  readonly returnId: number;
  readonly by: string;
  request?: ReturnRow;
  order?: OrderRow;
  shipment?: ShipmentRow;
  /** The pickup was booked before (a second click): nothing more to do. */
  done?: boolean;
}

/**
 * Books the courier's pickup of an approved return, as a workflow of named steps: claim the return's shipment under
 * the order's and the return's locks, create the courier's return order (from the shopper's address to the shop's
 * pickup location), assign the AWB, ask for the pickup, then record it booked with a line in the return's history the
 * shopper reads. A second click once booked answers the same pickup; one while another is under way is 409; the
 * courier refusing or unreachable books nothing (409 COURIER_REFUSED, 502 COURIER_UNAVAILABLE).
 */
export async function bookReturnPickup(deps: BookingDeps, returnId: number, by: string): Promise<ShipmentRow> {
  const steps = [
    claimStep(deps),
    createStep(deps),
    awbStep<PickupContext>(deps, NOTHING_BOOKED),
    pickupStep(deps),
    recordStep(deps),
  ];
  const context = await runSteps(steps, { returnId, by }, ({ step, error }) =>
    deps.log.error({ err: error, step, returnId }, 'could not undo a return pickup step'),
  );
  const shipment = context.shipment ?? (await returnShipmentOf(deps.db, returnId));
  if (!shipment) throw new Error(`return ${returnId} has no pickup after booking`);
  return shipment;
}

/** A return's pickup as the console shows it, once booked (a booking half-way is not shown). */
export async function returnPickupOf(db: Queryable, returnId: number): Promise<AdminReturnPickup | null> {
  const row = await returnShipmentOf(db, returnId);
  if (row?.booking !== 'booked' || !row.awb) return null;
  return {
    awb: row.awb,
    courier_name: row.courierName,
    tracking_url: row.trackingUrl,
    status: row.status,
    booked_at: row.createdAt.toISOString(),
  };
}

const returnNotFound = () => new AppError('NOT_FOUND', 'Return not found.');
const pickupBusy = () =>
  new AppError('CONFLICT', 'A pickup for this return is being booked right now. Reload it in a moment.', {
    code: 'SHIPMENT_IN_PROGRESS',
  });

/**
 * Step 1, under the order's lock, then the return's (the order that tracking takes first): the return must be
 * approved; its pickup row is written (`booking`), or the one written before is taken: booked already (done), or
 * left by a booking that failed or whose lease ran out (resumed).
 */
function claimStep(deps: BookingDeps): Step<PickupContext> {
  return {
    name: 'claim the pickup',
    run: async (context) => {
      const found = await returnOf(deps.db, context.returnId);
      if (!found) throw returnNotFound();
      await deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, found.orderId);
        const request = await lockReturn(tx, found.id);
        if (!order || !request) throw returnNotFound();
        Object.assign(context, { order, request });
        const earlier = await returnShipmentOf(tx, request.id);
        if (earlier?.booking === 'booked') {
          Object.assign(context, { shipment: earlier, done: true });
          return;
        }
        if (request.status !== 'approved') {
          const message = `Only an approved return gets a courier pickup; this one is ${request.status.replace('_', ' ')}.`;
          throw new AppError('CONFLICT', message, { code: 'ILLEGAL_RETURN_MOVE' });
        }
        context.shipment = earlier
          ? await takeOver(tx, earlier, pickupBusy)
          : await claim(tx, request, deps.courier.client.name);
      });
    },
    undo: async (context) => {
      if (!context.done) await letGo(deps.db, context.shipment);
    },
  };
}

async function claim(tx: Queryable, request: ReturnRow, provider: string): Promise<ShipmentRow> {
  const values = { orderId: request.orderId, kind: 'return' as const, returnId: request.id, provider };
  const [row] = await tx.insert(shipments).values(values).returning();
  if (!row) throw new Error('the pickup insert returned nothing');
  return row;
}

/** The pieces sent back, at what was paid for them, and their parcel: the order's weight per piece, in its box. */
async function returnedGoods(
  db: Queryable,
  request: ReturnRow,
): Promise<{ items: ShipmentItem[]; parcel: ParcelSize }> {
  const lines = await linesOfReturns(db, [request.id]);
  const items = lines.map(({ line, productName, sizeLabel, sku }) => ({
    name: `${productName} (${sizeLabel})`,
    // The line's SKU as sold (ADR 063), else one made of the product and size ids.
    sku: sku ?? `P${line.productId}-S${line.sizeId}`,
    units: line.quantity,
    unitPricePaise: Math.round(line.paidPaise / line.quantity),
  }));
  const order = await orderParcel(db, request.orderId);
  if (!order) throw new Error(`order ${request.orderId} has no lines to weigh`);
  // The products' weights are the catalogue's; the order's parcel already added them up, so a piece sent back weighs
  // what a piece of the order weighed on average (the courier re-weighs and bills the difference anyway).
  const pieces = items.reduce((sum, item) => sum + item.units, 0);
  const weightGrams = Math.max(1, Math.round((order.weightGrams / Math.max(1, order.pieces)) * pieces));
  const { lengthCm, breadthCm, heightCm } = order;
  return { items, parcel: { weightGrams, lengthCm, breadthCm, heightCm } };
}

/** Step 2: the courier's return order, picked up at the order's address and going back to the shop's pickup location. */
function createStep(deps: BookingDeps): Step<PickupContext> {
  return {
    name: 'create the courier return order',
    run: async (context) => {
      const { order, request, shipment } = context;
      if (context.done || !order || !request || !shipment || shipment.providerShipmentId) return;
      const address = order.addressSnapshot;
      const returnTo = await ask(() => deps.courier.client.pickupAddress(deps.courier.pickupLocation));
      const created = await ask(async () =>
        deps.courier.client.createReturn({
          returnRef: `KPR-${request.id}`,
          orderDate: request.createdAt,
          pickupFrom: {
            name: `${address.first_name} ${address.last_name}`.trim(),
            phone: address.phone_number,
            email: address.email_id,
            line1: address.address,
            city: address.city,
            state: address.state,
            pin: address.pin_code,
          },
          returnTo,
          ...(await returnedGoods(deps.db, request)),
        }),
      );
      context.shipment = await keep(deps.db, shipment.id, {
        providerOrderId: String(created.courierOrderId),
        providerShipmentId: String(created.shipmentId),
      });
    },
  };
}

/** Step 4: the courier is asked to come for the parcel (asked twice after a lost answer, it is still one pickup). */
function pickupStep(deps: BookingDeps): Step<PickupContext> {
  return {
    name: 'ask for the pickup',
    run: async (context) => {
      const { shipment } = context;
      if (context.done || !shipment?.providerShipmentId || !shipment.awb) return;
      await ask(() => deps.courier.client.requestPickup(Number(shipment.providerShipmentId)));
    },
  };
}

/** Step 5, under the return's lock: the pickup booked, and a line in the return's history the shopper reads. */
function recordStep(deps: BookingDeps): Step<PickupContext> {
  return {
    name: 'record the pickup',
    run: async (context) => {
      const { shipment } = context;
      if (context.done || !shipment?.awb) return;
      const courier = shipment.courierName || 'the courier';
      context.shipment = await deps.db.transaction(async (tx) => {
        const request = await lockReturn(tx, context.returnId);
        if (!request) throw returnNotFound();
        const booked = await keep(tx, shipment.id, { booking: 'booked', status: 'booked' });
        await noteOnReturn(tx, request, {
          note: `Pickup booked with ${courier}, AWB ${shipment.awb}, by ${context.by}.`,
          customerNote: `A courier (${courier}) will come to pick the parcel up from your address. Tracking number (AWB): ${shipment.awb}.`,
        });
        return booked;
      });
    },
  };
}

/**
 * What a return does when its pickup's state changes (track.service.ts, under the order's lock): delivered back at the
 * shop receives it by the return process's courier move, with its effects (the pieces back on sale once, the
 * shopper's message). A return the owner received by hand meanwhile stays as it is.
 */
export async function followOnReturn(t: OrderTransaction, shipment: ShipmentRow, state: ShipmentState): Promise<void> {
  if (state.status !== 'delivered' || shipment.returnId === null) return;
  const courier = shipment.courierName || 'The courier';
  await receiveReturnByCourier(t, shipment.returnId, {
    at: state.at ?? new Date(),
    note: `${courier} brought the returned parcel back to the shop (AWB ${shipment.awb}); its pieces are back on sale.`,
  });
}
