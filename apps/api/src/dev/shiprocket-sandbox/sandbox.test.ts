import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import type { CreateShipmentInput } from '../../modules/shiprocket';
import { CourierError } from '../../modules/shiprocket/courier';
import { createShiprocketClient, type FetchLike } from '../../modules/shiprocket/shiprocket.client';
import {
  API_PREFIX,
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_LOCATION,
  SANDBOX_PICKUP_PIN,
  SANDBOX_PREFIX,
} from './sandbox.constants';

/*
 * The shop's real Shiprocket client (the courier port's adapter) against the built-in sandbox, over app.inject: every
 * port operation, the sandbox's refusals, and the token's renewal.
 */

let shop: TestShop;
let orders = 0;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const courier = () => shop.app.courier.client;

function shipmentInput(overrides: Partial<CreateShipmentInput> = {}): CreateShipmentInput {
  orders += 1;
  return {
    orderRef: `KP-TEST-${orders}-${Date.now()}`,
    orderDate: new Date(),
    pickupLocation: SANDBOX_PICKUP_LOCATION,
    deliverTo: {
      name: 'Asha Rao',
      phone: '+91 98765 43210',
      email: 'asha@example.in',
      line1: '12 MG Road',
      line2: 'Near the post office',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    },
    items: [
      { name: 'Indigo kurta', sku: 'KUR-IND-M', units: 2, unitPricePaise: 1_299_00 },
      { name: 'Cotton dupatta', sku: 'DUP-WHT', units: 1, unitPricePaise: 499_00 },
    ],
    paymentMethod: 'cod',
    totalPaise: 3_097_00 + 49_00,
    parcel: { weightGrams: 650, lengthCm: 30, breadthCm: 25, heightCm: 5 },
    ...overrides,
  };
}

/** A booked shipment: created, with an AWB, its pickup asked for. */
async function booked(overrides: Partial<CreateShipmentInput> = {}) {
  const created = await courier().createShipment(shipmentInput(overrides));
  const assigned = await courier().assignAwb(created.shipmentId);
  await courier().requestPickup(created.shipmentId);
  return { ...created, ...assigned };
}

/** A token of the sandbox's API user, for calls made by hand. */
async function sandboxToken(): Promise<string> {
  const login = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}${API_PREFIX}/auth/login`,
    payload: { email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
  });
  return login.json().token as string;
}

const advance = (body: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/advance`, payload: body });

async function refusal(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof CourierError)) throw new Error(`expected a CourierError, got ${String(error)}`);
  return error;
}

describe('the sandbox is the courier without a Shiprocket API user', () => {
  it('decorates app.courier with the sandbox, its webhook token and pickup location, and ServiceDeps with it', () => {
    expect(shop.app.courier).toMatchObject({
      sandbox: true,
      pickupLocation: SANDBOX_PICKUP_LOCATION,
      pickupPin: SANDBOX_PICKUP_PIN,
      webhookToken: expect.stringMatching(/TEST_ONLY/),
    });
    expect(shop.app.courier.apiBase).toMatch(/\/sandbox\/shiprocket\/v1\/external$/);
    expect(shop.app.deps.courier).toBe(shop.app.courier);
    expect(shop.app.courierSandbox).toBeDefined();
  });
});

describe('serviceability', () => {
  it('answers every courier for a served PIN, cheapest first, in paise, with an etd day', async () => {
    const answer = await courier().serviceability({
      pickupPin: SANDBOX_PICKUP_PIN,
      deliveryPin: '411001',
      weightGrams: 650,
      cod: true,
    });
    expect(answer.options.map((option) => option.courierName)).toEqual([
      'Xpressbees Surface',
      'Delhivery Surface',
      'Blue Dart Air',
    ]);
    for (const option of answer.options) {
      expect(Number.isInteger(option.ratePaise)).toBe(true);
      expect(option.ratePaise).toBeGreaterThan(0);
      expect(option.etd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(option.cod).toBe(true);
    }
    expect(answer.recommendedCourierId).toBe(answer.options[0]?.courierId);
  });

  it('refuses a PIN no courier serves, and COD where it is not offered, with a clear message', async () => {
    const none = await refusal(
      courier().serviceability({ pickupPin: SANDBOX_PICKUP_PIN, deliveryPin: '791001', weightGrams: 500, cod: false }),
    );
    expect(none).toMatchObject({ code: 'UNSERVICEABLE', retriable: false });
    expect(none.message).toBe('Courier is not serviceable for the delivery pincode 791001');

    const noCod = await refusal(
      courier().serviceability({ pickupPin: SANDBOX_PICKUP_PIN, deliveryPin: '190001', weightGrams: 500, cod: true }),
    );
    expect(noCod.message).toBe('Cash on delivery is not available for the delivery pincode 190001');
    const prepaid = await courier().serviceability({
      pickupPin: SANDBOX_PICKUP_PIN,
      deliveryPin: '190001',
      weightGrams: 500,
      cod: false,
    });
    expect(prepaid.options.every((option) => option.cod === false)).toBe(true);
  });

  it("refuses a malformed PIN with Shiprocket's 422 and the field named", async () => {
    const error = await refusal(
      courier().serviceability({ pickupPin: SANDBOX_PICKUP_PIN, deliveryPin: '0110', weightGrams: 500, cod: false }),
    );
    expect(error).toMatchObject({ code: 'REFUSED', status: 422, retriable: false });
    expect(error.errors.delivery_postcode).toEqual(['The delivery postcode must be a valid pincode.']);
  });
});

describe('booking: order, AWB, pickup, label', () => {
  it('creates the order once per reference, assigns a realistic AWB once, and schedules the pickup', async () => {
    const input = shipmentInput();
    const created = await courier().createShipment(input);
    expect(created).toMatchObject({ status: 'NEW' });
    expect(await courier().createShipment(input)).toEqual(created);

    const assigned = await courier().assignAwb(created.shipmentId);
    expect(assigned.awb).toMatch(/^(1411\d{11}|1904\d{10}|777\d{8})$/);
    expect(assigned).toMatchObject({ shipmentId: created.shipmentId, courierName: 'Xpressbees Surface' });
    expect(await courier().assignAwb(created.shipmentId)).toEqual(assigned);

    const pickup = await courier().requestPickup(created.shipmentId);
    expect(pickup.token).toContain(assigned.awb);
    expect(pickup.pickupScheduledAt?.getTime()).toBeGreaterThan(Date.now());
    expect((await courier().track(assigned.awb)).status).toBe('pickup_scheduled');
  });

  it("answers a second pickup request as Shiprocket does, 'Already in Pickup Queue.', which the client takes as done", async () => {
    const created = await courier().createShipment(shipmentInput());
    await courier().assignAwb(created.shipmentId);
    const first = await courier().requestPickup(created.shipmentId);
    expect(first.alreadyRequested).toBe(false);
    const again = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}${API_PREFIX}/courier/generate/pickup`,
      headers: { authorization: `Bearer ${await sandboxToken()}` },
      payload: { shipment_id: [created.shipmentId] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Already in Pickup Queue.', status_code: 400 });
    expect(await courier().requestPickup(created.shipmentId)).toEqual({
      pickupScheduledAt: null,
      token: null,
      alreadyRequested: true,
    });
  });

  it('assigns the courier asked for', async () => {
    const created = await courier().createShipment(shipmentInput());
    const assigned = await courier().assignAwb(created.shipmentId, 24);
    expect(assigned).toMatchObject({ courierId: 24, courierName: 'Blue Dart Air' });
    expect(assigned.awb).toMatch(/^777\d{8}$/);
  });

  it("refuses an order to the wrong pickup location, or with a bad phone, naming Shiprocket's field", async () => {
    const wrongPlace = await refusal(courier().createShipment(shipmentInput({ pickupLocation: 'Home' })));
    expect(wrongPlace.message).toContain(`Your Pickup locations: ${SANDBOX_PICKUP_LOCATION}`);
    const input = shipmentInput();
    const badPhone = await refusal(
      courier().createShipment({ ...input, deliverTo: { ...input.deliverTo, phone: '12345' } }),
    );
    expect(badPhone).toMatchObject({ code: 'REFUSED', status: 422 });
    expect(badPhone.errors.billing_phone).toEqual(['The billing phone must be a valid 10-digit mobile number.']);
  });

  it('keeps the COD amount to collect as the order total, and refuses an AWB for COD where COD is not offered', async () => {
    const input = shipmentInput({ deliverTo: { ...shipmentInput().deliverTo, pin: '190001' } });
    const created = await courier().createShipment(input);
    const error = await refusal(courier().assignAwb(created.shipmentId));
    expect(error).toMatchObject({
      code: 'REFUSED',
      message: 'Courier not serviceable for the pincode 190001 with COD',
    });
  });

  it('refuses a pickup before the AWB, and a label for an unknown shipment', async () => {
    const created = await courier().createShipment(shipmentInput());
    const early = await refusal(courier().requestPickup(created.shipmentId));
    expect(early).toMatchObject({
      code: 'REFUSED',
      status: 400,
      message: 'Please assign AWB before generating the pickup',
    });
    const unknown = await refusal(courier().label([1]));
    expect(unknown).toMatchObject({ code: 'REFUSED', message: 'AWB is not assigned for the shipments' });
  });

  it('makes one label PDF for several shipments, with each AWB, the address and the amount to collect', async () => {
    const first = await booked();
    const second = await booked({ paymentMethod: 'prepaid' });
    const { url } = await courier().label([first.shipmentId, second.shipmentId]);
    expect(url).toMatch(new RegExp(`${SANDBOX_PREFIX}/labels/${first.shipmentId}-${second.shipmentId}\\.pdf$`));
    const pdf = await courier().downloadLabel(url);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    expect(totalPages).toBe(2);
    expect(text[0]).toContain(first.awb);
    expect(text[0]).toContain('COD - COLLECT Rs. 3146.00');
    expect(text[0]).toContain('Pune, Maharashtra 411001');
    expect(text[1]).toContain(second.awb);
    expect(text[1]).toContain('PREPAID - DO NOT COLLECT');
  });
});

describe('tracking and NDR', () => {
  it("tracks a shipment through the test advances, with the courier's scans oldest first", async () => {
    const shipment = await booked();
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
      expect((await advance({ awb: shipment.awb, status })).statusCode).toBe(200);
    }
    const update = await courier().track(shipment.awb);
    expect(update).toMatchObject({
      awb: shipment.awb,
      status: 'out_for_delivery',
      statusId: 17,
      location: 'Pune (Maharashtra)',
    });
    expect(update.scans.map((scan) => scan.statusId)).toEqual([1, 3, 42, 18, 17]);
    expect(update.etd).toBeInstanceOf(Date);
    const unknown = await refusal(courier().track('00000000000000'));
    expect(unknown.code).toBe('NOT_FOUND');
  });

  it('lists an undelivered shipment in NDR with its reason and attempts; a re-attempt keeps it there, with a new phone', async () => {
    const shipment = await booked();
    await advance({ awb: shipment.awb, status: 'picked_up' });
    await advance({ awb: shipment.awb, status: 'out_for_delivery' });
    await advance({ awb: shipment.awb, status: 'undelivered', reason: 'Consignee not reachable on phone' });
    let ndr = (await courier().ndrList()).find((row) => row.awb === shipment.awb);
    expect(ndr).toMatchObject({
      shipmentId: shipment.shipmentId,
      reason: 'Consignee not reachable on phone',
      attempts: 1,
    });

    await courier().ndrAction(shipment.awb, { action: 're-attempt', date: '2026-12-02', phone: '9123456780' });
    ndr = (await courier().ndrList()).find((row) => row.awb === shipment.awb);
    expect(ndr?.customerPhone).toBe('9123456780');
    expect(ndr?.history.map((entry) => entry.comment)).toEqual([
      null,
      'Re-attempt: deliver on 2026-12-02; call 9123456780',
    ]);

    await advance({ awb: shipment.awb, status: 'out_for_delivery' });
    await advance({ awb: shipment.awb, status: 'delivered' });
    expect((await courier().ndrList()).some((row) => row.awb === shipment.awb)).toBe(false);
    expect((await courier().track(shipment.awb)).status).toBe('delivered');
    const late = await advance({ awb: shipment.awb, status: 'in_transit' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Shipment ${shipment.awb} is already delivered`);
  });

  it('starts the return to origin on a return action, and refuses an action on a shipment not in NDR', async () => {
    const shipment = await booked();
    await advance({ awb: shipment.awb, status: 'undelivered', reason: 'Customer refused' });
    const notInNdr = await booked();
    const error = await refusal(courier().ndrAction(notInNdr.awb, { action: 'return' }));
    expect(error).toMatchObject({ code: 'REFUSED', status: 400, message: `Shipment ${notInNdr.awb} is not in NDR` });

    await courier().ndrAction(shipment.awb, { action: 'return', comment: 'Refused twice' });
    expect((await courier().track(shipment.awb)).status).toBe('rto_initiated');
    expect((await advance({ awb: shipment.awb, status: 'out_for_delivery' })).statusCode).toBe(409);
    expect((await advance({ awb: shipment.awb, status: 'rto_delivered' })).statusCode).toBe(200);
    expect((await courier().track(shipment.awb)).status).toBe('rto_delivered');
  });

  it('books a reverse pickup from the shopper back to the warehouse, with its own AWB and tracking', async () => {
    const returnInput = {
      returnRef: `RET-${Date.now()}`,
      orderDate: new Date(),
      pickupFrom: {
        name: 'Asha Rao',
        phone: '9876543210',
        email: 'asha@example.in',
        line1: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
      returnTo: {
        name: 'Kapaas Warehouse',
        phone: '9811122233',
        email: 'ops@kapaas.in',
        line1: 'Plot 4, Okhla Phase 2',
        city: 'New Delhi',
        state: 'Delhi',
        pin: SANDBOX_PICKUP_PIN,
      },
      items: [{ name: 'Indigo kurta', sku: 'KUR-IND-M', units: 1, unitPricePaise: 1_299_00 }],
      parcel: { weightGrams: 400, lengthCm: 30, breadthCm: 25, heightCm: 4 },
    };
    const created = await courier().createReturn(returnInput);
    expect(created.status).toBe('RETURN PENDING');
    const again = await refusal(courier().createReturn(returnInput));
    expect(again.errors.order_id).toEqual(['The order id has already been taken.']);
    const assigned = await courier().assignAwb(created.shipmentId);
    await courier().requestPickup(created.shipmentId);
    await advance({ awb: assigned.awb, status: 'picked_up' });
    const update = await courier().track(assigned.awb);
    expect(update).toMatchObject({ status: 'picked_up', location: 'Pune (Maharashtra)' });
    expect(courier().trackingUrl(assigned.awb)).toMatch(new RegExp(`${SANDBOX_PREFIX}/#awb-${assigned.awb}$`));
  });

  it("answers its pickup location's address, where a return goes back to, and no other location", async () => {
    const warehouse = await courier().pickupAddress(SANDBOX_PICKUP_LOCATION);
    expect(warehouse).toMatchObject({ pin: SANDBOX_PICKUP_PIN, city: 'New Delhi', state: 'Delhi' });
    expect(warehouse.phone).toMatch(/^[6-9]\d{9}$/);
    expect(warehouse.line1.length).toBeGreaterThan(3);
    expect(await refusal(courier().pickupAddress('Elsewhere'))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe("the sandbox's logins", () => {
  /** The sandbox through app.inject, counting logins and what each request answered. */
  function countingFetch(tamper?: (headers: Record<string, string>) => Record<string, string>) {
    const seen = { logins: 0, statuses: [] as number[] };
    const fetch: FetchLike = async (url, init) => {
      const target = new URL(url);
      if (target.pathname.endsWith('/auth/login')) seen.logins += 1;
      const headers = tamper && !target.pathname.endsWith('/auth/login') ? tamper(init.headers) : init.headers;
      const response = await shop.app.inject({
        method: init.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers,
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
      seen.statuses.push(response.statusCode);
      return {
        status: response.statusCode,
        text: async () => response.body,
        arrayBuffer: async () => new ArrayBuffer(0),
      };
    };
    return { seen, fetch };
  }

  const apiBase = () => `http://127.0.0.1${SANDBOX_PREFIX}${API_PREFIX}`;
  const query = { pickupPin: SANDBOX_PICKUP_PIN, deliveryPin: '411001', weightGrams: 500, cod: false };

  it('answers 401 to a request without a token or with a forged one, and refuses a wrong password', async () => {
    const url = `${SANDBOX_PREFIX}${API_PREFIX}/ndr/all`;
    const none = await shop.app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthenticated.', status_code: 401 });
    const forged = await shop.app.inject({
      method: 'GET',
      url,
      headers: { authorization: 'Bearer eyJzdWIiOjF9.forged' },
    });
    expect(forged.statusCode).toBe(401);

    const { fetch } = countingFetch();
    const client = createShiprocketClient({ email: SANDBOX_EMAIL, password: 'wrong', apiBase: apiBase(), fetch });
    const error = await refusal(client.serviceability(query));
    expect(error).toMatchObject({ code: 'AUTH_FAILED', retriable: false });
    expect(error.message).toBe('Shiprocket refused the API user: Invalid email and password combination');
  });

  it('logs in once, keeps the token, and renews it a day before its 10 days are over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    const { seen, fetch } = countingFetch();
    const client = createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase: apiBase(),
      fetch,
    });
    await Promise.all([client.serviceability(query), client.serviceability(query)]);
    expect(seen.logins).toBe(1);
    vi.setSystemTime(new Date('2026-12-09T23:59:00Z'));
    await client.serviceability(query);
    expect(seen.logins).toBe(1);
    vi.setSystemTime(new Date('2026-12-10T00:01:00Z'));
    await client.serviceability(query);
    expect(seen.logins).toBe(2);
    expect(seen.statuses.every((status) => status === 200)).toBe(true);
  });

  it('logs in again once when Shiprocket answers 401 before the token should have expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    const { seen, fetch } = countingFetch();
    // The client believes its token lasts 30 days; the sandbox's last 10.
    const client = createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase: apiBase(),
      fetch,
      tokenLifetimeMs: 30 * 86_400_000,
    });
    await client.serviceability(query);
    vi.setSystemTime(new Date('2026-12-12T00:00:00Z'));
    const answer = await client.serviceability(query);
    expect(answer.options.length).toBe(3);
    expect(seen.logins).toBe(2);
    expect(seen.statuses).toEqual([200, 200, 401, 200, 200]);
  });

  it('gives up after one new login when every token is refused, as AUTH_FAILED', async () => {
    const { seen, fetch } = countingFetch((headers) => ({ ...headers, authorization: 'Bearer revoked.token' }));
    const client = createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase: apiBase(),
      fetch,
    });
    const error = await refusal(client.serviceability(query));
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401, message: 'Unauthenticated.' });
    expect(seen.logins).toBe(2);
    expect(seen.statuses).toEqual([200, 401, 200, 401]);
  });
});

describe("the courier's failures", () => {
  const apiBase = 'http://127.0.0.1:9/v1/external';
  const query = { pickupPin: SANDBOX_PICKUP_PIN, deliveryPin: '411001', weightGrams: 500, cod: false };

  it('makes a network failure, a timeout and a 5xx retriable CourierErrors, and a 4xx a refusal', async () => {
    const login = { status: 200, text: async () => '{"token":"t.t"}', arrayBuffer: async () => new ArrayBuffer(0) };
    const answering =
      (status: number, body: string): FetchLike =>
      async (url) =>
        url.endsWith('/auth/login')
          ? login
          : { status, text: async () => body, arrayBuffer: async () => new ArrayBuffer(0) };
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const silent: FetchLike = (url) =>
      url.endsWith('/auth/login') ? Promise.resolve(login) : new Promise(() => undefined);
    const cases: [FetchLike, string, boolean][] = [
      [down, 'NETWORK_ERROR', true],
      [silent, 'TIMEOUT', true],
      [answering(502, '<html>Bad gateway</html>'), 'SERVER_ERROR', true],
      [answering(429, '{"message":"Too Many Attempts.","status_code":429}'), 'RATE_LIMITED', true],
      [answering(400, '{"message":"Oops! Invalid Data.","status_code":400}'), 'REFUSED', false],
      [answering(200, '{"unexpected":true}'), 'INVALID_RESPONSE', false],
    ];
    for (const [fetch, code, retriable] of cases) {
      const client = createShiprocketClient({ email: 'a@b.in', password: 'p', apiBase, fetch, timeoutMs: 50 });
      const error = await refusal(client.serviceability(query));
      expect({ code: error.code, retriable: error.retriable }).toEqual({ code, retriable });
    }
  });

  it('refuses a tracking answer without any scan as NOT_FOUND, rather than inventing a time', async () => {
    const body = JSON.stringify({
      tracking_data: { track_status: 1, shipment_status: 6, shipment_track_activities: [] },
    });
    const fetch: FetchLike = async (url) => ({
      status: 200,
      text: async () => (url.endsWith('/auth/login') ? '{"token":"t.t"}' : body),
      arrayBuffer: async () => new ArrayBuffer(0),
    });
    const client = createShiprocketClient({ email: 'a@b.in', password: 'p', apiBase, fetch });
    const error = await refusal(client.track('19041424751540'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'No tracking activity for AWB 19041424751540 yet' });
  });
});
