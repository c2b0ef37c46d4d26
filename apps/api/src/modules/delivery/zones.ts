/**
 * Shipping zones: where in India a parcel goes decides what shipping costs and how long it takes.
 *
 * A place is a 6-digit PIN code and the two-digit GST state code of its state (the PIN code lookup answers both). The
 * zone of a place, seen from the shop's own state, is decided in this order, the first that applies winning:
 *
 * 1. `local`: the place is in the shop's own state. A shop in Assam sends to Guwahati as a local parcel, and a shop in
 *    Maharashtra sends to Mumbai and Pune as local parcels, though they are metro cities.
 * 2. `remote`: the place is in the North-East (Arunachal Pradesh, Assam, Manipur, Meghalaya, Mizoram, Nagaland, Sikkim,
 *    Tripura), in Jammu and Kashmir or Ladakh, or on the Andaman and Nicobar or Lakshadweep islands. Couriers charge
 *    these as special zones wherever the city is, so a metro prefix set for one of them still gives `remote`.
 * 3. `metro`: the PIN code starts with one of the shop's metro prefixes.
 * 4. `rest`: anywhere else in India.
 */
import { gstStateByCode } from '@kapaas/contract';

/** The zones, in the order the console lists them, with the console's labels. */
export const ZONES = [
  { zone: 'local', label: 'Within your state' },
  { zone: 'metro', label: 'Metro cities' },
  { zone: 'rest', label: 'Rest of India' },
  { zone: 'remote', label: 'North-East, J&K, Ladakh and the islands' },
] as const;

export type Zone = (typeof ZONES)[number]['zone'];

/**
 * The GST state codes of the remote zone: Jammu and Kashmir 01, Sikkim 11, Arunachal Pradesh 12, Nagaland 13, Manipur
 * 14, Mizoram 15, Tripura 16, Meghalaya 17, Assam 18, Lakshadweep 31, Andaman and Nicobar Islands 35, Ladakh 38.
 */
export const REMOTE_STATE_CODES: readonly string[] = [
  '01',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '31',
  '35',
  '38',
];

/**
 * The metro cities and the first three digits of their PIN codes (the sorting district). A prefix takes in the whole
 * city and little beyond it; the rural districts around a city, which have PIN prefixes of their own, are left out:
 *
 * - Delhi NCR: 110 (all of Delhi), 121 (Faridabad), 122 (Gurugram), 201 (Ghaziabad and Noida).
 * - Mumbai: 400 (Mumbai, Thane and Navi Mumbai). Not 401 (Palghar and the north of Thane district).
 * - Kolkata: 700. Not 711 (Howrah) or 743 (North and South 24 Parganas).
 * - Chennai: 600.
 * - Bengaluru: 560. Not 562 (Bengaluru Rural).
 * - Hyderabad: 500 (Hyderabad, Secunderabad and Cyberabad).
 * - Pune: 411 (Pune and Pimpri-Chinchwad). Not 412 (Pune's rural talukas).
 * - Ahmedabad: 380. Not 382 (Gandhinagar and the district around the city).
 */
export const METRO_CITIES: readonly { city: string; prefixes: readonly string[] }[] = [
  { city: 'Delhi NCR', prefixes: ['110', '121', '122', '201'] },
  { city: 'Mumbai', prefixes: ['400'] },
  { city: 'Kolkata', prefixes: ['700'] },
  { city: 'Chennai', prefixes: ['600'] },
  { city: 'Bengaluru', prefixes: ['560'] },
  { city: 'Hyderabad', prefixes: ['500'] },
  { city: 'Pune', prefixes: ['411'] },
  { city: 'Ahmedabad', prefixes: ['380'] },
];

/** The metro PIN prefixes a shop starts with; a prefix is one to six digits, so a shop may add a single PIN code. */
export const DEFAULT_METRO_PREFIXES: readonly string[] = METRO_CITIES.flatMap((city) => city.prefixes);

/** A 6-digit Indian PIN code: the first digit is a postal region, 1 to 9. */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
const PREFIX_PATTERN = /^[0-9]{1,6}$/;

function knownState(code: string, what: string): string {
  if (!gstStateByCode(code)) throw new RangeError(`${what} is not a GST state code: ${JSON.stringify(code)}`);
  return code;
}

/** Whether a PIN code starts with one of the metro prefixes. */
export function isMetroPin(pin: string, metroPrefixes: readonly string[] = DEFAULT_METRO_PREFIXES): boolean {
  const wrong = metroPrefixes.find((prefix) => !PREFIX_PATTERN.test(prefix));
  if (wrong !== undefined) throw new RangeError(`Not a PIN prefix: ${JSON.stringify(wrong)}`);
  return metroPrefixes.some((prefix) => pin.startsWith(prefix));
}

/**
 * The zone a place is in, seen from a shop in `shopStateCode`: local, then remote, then metro, then rest (see the top
 * of this file). Throws a RangeError for a PIN code that is not 6 digits, for a state code GST does not use, and for a
 * metro prefix that is not 1 to 6 digits.
 */
export function zoneOf(
  place: { pin: string; stateCode: string },
  shopStateCode: string,
  metroPrefixes: readonly string[] = DEFAULT_METRO_PREFIXES,
): Zone {
  if (!PIN_PATTERN.test(place.pin)) throw new RangeError(`Not a PIN code: ${JSON.stringify(place.pin)}`);
  const placeState = knownState(place.stateCode, "The place's state");
  if (placeState === knownState(shopStateCode, "The shop's state")) return 'local';
  if (REMOTE_STATE_CODES.includes(placeState)) return 'remote';
  if (isMetroPin(place.pin, metroPrefixes)) return 'metro';
  return 'rest';
}

/**
 * What shipping to a zone costs and takes. `freeAbovePaise` is the value of the items, after discounts, from which
 * shipping is free (that amount included); null when it never is. `minDays` and `maxDays` are working days after the
 * day the parcel leaves (see delivery-date.ts).
 */
export interface ZoneTerms {
  chargePaise: number;
  freeAbovePaise: number | null;
  minDays: number;
  maxDays: number;
}

/**
 * A shop's starting terms, in line with what Indian D2C clothing shops charge on courier aggregator rates for a parcel
 * under 500 g: ₹49 within the state and to metros, ₹79 to the rest of India, ₹129 to the remote zone, each free from an
 * order value that rises with the courier's cost; and the transit times couriers quote for surface parcels.
 */
export const DEFAULT_ZONE_TERMS: Readonly<Record<Zone, ZoneTerms>> = {
  local: { chargePaise: 4900, freeAbovePaise: 99900, minDays: 1, maxDays: 3 },
  metro: { chargePaise: 4900, freeAbovePaise: 99900, minDays: 2, maxDays: 4 },
  rest: { chargePaise: 7900, freeAbovePaise: 149900, minDays: 3, maxDays: 6 },
  remote: { chargePaise: 12900, freeAbovePaise: 249900, minDays: 5, maxDays: 9 },
};

/** The longest delivery a shop may promise, in working days (six weeks). */
export const MAX_DELIVERY_DAYS = 30;

/**
 * What is wrong with a zone's terms, or null: paise are whole and not negative, 1 ≤ minDays ≤ maxDays ≤
 * MAX_DELIVERY_DAYS, whole days.
 */
export function zoneTermsProblem(terms: ZoneTerms): string | null {
  const wholePaise = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (!wholePaise(terms.chargePaise)) return 'The charge must be whole paise, not negative.';
  if (terms.freeAbovePaise !== null && !wholePaise(terms.freeAbovePaise)) {
    return 'The free-shipping threshold must be whole paise, not negative.';
  }
  if (!Number.isInteger(terms.minDays) || terms.minDays < 1) return 'The shortest delivery must be at least 1 day.';
  if (!Number.isInteger(terms.maxDays) || terms.maxDays < terms.minDays) {
    return 'The longest delivery must be whole days, no shorter than the shortest.';
  }
  if (terms.maxDays > MAX_DELIVERY_DAYS) return `The longest delivery must be at most ${MAX_DELIVERY_DAYS} days.`;
  return null;
}

/** The shipping charge, in paise, for items worth `itemsAfterDiscountPaise`: 0 at or above the free threshold. */
export function shippingFor(
  terms: Pick<ZoneTerms, 'chargePaise' | 'freeAbovePaise'>,
  itemsAfterDiscountPaise: number,
): number {
  if (terms.freeAbovePaise !== null && itemsAfterDiscountPaise >= terms.freeAbovePaise) return 0;
  return terms.chargePaise;
}
