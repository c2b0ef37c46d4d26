/**
 * The courier's expected delivery day for a PIN code (issue 33 item 7, ADR 033 and 044): what `delivery_check` says
 * when the shop ships with a courier (Shiprocket, or the built-in sandbox).
 *
 * - One serviceability question per PIN code per Indian day: from the shop's pickup PIN, for a 500 g prepaid parcel
 *   (a courier's first weight slab, which one or two garments fill; cash on delivery changes who carries it, rarely
 *   when). The answers live in this process's memory for the rest of India's day (ADR 033, "Delivery dates with a courier", says why not a table).
 * - The courier is asked for at most ETD_TIMEOUT_MS; a failure, a timeout or a PIN code it serves no courier to is no
 *   date, and the caller answers with the owner's zones. After a failure that may pass (down, slow, 5xx) the courier is
 *   left alone for COURIER_PAUSE_MS, so a courier that is down costs one shopper a short wait, not every one.
 * - Concurrent questions for the same PIN code share the one call.
 */
import { shopToday } from '../../lib/shop-day';
import { CourierError, type CourierSetup, type Serviceability } from '../shiprocket';
import { type Cutoff, dispatchDay, isWorkingDay, workingDayAfter } from './delivery-date';

/** How long a shopper's "Check delivery" waits for the courier before the zones answer. */
export const ETD_TIMEOUT_MS = 1500;
/** How long the courier is not asked after a failure that may pass. */
export const COURIER_PAUSE_MS = 60_000;
/** The parcel the courier is asked about: the first weight slab. */
export const TYPICAL_PARCEL_GRAMS = 500;

/** The courier's expected delivery of a parcel picked up on `askedOn` (India's YYYY-MM-DD). */
export interface CourierEtd {
  askedOn: string;
  /** The day the courier expects to deliver, YYYY-MM-DD, or null when it gave only a number of days. */
  etd: string | null;
  etdDays: number | null;
}

export interface CourierEtds {
  /** The courier's expected delivery for a PIN code, or null: no courier answer (the zones answer instead). */
  etdFor(pin: string, now: Date): Promise<CourierEtd | null>;
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS);

/**
 * "Delivery by" from the courier's answer, for an order placed at `now`: the courier's day moved on by the days
 * between the day it was asked and the shop's dispatch day (after the cut-off or on a holiday the parcel leaves
 * later than the courier assumed), then to a working day, since "by" is a promise and ADR 033 counts only weekdays.
 * Never earlier than the first working day after dispatch.
 */
export function courierDeliveryBy(answer: CourierEtd, now: Date, cutoff: Cutoff): string | null {
  const dispatch = dispatchDay(now, cutoff);
  let day: string;
  if (answer.etd) day = addDays(answer.etd, Math.max(0, daysBetween(answer.askedOn, dispatch)));
  else if (answer.etdDays) day = addDays(dispatch, answer.etdDays);
  else return null;
  const earliest = workingDayAfter(dispatch, 1);
  if (day < earliest) return earliest;
  return isWorkingDay(day) ? day : workingDayAfter(day, 1);
}

/** The option the shop would book (booking.ts): the aggregator's recommendation, else the cheapest. */
function chosenOption(found: Serviceability) {
  return found.options.find((option) => option.courierId === found.recommendedCourierId) ?? found.options[0];
}

/** Rejects after `ms`, leaving `work` to finish (or fail) unobserved. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  work.catch(() => undefined); // a failure after the timeout is not unhandled
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CourierError('TIMEOUT', `No serviceability answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The courier's delivery days for `courier`, cached per PIN code for India's day, in this process. */
export function courierEtds(
  courier: Pick<CourierSetup, 'client' | 'pickupPin'>,
  /** `log` hears of a failure that pauses the courier (not of a PIN code it does not serve). */
  options: { timeoutMs?: number; pauseMs?: number; log?: (message: string, error: unknown) => void } = {},
): CourierEtds {
  const timeoutMs = options.timeoutMs ?? ETD_TIMEOUT_MS;
  const pauseMs = options.pauseMs ?? COURIER_PAUSE_MS;
  // Today's answers only: a new Indian day empties the map, so it never holds more than one day's PIN codes.
  let cachedDay = '';
  const cache = new Map<string, Promise<CourierEtd | null>>();
  let pausedUntil = 0;

  async function ask(pin: string, today: string): Promise<CourierEtd | null> {
    try {
      const query = { pickupPin: courier.pickupPin, deliveryPin: pin, weightGrams: TYPICAL_PARCEL_GRAMS, cod: false };
      const option = chosenOption(await within(courier.client.serviceability(query), timeoutMs));
      return option ? { askedOn: today, etd: option.etd, etdDays: option.etdDays } : null;
    } catch (error) {
      // A refusal (no courier serves the PIN) is today's answer; anything else may pass, so it is not kept.
      if (!(error instanceof CourierError) || error.retriable) {
        options.log?.(`the courier gave no delivery date for ${pin}; the zones answer for a while`, error);
        pausedUntil = Date.now() + pauseMs;
        cache.delete(pin);
      }
      return null;
    }
  }

  return {
    async etdFor(pin, now) {
      const today = shopToday(now);
      if (today !== cachedDay) {
        cache.clear();
        cachedDay = today;
      }
      const known = cache.get(pin);
      if (known) return known;
      if (Date.now() < pausedUntil) return null;
      const answer = ask(pin, today);
      cache.set(pin, answer);
      return answer;
    },
  };
}
