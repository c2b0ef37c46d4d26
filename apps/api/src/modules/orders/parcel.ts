import { eq, inArray, orderItems, products, type Queryable, shopSettings } from '@kapaas/db';

/** The parcel a courier order is booked with: what it weighs and the shop's default box. */
export interface Parcel {
  /** The pieces' weights added up: each line's quantity times its product's weight, or the default per piece. */
  weightGrams: number;
  /** How many pieces it holds. */
  pieces: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** The owner's parcel settings: the box every parcel is booked in, and what a piece weighs whose product does not say. */
export interface ParcelTerms {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  defaultPieceWeightGrams: number;
}

/** Used when the settings row is not there yet; equal to the column defaults (packages/db shop_settings). */
export const DEFAULT_PARCEL_TERMS: ParcelTerms = {
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 5,
  defaultPieceWeightGrams: 200,
};

/**
 * The parcel of these lines: a line whose product has no weight counts the default per piece, so that an order of
 * products the owner never weighed can still be booked (the courier re-weighs and bills the difference).
 */
export function parcelOf(lines: { quantity: number; weightGrams: number | null }[], terms: ParcelTerms): Parcel {
  let weightGrams = 0;
  let pieces = 0;
  for (const line of lines) {
    weightGrams += line.quantity * (line.weightGrams ?? terms.defaultPieceWeightGrams);
    pieces += line.quantity;
  }
  return { weightGrams, pieces, lengthCm: terms.lengthCm, breadthCm: terms.breadthCm, heightCm: terms.heightCm };
}

/** The owner's parcel settings, or the defaults before the settings row exists. */
export async function parcelTerms(db: Queryable): Promise<ParcelTerms> {
  const [row] = await db
    .select({
      lengthCm: shopSettings.parcelLengthCm,
      breadthCm: shopSettings.parcelBreadthCm,
      heightCm: shopSettings.parcelHeightCm,
      defaultPieceWeightGrams: shopSettings.defaultPieceWeightGrams,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? DEFAULT_PARCEL_TERMS;
}

/**
 * The parcels of these orders, by order id, with the products' weights as they are now (a weight is not kept on the
 * order line: the parcel is weighed when it ships). An order with no lines is not in the map.
 */
export async function orderParcels(db: Queryable, orderIds: number[]): Promise<Map<number, Parcel>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, weightGrams: products.weightGrams, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds));
  const terms = await parcelTerms(db);
  const linesByOrder = new Map<number, { quantity: number; weightGrams: number | null }[]>();
  for (const row of rows) {
    const lines = linesByOrder.get(row.orderId) ?? [];
    lines.push({ quantity: row.quantity, weightGrams: row.weightGrams });
    linesByOrder.set(row.orderId, lines);
  }
  return new Map([...linesByOrder].map(([orderId, lines]) => [orderId, parcelOf(lines, terms)]));
}

/** One order's parcel, or undefined for an order with no lines (or none at all). */
export async function orderParcel(db: Queryable, orderId: number): Promise<Parcel | undefined> {
  return (await orderParcels(db, [orderId])).get(orderId);
}
