import { type PRINT_CONTENTS, PRINTABLE_ORDER_STATUSES } from '@kapaas/contract';
import { and, eq, inArray, type Queryable, shipments } from '@kapaas/db';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { AppError } from '../../lib/errors';
import { type OrderToPrint, ordersToPrint, renderPackingSlipsPaged } from '../orders';
import { CourierError, type CourierSetup } from '../shiprocket';
import type { ShipmentRow } from './shipping.repository';

/*
 * The labels (issue 33, ADR 044): an order's courier label, fetched from the courier each time (the shop keeps no
 * copy: the courier's is the one its scanners know), and the batch print, one PDF of the chosen orders' labels and
 * packing slips for the owner packing a day's parcels.
 */

/** What printing needs of the app: the database and the courier. */
export interface LabelDeps {
  db: Queryable;
  courier: CourierSetup;
}

/** A PDF to answer, with the name to save it under. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** How many label requests are made to the courier at once in a batch: a day's parcels without a burst. */
const LABELS_AT_ONCE = 4;

/** The booked forward shipments of these orders (a booking under way or failed has no label yet), by order id. */
async function bookedShipmentsOf(db: Queryable, orderIds: number[]): Promise<Map<number, ShipmentRow>> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), eq(shipments.kind, 'forward'), eq(shipments.booking, 'booked')));
  return new Map(rows.filter((row) => row.providerShipmentId).map((row) => [row.orderId, row]));
}

/** The courier's failure to give a label, in the owner's words, naming the order. */
function labelRefusal(error: unknown, orderId: number): never {
  if (!(error instanceof CourierError)) throw error;
  if (error.retriable) {
    const message = `The courier could not be reached for the label of order #${orderId}. Try again in a moment.`;
    throw new AppError('PROVIDER_UNAVAILABLE', message, { code: 'COURIER_UNAVAILABLE' });
  }
  if (error.code === 'INVALID_RESPONSE') {
    const message = `The courier's label for order #${orderId} is not a PDF the shop can read (${error.message}).`;
    throw new AppError('PROVIDER_UNAVAILABLE', message, { code: 'COURIER_BAD_LABEL' });
  }
  if (error.code === 'NOT_CONFIGURED') throw new AppError('CONFLICT', error.message, { code: 'NO_COURIER' });
  const message = `The courier refused the label of order #${orderId}: ${error.message}`;
  throw new AppError('CONFLICT', message, { code: 'COURIER_REFUSED' });
}

/** A label as the courier gave it, and read (a courier answering an error page instead is caught here). */
interface Label {
  bytes: Buffer;
  document: PDFDocument;
}

/** Asks the courier for the shipment's label and downloads it through the port. */
async function courierLabel(courier: CourierSetup, shipment: ShipmentRow): Promise<Label> {
  try {
    const { url } = await courier.client.label([Number(shipment.providerShipmentId)]);
    const bytes = await courier.client.downloadLabel(url);
    const document = await PDFDocument.load(bytes).catch((error: unknown) => {
      throw new CourierError('INVALID_RESPONSE', 'its label is not a PDF', { cause: error });
    });
    if (document.getPageCount() === 0) throw new CourierError('INVALID_RESPONSE', 'its label has no page');
    return { bytes, document };
  } catch (error) {
    labelRefusal(error, shipment.orderId);
  }
}

/**
 * GET /orders/:id/label.pdf: the courier's label of an order shipped with the courier, as the courier drew it. An
 * order the shop does not have, or one not shipped with the courier, is 404 with words.
 */
export async function courierLabelPdf(deps: LabelDeps, orderId: number): Promise<PdfFile> {
  const [order] = await ordersToPrint(deps.db, [orderId]);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  const shipment = (await bookedShipmentsOf(deps.db, [orderId])).get(orderId);
  if (!shipment) {
    const message = `Order #${orderId} was not shipped with the courier, so it has no courier label. Its packing slip prints from the orders list.`;
    throw new AppError('NOT_FOUND', message, { code: 'NO_COURIER_LABEL' });
  }
  const label = await courierLabel(deps.courier, shipment);
  return { fileName: `kapaas-label-${orderId}.pdf`, pdf: label.bytes };
}

/** Runs `work` on every item, `width` at a time, in the items' order; the first failure stops the rest. */
async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** "#3, #7 and #9". */
function numbers(ids: number[]): string {
  const named = ids.map((id) => `#${id}`);
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** A refusal of the batch, said beside the field that holds the orders. */
function refuseBatch(kind: 'NOT_FOUND' | 'CONFLICT', code: string, message: string): never {
  throw new AppError(kind, message, { code, errors: { order_ids: [message] } });
}

/**
 * The orders of a batch, as asked: each exists and still has its parcel to pack or on its way (paid, confirmed,
 * packed, shipped); else the batch is refused, naming the orders, before anything is asked of the courier.
 */
async function printableOrders(db: Queryable, orderIds: number[]): Promise<OrderToPrint[]> {
  const found = await ordersToPrint(db, orderIds);
  const known = new Set(found.map((order) => order.slip.orderId));
  const unknown = orderIds.filter((id) => !known.has(id));
  if (unknown.length > 0) refuseBatch('NOT_FOUND', 'ORDER_NOT_FOUND', `The shop has no order ${numbers(unknown)}.`);
  const printable: readonly string[] = PRINTABLE_ORDER_STATUSES;
  const others = found.filter((order) => !printable.includes(order.status));
  if (others.length > 0) {
    const each = others.map((order) => `#${order.slip.orderId} is ${order.status.replaceAll('_', ' ')}`).join(', ');
    const message = `Only orders to pack or on their way are printed: ${each}.`;
    refuseBatch('CONFLICT', 'NOT_PRINTABLE', message);
  }
  return found;
}

/** One PDF of the pages, in the order given; pages of one source keep their shared fonts once. */
async function mergedPdf(title: string, parts: { document: PDFDocument; pages: number[] }[]): Promise<Buffer> {
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  merged.setCreator('Kapaas');
  merged.setProducer('Kapaas');
  const copies = new Map<PDFDocument, Map<number, PDFPage>>();
  for (const source of new Set(parts.map((part) => part.document))) {
    const wanted = [...new Set(parts.filter((part) => part.document === source).flatMap((part) => part.pages))];
    const copied = await merged.copyPages(source, wanted);
    copies.set(source, new Map(wanted.map((index, at) => [index, copied[at] as PDFPage])));
  }
  for (const part of parts) {
    for (const index of part.pages) merged.addPage(copies.get(part.document)?.get(index) as PDFPage);
  }
  return Buffer.from(await merged.save());
}

const range = (start: number, count: number) => Array.from({ length: count }, (_, offset) => start + offset);

/**
 * POST /orders/print.pdf: one PDF holding, for each order in the order given, its courier label (when it was shipped
 * with the courier) then its packing slip (pieces and sizes, no prices); or the labels alone, or the slips alone. The
 * batch is whole or refused: an unknown order is 404, an order not to print (unpaid, cancelled, delivered…) or, for
 * labels alone, one without a courier label is 409, the courier failing on any label is 502 or 409; each names the
 * orders, and nothing is answered half-made.
 */
export async function printLabelsAndSlips(
  deps: LabelDeps,
  request: { order_ids: number[]; what: (typeof PRINT_CONTENTS)[number] },
): Promise<PdfFile> {
  const orderIds = [...new Set(request.order_ids)];
  const orders = await printableOrders(deps.db, orderIds);
  const withLabels = request.what !== 'slips';
  const booked = withLabels ? await bookedShipmentsOf(deps.db, orderIds) : new Map<number, ShipmentRow>();
  const unlabelled = orderIds.filter((id) => !booked.has(id));
  if (request.what === 'labels' && unlabelled.length > 0) {
    const message = `Order ${numbers(unlabelled)} ${unlabelled.length === 1 ? 'was' : 'were'} not shipped with the courier and ${unlabelled.length === 1 ? 'has' : 'have'} no courier label: print ${unlabelled.length === 1 ? 'its packing slip' : 'their packing slips'} instead.`;
    refuseBatch('CONFLICT', 'NO_COURIER_LABEL', message);
  }
  const shipped = orders.flatMap((order) => booked.get(order.slip.orderId) ?? []);
  const labels = await inTurns(shipped, LABELS_AT_ONCE, (shipment) => courierLabel(deps.courier, shipment));
  const labelOf = new Map(shipped.map((shipment, index) => [shipment.orderId, labels[index] as Label]));
  const slips = request.what === 'labels' ? null : await renderPackingSlipsPaged(orders.map((order) => order.slip));
  const slipDocument = slips ? await PDFDocument.load(slips.pdf) : null;
  const parts: { document: PDFDocument; pages: number[] }[] = [];
  let slipPage = 0;
  for (const [index, order] of orders.entries()) {
    const label = labelOf.get(order.slip.orderId);
    if (label) parts.push({ document: label.document, pages: label.document.getPageIndices() });
    const count = slips?.pageCounts[index] ?? 0;
    if (slipDocument && count > 0) parts.push({ document: slipDocument, pages: range(slipPage, count) });
    slipPage += count;
  }
  const title = request.what === 'slips' ? 'Packing slips' : request.what === 'labels' ? 'Labels' : 'Labels and slips';
  const fileName = `kapaas-${title.toLowerCase().replaceAll(' ', '-')}-${orders.length}-orders.pdf`;
  return { fileName, pdf: await mergedPdf(title, parts) };
}
