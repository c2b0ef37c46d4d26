import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryCheckAnswer } from '@kapaas/contract';
import { eq, shippingZones } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD, SANDBOX_PICKUP_PIN } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { shopToday } from '../../lib/shop-day';
import { expectStatus } from '../admin/admin.fixtures';
import { type CourierEtd, courierDeliveryBy, courierEtds } from './courier-etd';
import { quoteDelivery } from './delivery.service';
import { dispatchDay, isWorkingDay } from './delivery-date';

/*
 * delivery_check with a courier: the date is the courier's `etd` for the PIN code, asked once per PIN code a day,
 * and the owner's zones answer when the courier cannot. The courier is the real Shiprocket client talking HTTP: to
 * the sandbox in-process, to the sandbox of another shop through a counting HTTP proxy, or to a server that never
 * answers.
 */

const NOON = { hour: 14, minute: 0 };
const asked = (etd: string | null, etdDays: number | null, askedOn = '2026-11-26'): CourierEtd => ({
  askedOn,
  etd,
  etdDays,
});

describe("the courier's delivery day", () => {
  /** Thursday 26 November 2026 in India, 11:00 (before the 14:00 cut-off) and 15:00 (after it). */
  const thursdayMorning = new Date('2026-11-26T05:30:00Z');
  const thursdayAfternoon = new Date('2026-11-26T09:30:00Z');

  it('is the courier’s day when the parcel leaves the day it was asked, moved off a weekend to Monday', () => {
    expect(courierDeliveryBy(asked('2026-11-27', 1), thursdayMorning, NOON)).toBe('2026-11-27');
    expect(courierDeliveryBy(asked('2026-11-28', 2), thursdayMorning, NOON)).toBe('2026-11-30');
    expect(courierDeliveryBy(asked('2026-11-29', 3), thursdayMorning, NOON)).toBe('2026-11-30');
  });

  it('moves on by the days the parcel leaves later than asked (after the cut-off), and never before the next working day', () => {
    // Asked Thursday morning, checked Thursday afternoon: the parcel leaves Friday, a day later.
    expect(courierDeliveryBy(asked('2026-11-27', 1), thursdayAfternoon, NOON)).toBe('2026-11-30');
    expect(courierDeliveryBy(asked('2026-12-01', 5), thursdayAfternoon, NOON)).toBe('2026-12-02');
    // A day already past, or the same day, is no promise: the first working day after dispatch.
    expect(courierDeliveryBy(asked('2026-11-26', 0), thursdayMorning, NOON)).toBe('2026-11-27');
    // Only a number of days: counted from the dispatch day.
    expect(courierDeliveryBy(asked(null, 3), thursdayMorning, NOON)).toBe('2026-11-30');
    expect(courierDeliveryBy(asked(null, null), thursdayMorning, NOON)).toBeNull();
  });
});

describe("the courier's delivery day, properties", () => {
  const DAY_MS = 86_400_000;
  const checks = fc.record({
    now: fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T23:59:59Z'), noInvalidDate: true }),
    // The courier was asked earlier the same day or up to two days before (a cached answer is from today only,
    // but the rule must hold for any), and answered from 0 to 12 days on, or only a number of days.
    askedDaysBefore: fc.integer({ min: 0, max: 2 }),
    etdDays: fc.integer({ min: 0, max: 12 }),
    onlyDays: fc.boolean(),
    cutoff: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }),
  });

  it('is a working day after the dispatch day, and never earlier than the courier said', () => {
    fc.assert(
      fc.property(checks, ({ now, askedDaysBefore, etdDays, onlyDays, cutoff }) => {
        const askedOn = shopToday(new Date(now.getTime() - askedDaysBefore * DAY_MS));
        const etd = new Date(new Date(`${askedOn}T00:00:00Z`).getTime() + etdDays * DAY_MS).toISOString().slice(0, 10);
        const by = courierDeliveryBy(
          { askedOn, etd: onlyDays ? null : etd, etdDays: onlyDays && etdDays === 0 ? null : etdDays },
          now,
          cutoff,
        );
        if (onlyDays && etdDays === 0) return by === null;
        if (by === null) return false;
        return isWorkingDay(by) && by > dispatchDay(now, cutoff) && (onlyDays || by >= etd);
      }),
    );
  });
});

/** Delhi from the demo shop in Maharashtra: the metro zone, stretched so the zone's date cannot be the courier's. */
const DELHI = '110001';
const MUMBAI = '400001';
async function slowMetroZone(shop: TestShop) {
  await shop.database.db.update(shippingZones).set({ minDays: 10, maxDays: 15 }).where(eq(shippingZones.zone, 'metro'));
}

/** The zone's "Delivery by" for a PIN code ordered around now (either side of a tick at the cut-off or midnight). */
async function zoneDates(shop: TestShop, pin: string, before: Date) {
  const dates = [];
  for (const now of [before, new Date()]) dates.push((await quoteDelivery(shop.database.db, pin, now))?.window?.to);
  return dates;
}

async function check(shop: TestShop, pin: string) {
  return DeliveryCheckAnswer.parse(expectStatus(await shop.post('delivery_check', { pin_code: pin }), 200));
}

/** A real HTTP server on a free port of 127.0.0.1. */
async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
async function stop(server: Server) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('delivery_check with the built-in sandbox as the courier', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
    await slowMetroZone(shop);
  });
  afterAll(async () => shop.close());

  it("answers the sandbox's etd for the PIN code, not the zone's working days", async () => {
    expect(shop.app.courier).toMatchObject({ sandbox: true, configured: true });
    const before = new Date();
    const answer = await check(shop, DELHI);
    const found = await shop.app.courier.client.serviceability({
      pickupPin: shop.app.courier.pickupPin,
      deliveryPin: DELHI,
      weightGrams: 500,
      cod: false,
    });
    const option = found.options.find((o) => o.courierId === found.recommendedCourierId) ?? found.options[0];
    const today = new Date(before.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const courierDays = [before, new Date()].map((now) =>
      courierDeliveryBy({ askedOn: today, etd: option?.etd ?? null, etdDays: option?.etdDays ?? null }, now, NOON),
    );
    expect(courierDays).toContain(answer.delivery_by);
    expect(await zoneDates(shop, DELHI, before)).not.toContain(answer.delivery_by);
    expect(answer).toMatchObject({ serviceable: true, zone: 'metro' });
    expect(answer.message).toMatch(/^Delivery by (Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2}\.$/);
  });
});

describe('delivery_check with Shiprocket over HTTP', () => {
  /** The shop whose sandbox plays Shiprocket, listening on a port. */
  let courierShop: TestShop;
  /** Counts the serviceability requests on their way to it. */
  let proxy: Server;
  const serviceabilityCalls: string[] = [];
  /** The shop under test: a Shiprocket API user, Shiprocket's base being the proxy. */
  let shop: TestShop;

  beforeAll(async () => {
    courierShop = await startTestShop();
    const sandbox = await courierShop.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        if (request.url?.includes('/courier/serviceability')) serviceabilityCalls.push(request.url);
        const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
        const headers = Object.fromEntries(
          ['authorization', 'content-type', 'accept'].flatMap((name) =>
            typeof request.headers[name] === 'string' ? [[name, request.headers[name] as string]] : [],
          ),
        );
        const answer = await fetch(`${sandbox}${request.url}`, { method: request.method ?? 'GET', headers, body });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    shop = await startTestShop({
      env: {
        SHIPROCKET_EMAIL: SANDBOX_EMAIL,
        SHIPROCKET_PASSWORD: SANDBOX_PASSWORD,
        SHIPROCKET_API_BASE: `${urlOf(proxy)}/sandbox/shiprocket/v1/external`,
        SHIPROCKET_PICKUP_PIN: SANDBOX_PICKUP_PIN,
        SHIPROCKET_WEBHOOK_TOKEN: 'a-webhook-token-for-tests',
      },
    });
    await slowMetroZone(shop);
  });
  afterAll(async () => {
    await shop?.close();
    if (proxy) await stop(proxy);
    await courierShop?.close();
  });

  it('asks the courier once per PIN code: the second check the same day is answered from the cache', async () => {
    expect(shop.app.courier).toMatchObject({ sandbox: false, configured: true });
    const before = new Date();
    const first = await check(shop, DELHI);
    expect(serviceabilityCalls).toHaveLength(1);
    expect(serviceabilityCalls[0]).toContain(`delivery_postcode=${DELHI}`);
    expect(serviceabilityCalls[0]).toContain(`pickup_postcode=${SANDBOX_PICKUP_PIN}`);
    expect(await zoneDates(shop, DELHI, before)).not.toContain(first.delivery_by);

    const second = await check(shop, DELHI);
    expect(second.delivery_by).toBe(first.delivery_by);
    expect(serviceabilityCalls).toHaveLength(1);

    await check(shop, MUMBAI);
    expect(serviceabilityCalls).toHaveLength(2);
  });

  it('asks again on the next day in India, and asks once for concurrent checks of one PIN code', async () => {
    const etds = courierEtds(shop.app.courier);
    const calls = serviceabilityCalls.length;
    const thursday = new Date('2026-11-26T12:00:00Z'); // 17:30 in India
    const [one, two] = await Promise.all([etds.etdFor(DELHI, thursday), etds.etdFor(DELHI, thursday)]);
    expect(one).not.toBeNull();
    expect(two).toEqual(one);
    expect(serviceabilityCalls.length).toBe(calls + 1);
    await etds.etdFor(DELHI, new Date('2026-11-26T18:00:00Z')); // 23:30 in India: the same day
    expect(serviceabilityCalls.length).toBe(calls + 1);
    await etds.etdFor(DELHI, new Date('2026-11-26T18:30:00Z')); // midnight in India: Friday
    expect(serviceabilityCalls.length).toBe(calls + 2);
  });
});

describe('delivery_check when the courier is down', () => {
  let silent: Server;
  const requests: string[] = [];
  let shop: TestShop;

  beforeAll(async () => {
    // Takes every request and never answers, like a courier API that hangs.
    silent = await listen((request) => {
      requests.push(request.url ?? '');
    });
    shop = await startTestShop({
      env: {
        SHIPROCKET_EMAIL: SANDBOX_EMAIL,
        SHIPROCKET_PASSWORD: SANDBOX_PASSWORD,
        SHIPROCKET_API_BASE: `${urlOf(silent)}/v1/external`,
        SHIPROCKET_WEBHOOK_TOKEN: 'a-webhook-token-for-tests',
      },
    });
    await slowMetroZone(shop);
  });
  afterAll(async () => {
    await shop?.close();
    if (silent) await stop(silent);
  });

  it("answers the zone's date after a short wait, and then does not wait on the courier again for a while", async () => {
    const before = new Date();
    const first = await check(shop, DELHI);
    expect(await zoneDates(shop, DELHI, before)).toContain(first.delivery_by);
    expect(first).toMatchObject({ serviceable: true, zone: 'metro' });
    expect(requests).toHaveLength(1);

    const second = await check(shop, MUMBAI);
    expect(await zoneDates(shop, MUMBAI, before)).toContain(second.delivery_by);
    expect(requests).toHaveLength(1);
  });

  it('answers the zones when nothing listens at the courier’s address', async () => {
    await stop(silent);
    const etds = courierEtds(shop.app.courier);
    expect(await etds.etdFor(DELHI, new Date())).toBeNull();
  });
});
