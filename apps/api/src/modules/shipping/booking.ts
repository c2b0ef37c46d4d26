import { type Queryable, shipments } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { runSteps, type Step } from '../../lib/workflow';
import {
  codDuePaise,
  inOrderTransaction,
  linesOf,
  lockOrder,
  moveOrder,
  type OrderDeps,
  type OrderRow,
  type OrderTransaction,
  orderParcel,
} from '../orders';
import type { CourierSetup, ParcelSize } from '../shiprocket';
import { askCourier, awbStep, courierFailure, keep, letGo, takeOver } from './claim';
import { forwardShipmentOf, type ShipmentRow } from './shipping.repository';

/** What booking a parcel needs of the app: the orders' transaction and the courier. */
export type BookingDeps = OrderDeps & { courier: CourierSetup };

/** The parcel an order makes (orders' parcel: its pieces' weights, the shop's default box), in the port's terms. */
async function parcelOf(db: Queryable, orderId: number): Promise<ParcelSize> {
  const parcel = await orderParcel(db, orderId);
  if (!parcel) throw new Error(`order ${orderId} has no lines to weigh`);
  const { weightGrams, lengthCm, breadthCm, heightCm } = parcel;
  return { weightGrams, lengthCm, breadthCm, heightCm };
}

interface BookingContext {
  readonly orderId: number;
  readonly by: string;
  order?: OrderRow;
  shipment?: ShipmentRow;
  /** The booking was made before (a second click): nothing more to do. */
  done?: boolean;
  courierId?: number;
}

/**
 * Ships a packed order with the courier (ADR 044), as a workflow of named steps: claim the shipment under the order's
 * lock, check the courier serves the address, create the courier's order, assign the AWB, ask for the pickup, then
 * record it all and move the order to shipped (the order process: the COD invoice, the shopper's message). Each
 * step's answer is kept on the shipment row, so a booking interrupted half-way resumes where it stopped. A second
 * click once booked answers the same shipment; a click while another booking of the order is under way is 409.
 */
export async function shipWithCourier(deps: BookingDeps, orderId: number, by: string): Promise<ShipmentRow> {
  const steps = [
    claimStep(deps),
    serviceabilityStep(deps),
    createStep(deps),
    awbStep<BookingContext>(deps, 'The order stays packed'),
    pickupStep(deps),
  ];
  const context = await runSteps([...steps, recordStep(deps)], { orderId, by }, ({ step, error }) =>
    deps.log.error({ err: error, step, orderId }, 'could not undo a shipping step'),
  );
  const shipment = context.shipment ?? (await forwardShipmentOf(deps.db, orderId));
  if (!shipment) throw new Error(`order ${orderId} has no shipment after booking`);
  return shipment;
}

/** The courier's failure, in the owner's words: unreachable (try again), or what it refused. */
export function courierRefusal(error: unknown): never {
  courierFailure(error, 'The order stays packed');
}

/** Runs a courier call, turning its failure into the owner's words. */
const ask = <T>(call: () => Promise<T>): Promise<T> => askCourier(call, 'The order stays packed');

/**
 * Step 1, under the order's lock: the order must be packed; its forward shipment is written (`booking`), or the one
 * written before is taken: booked already (done), or left by a booking that failed or whose lease ran out (resumed).
 */
function claimStep(deps: BookingDeps): Step<BookingContext> {
  return {
    name: 'claim the shipment',
    run: async (context) => {
      await deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, context.orderId);
        if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
        context.order = order;
        const earlier = await forwardShipmentOf(tx, order.id);
        if (earlier?.booking === 'booked') {
          context.shipment = earlier;
          context.done = true;
          return;
        }
        if (order.status !== 'packed') {
          const message = `Only a packed order is shipped with the courier; this one is ${order.status}.`;
          throw new AppError('CONFLICT', message, { code: 'ILLEGAL_TRANSITION' });
        }
        context.shipment = earlier
          ? await takeOver(tx, earlier, bookingBusy)
          : await claim(tx, order.id, deps.courier.client.name);
      });
    },
    undo: async (context) => {
      if (!context.done) await letGo(deps.db, context.shipment);
    },
  };
}

async function claim(tx: Queryable, orderId: number, provider: string): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values({ orderId, kind: 'forward', provider }).returning();
  if (!row) throw new Error('the shipment insert returned nothing');
  return row;
}

/** A booking of the order under way (its lease not run out): a second click waits for it. */
const bookingBusy = () =>
  new AppError('CONFLICT', 'This order is being shipped right now. Reload it in a moment.', {
    code: 'SHIPMENT_IN_PROGRESS',
  });

/** Step 2: the courier serves the delivery PIN code, for this weight and payment; the cheapest courier is chosen. */
function serviceabilityStep(deps: BookingDeps): Step<BookingContext> {
  return {
    name: 'check the courier serves the address',
    run: async (context) => {
      const { order, shipment } = context;
      if (context.done || !order || !shipment || shipment.providerShipmentId) return;
      const parcel = await parcelOf(deps.db, order.id);
      const found = await ask(() =>
        deps.courier.client.serviceability({
          pickupPin: deps.courier.pickupPin,
          deliveryPin: order.addressSnapshot.pin_code,
          weightGrams: parcel.weightGrams,
          cod: codDuePaise(order) > 0,
          declaredValuePaise: order.totalPaise,
        }),
      );
      context.courierId = found.recommendedCourierId ?? found.options[0]?.courierId;
    },
  };
}

/** Step 3: the courier's order, with the address, the pieces, the money to collect and the parcel. */
function createStep(deps: BookingDeps): Step<BookingContext> {
  return {
    name: 'create the courier order',
    run: async (context) => {
      const { order, shipment } = context;
      if (context.done || !order || !shipment || shipment.providerShipmentId) return;
      const address = order.addressSnapshot;
      const lines = await linesOf(deps.db, [order.id]);
      const created = await ask(async () =>
        deps.courier.client.createShipment({
          orderRef: `KP-${order.id}`,
          orderDate: order.createdAt,
          pickupLocation: deps.courier.pickupLocation,
          deliverTo: {
            name: `${address.first_name} ${address.last_name}`.trim(),
            phone: address.phone_number,
            email: address.email_id,
            line1: address.address,
            city: address.city,
            state: address.state,
            pin: address.pin_code,
          },
          items: lines.map((line) => ({
            name: `${line.productName} (${line.sizeLabel})`,
            // The owner's SKU when the size had one at checkout (ADR 063); else one made of the product and size ids.
            sku: line.sku ?? `P${line.productId}-S${line.sizeId}`,
            units: line.quantity,
            unitPricePaise: line.unitPricePaise,
          })),
          paymentMethod: codDuePaise(order) > 0 ? 'cod' : 'prepaid',
          // What the courier collects: a COD order's total less any advance paid online (issue 34).
          totalPaise: codDuePaise(order) > 0 ? codDuePaise(order) : order.totalPaise,
          parcel: await parcelOf(deps.db, order.id),
        }),
      );
      context.shipment = await keep(deps.db, shipment.id, {
        providerOrderId: String(created.courierOrderId),
        providerShipmentId: String(created.shipmentId),
      });
    },
  };
}

/** Step 5: the pickup, and the label's address while the courier is at hand. */
function pickupStep(deps: BookingDeps): Step<BookingContext> {
  return {
    name: 'ask for the pickup',
    run: async (context) => {
      const { shipment } = context;
      if (context.done || !shipment?.providerShipmentId || !shipment.awb) return;
      const shipmentId = Number(shipment.providerShipmentId);
      await ask(() => deps.courier.client.requestPickup(shipmentId));
      const label = await ask(() => deps.courier.client.label([shipmentId]));
      context.shipment = await keep(deps.db, shipment.id, { labelUrl: label.url });
    },
  };
}

/** Step 6, under the order's lock: the shipment booked, and the order shipped by the order process. */
function recordStep(deps: BookingDeps): Step<BookingContext> {
  return {
    name: 'record the shipment',
    run: async (context) => {
      const { shipment } = context;
      if (context.done || !shipment?.awb) return;
      context.shipment = await inOrderTransaction(deps, async (t) => {
        const booked = await keep(t.tx, shipment.id, { booking: 'booked', status: 'booked' });
        await shipOrder(t, booked, context.by);
        return booked;
      });
    },
  };
}

async function shipOrder(t: OrderTransaction, shipment: ShipmentRow, by: string): Promise<void> {
  const courier = shipment.courierName ?? 'the courier';
  const moved = await moveOrder(t, shipment.orderId, 'shipped', {
    by: 'owner',
    from: ['packed'],
    note: `Shipped with ${courier}, AWB ${shipment.awb}, by ${by}.`,
    customerNote: `Your order is on its way with ${courier}. Tracking number (AWB): ${shipment.awb}.`,
  });
  if (!moved.moved) {
    throw new AppError('CONFLICT', 'The order changed meanwhile. Please reload it.', { code: 'ILLEGAL_TRANSITION' });
  }
}
