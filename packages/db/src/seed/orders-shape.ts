/**
 * The shape of a generated order history (`seed:orders`): when shoppers buy (the week and the seasons), where they live,
 * how they pay and what comes back. Pure data and small helpers over a seeded random stream.
 */
import type { SupplierSnapshot } from '../schema';

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
export const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Picks by weight: `[[value, weight], …]`. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  for (const [value, weight] of choices) {
    at -= weight;
    if (at < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

/** India's calendar day (YYYY-MM-DD) of an instant. */
export const istDay = (at: number) => new Date(at + IST_MS).toISOString().slice(0, 10);
/** Midnight in India at the start of a day. */
export const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`).getTime();

/** Sunday first: families shop at the weekend. */
const WEEKDAY = [1.25, 0.9, 0.9, 0.95, 1, 1.05, 1.2];
/** January first: the festive season (Dussehra, Diwali) and the summer holidays sell most; the monsoon least. */
const MONTH = [0.9, 0.85, 0.95, 1, 1.1, 1.05, 0.85, 0.95, 1, 1.5, 1.6, 1.2];
/** Hours of India's day, midnight first: lunchtime and the evening, after the children are asleep. */
export const HOURS = [
  0.3, 0.15, 0.1, 0.1, 0.1, 0.2, 0.4, 0.8, 1, 1.1, 1.2, 1.3, 1.5, 1.4, 1.2, 1.1, 1.1, 1.2, 1.4, 1.7, 2, 2.2, 1.8, 0.9,
];

/**
 * How many orders fall on each of the `days` days ending today (India's), in order: a weekly and seasonal shape on a
 * growing shop, shared out by the largest remainder so that they add up to `orders` exactly.
 */
export function ordersByDay(orders: number, days: number, now: Date): { day: string; orders: number }[] {
  const today = istMidnight(istDay(now.getTime()));
  const list = Array.from({ length: days }, (_, index) => {
    const start = today - (days - 1 - index) * DAY_MS;
    const date = new Date(start + IST_MS);
    const growth = 0.7 + (0.6 * index) / Math.max(1, days - 1);
    const weight = (WEEKDAY[date.getUTCDay()] as number) * (MONTH[date.getUTCMonth()] as number) * growth;
    return { day: istDay(start), weight };
  });
  const total = list.reduce((sum, day) => sum + day.weight, 0);
  const exact = list.map((day) => (day.weight * orders) / total);
  const counts = exact.map(Math.floor);
  let left = orders - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value % 1 })).sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return list.map((day, index) => ({ day: day.day, orders: counts[index] ?? 0 }));
}

/** States whose big cities are the metro zone; the north-east and the islands are remote. */
const METRO_STATES = new Set(['Delhi', 'Karnataka', 'Tamil Nadu', 'Telangana', 'West Bengal']);
const REMOTE_STATES = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);
/** Where the orders come from: the big states most (weights), every other state a little. */
const STATE_WEIGHTS: Record<string, number> = {
  Maharashtra: 16,
  Karnataka: 10,
  Delhi: 9,
  'Tamil Nadu': 8,
  Telangana: 7,
  'Uttar Pradesh': 7,
  Gujarat: 6,
  'West Bengal': 5,
  Kerala: 5,
  Haryana: 4,
  Rajasthan: 4,
  'Madhya Pradesh': 3,
  Bihar: 3,
  Punjab: 2,
  'Andhra Pradesh': 3,
  Assam: 1.5,
};
/** Cash-on-delivery parcels refused at the door, by state: higher in the north and east, as couriers report. */
const RTO_BY_STATE: Record<string, number> = {
  'Uttar Pradesh': 0.32,
  Bihar: 0.36,
  Rajasthan: 0.28,
  'Madhya Pradesh': 0.26,
  Assam: 0.3,
  Jharkhand: 0.3,
  Delhi: 0.2,
  Haryana: 0.22,
  Maharashtra: 0.14,
  Karnataka: 0.12,
  Kerala: 0.1,
  'Tamil Nadu': 0.12,
  Telangana: 0.15,
};

export interface Place {
  name: string;
  gstCode: string;
  utWithoutLegislature: boolean;
  cities: string[];
  weight: number;
  zone: 'local' | 'metro' | 'rest' | 'remote';
  rto: number;
}

/** The shop's states as places to deliver to, each with its weight, zone seen from the shop, and RTO rate. */
export function placesOf(
  states: { name: string; gstCode: string; utWithoutLegislature: boolean; cities: string[] }[],
  supplier: SupplierSnapshot | null,
): Place[] {
  const home = supplier?.state_name ?? 'Maharashtra';
  return states
    .filter((state) => state.cities.length > 0)
    .map((state) => ({
      ...state,
      weight: STATE_WEIGHTS[state.name] ?? 0.4,
      zone:
        state.name === home
          ? 'local'
          : METRO_STATES.has(state.name)
            ? 'metro'
            : REMOTE_STATES.has(state.name)
              ? 'remote'
              : 'rest',
      rto: RTO_BY_STATE[state.name] ?? (REMOTE_STATES.has(state.name) ? 0.3 : 0.2),
    }));
}

/** Days from shipping to the door, by zone (the shipping zones' usual windows). */
export const TRANSIT_DAYS: Record<Place['zone'], [number, number]> = {
  local: [1, 3],
  metro: [2, 4],
  rest: [3, 6],
  remote: [5, 9],
};

export const FIRST_NAMES = [
  'Aarav',
  'Ananya',
  'Meera',
  'Rohan',
  'Priya',
  'Kavya',
  'Arjun',
  'Diya',
  'Ishaan',
  'Nisha',
  'Vikram',
  'Sneha',
  'Aditi',
  'Rahul',
  'Pooja',
  'Sanjay',
  'Lakshmi',
  'Farah',
  'Imran',
  'Gurpreet',
  'Harleen',
  'Joseph',
  'Mary',
  'Tenzin',
  'Bhavna',
  'Deepa',
  'Karthik',
  'Neha',
  'Suresh',
  'Anjali',
  'Manoj',
  'Ritu',
  'Zoya',
  'Ayesha',
  'Vivek',
  'Swati',
];
export const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Nair',
  'Kulkarni',
  'Singh',
  'Das',
  'Banerjee',
  'Menon',
  'Khan',
  'Gupta',
  'Joshi',
  'Rao',
  'Pillai',
  'Chatterjee',
  'Fernandes',
  'Verma',
  'Bose',
  'Mehta',
  'Shah',
  'Kaur',
  'Desai',
  'Bhat',
];
export const STREETS = [
  'MG Road',
  'Station Road',
  'Temple Street',
  'Gandhi Nagar',
  'Park Avenue',
  'Lake View Colony',
  'Nehru Marg',
  'Church Road',
  'Market Lane',
  'Civil Lines',
];

/** How prepaid orders were paid (the provider's method): UPI most. */
export const ONLINE_METHODS = [
  ['upi', 62],
  ['card', 18],
  ['netbanking', 10],
  ['wallet', 10],
] as const;
export const BANKS = ['HDFC', 'ICIC', 'SBIN', 'UTIB', 'KKBK'];
export const WALLETS = ['paytm', 'phonepe', 'amazonpay', 'mobikwik'];
export const CARD_NETWORKS = ['Visa', 'MasterCard', 'RuPay'];
export const UPI_HANDLES = ['okhdfcbank', 'okicici', 'ybl', 'paytm', 'oksbi', 'axl'];
export const COURIERS = ['Delhivery', 'Blue Dart', 'Ekart', 'Xpressbees', 'DTDC'];

/** Why pieces came back; a product that runs small gets "too small" far more often. */
export const REASONS = [
  ['too_small', 30],
  ['too_big', 18],
  ['damaged', 10],
  ['not_as_described', 10],
  ['changed_mind', 20],
  ['other', 12],
] as const;

export const REVIEW_BODIES = [
  'Soft cotton and the colours stayed bright after many washes.',
  'My daughter loves it, the fabric is gentle on her skin.',
  'Good stitching and the print is lovely. Will buy again.',
  'Comfortable for the summer heat, breathes well.',
  'The size was a little small, order one size up.',
  'Nice quality for the price, arrived quickly.',
  'Shrank a bit after the first wash but still fits.',
  'Beautiful print, everyone asked where we bought it.',
];
