import type { DeliveryCheckAnswer } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type CourierEtds, courierDeliveryBy } from './courier-etd';
import { type DeliveryTerms, deliveryTermsOf, productOnSale, zoneTermsOf } from './delivery.repository';
import { type Cutoff, deliveryWindow, formatDeliveryBy } from './delivery-date';
import { pinCodeInfo } from './pincodes';
import { type Zone, zoneOf } from './zones';

/** What a PIN code India Post does not know is told, beside the field, wherever one is typed. */
export const UNKNOWN_PIN_CODE = 'We could not find this PIN code. Please check it.';

/** What a shopper reads for a PIN code in a zone the owner switched off. */
export const NOT_DELIVERED = 'We do not deliver to this PIN code yet.';

/** Whether cash on delivery is offered at a PIN code: switched on, and the code not excluded, alone or by prefix. */
export function codOfferedAt(pin: string, terms: { codEnabled: boolean; codExcludedPins: readonly string[] }) {
  return terms.codEnabled && !terms.codExcludedPins.some((prefix) => pin.startsWith(prefix));
}

/** What delivery to a PIN code costs and takes, as the owner's zones say: the zone, its terms, and the dates if ordered now. */
export interface DeliveryQuote {
  zone: Zone;
  /** False when the owner switched the zone off: the shop does not deliver there. */
  serviceable: boolean;
  chargePaise: number;
  freeAbovePaise: number | null;
  /** India's calendar dates (YYYY-MM-DD) of the delivery window; null when not serviceable. */
  window: { from: string; to: string } | null;
}

/**
 * The delivery quote for a PIN code, or undefined when India Post does not know the code. `terms` are the shop's
 * delivery terms when the caller has read them already (they are read otherwise). The zone comes from the PIN
 * code's state, seen from the shop's state of registration (without one, no place is local).
 */
export async function quoteDelivery(
  db: Queryable,
  pin: string,
  now: Date = new Date(),
  known?: DeliveryTerms,
): Promise<DeliveryQuote | undefined> {
  const place = pinCodeInfo(pin);
  if (!place) return undefined;
  const terms = known ?? (await deliveryTermsOf(db));
  const zone: Zone = zoneOf(place, terms.shopStateCode ?? '');
  const zoneTerms = (await zoneTermsOf(db)).get(zone);
  if (!zoneTerms?.active) return { zone, serviceable: false, chargePaise: 0, freeAbovePaise: null, window: null };
  return {
    zone,
    serviceable: true,
    chargePaise: zoneTerms.chargePaise,
    freeAbovePaise: zoneTerms.freeAbovePaise,
    window: deliveryWindow(now, zoneTerms, cutoffOf(terms)),
  };
}

const cutoffOf = (terms: DeliveryTerms): Cutoff => ({
  hour: Math.floor(terms.cutoffMinutes / 60),
  minute: terms.cutoffMinutes % 60,
});

/** The last delivery day: the courier's, when one is configured and answers in time, else the zone's. */
async function deliveryBy(
  pin: string,
  zoneLast: string,
  context: { now: Date; terms: DeliveryTerms; etds: CourierEtds | undefined },
): Promise<string> {
  const answer = await context.etds?.etdFor(pin, context.now);
  return (answer && courierDeliveryBy(answer, context.now, cutoffOf(context.terms))) ?? zoneLast;
}

/**
 * "Check delivery" (POST /api/delivery_check): whether the shop delivers to a PIN code, by when if ordered now, and
 * whether cash on delivery is offered there. A PIN code India Post does not know is 400 beside the field; an unknown or
 * withdrawn product is 404. The zone comes from the PIN code's state, seen from the shop's state of registration
 * (without one, no place is local). With a courier (`etds`), the date is the courier's for the PIN code when it
 * answers in time, else the zone's; whether the shop delivers there stays the owner's zones' say.
 */
export async function checkDelivery(
  db: Queryable,
  input: { pinCode: string; productId?: number | undefined },
  now: Date = new Date(),
  etds?: CourierEtds,
): Promise<DeliveryCheckAnswer> {
  const place = pinCodeInfo(input.pinCode);
  if (!place) {
    throw new AppError('INVALID_DATA', UNKNOWN_PIN_CODE, { errors: { pin_code: [UNKNOWN_PIN_CODE] } });
  }
  if (input.productId !== undefined && !(await productOnSale(db, input.productId))) {
    throw new AppError('NOT_FOUND', 'Product not found.');
  }
  const terms = await deliveryTermsOf(db);
  const quote = (await quoteDelivery(db, place.pin, now, terms)) as DeliveryQuote;
  const base = {
    success: true as const,
    pin_code: place.pin,
    state_name: place.stateName,
    district: place.district,
    zone: quote.zone,
  };
  if (!quote.window) {
    return { ...base, serviceable: false, cod_available: false, delivery_by: null, message: NOT_DELIVERED };
  }
  const to = await deliveryBy(place.pin, quote.window.to, { now, terms, etds });
  const cod = codOfferedAt(place.pin, terms);
  const message = `Delivery by ${formatDeliveryBy(to)}${cod ? '. Cash on delivery available.' : '.'}`;
  return { ...base, serviceable: true, cod_available: cod, delivery_by: to, message };
}
