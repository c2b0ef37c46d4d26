import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShiprocketTime, parseTrackingWebhook } from './courier';
import { adhocOrderBody, etdDay, ndrActionBody, tenDigits } from './shiprocket.client';

/** Shiprocket's documented tracking webhook example (apidocs.shiprocket.in, "Webhooks"), its scans cut to two. */
const DOCUMENTED_EXAMPLE = {
  awb: '19041424751540',
  courier_name: 'Delhivery Surface',
  current_status: 'IN TRANSIT',
  current_status_id: 20,
  shipment_status: 'IN TRANSIT',
  shipment_status_id: 18,
  current_timestamp: '23 05 2023 11:43:52',
  order_id: '1373900_150876814',
  sr_order_id: 348456385,
  awb_assigned_date: '2023-05-19 11:59:16',
  pickup_scheduled_date: '2023-05-19 11:59:17',
  etd: '2023-05-23 15:40:19',
  scans: [
    {
      date: '2023-05-19 11:59:16',
      status: 'X-UCI',
      activity: 'Manifested - Manifest uploaded',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      'sr-status': '5',
      'sr-status-label': 'MANIFEST GENERATED',
    },
    {
      date: '2023-05-19 15:32:17',
      status: 'X-PPOM',
      activity: 'In Transit - Shipment picked up',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      'sr-status': '42',
      'sr-status-label': 'PICKED UP',
    },
  ],
  is_return: 0,
  channel_id: 3422553,
  pod_status: 'OTP Based Delivery',
  pod: 'Not Available',
};

describe("parseTrackingWebhook on Shiprocket's documented payload", () => {
  it('reads the AWB, the status by shipment_status_id, the time in India, the scans and the etd', () => {
    const parsed = parseTrackingWebhook(DOCUMENTED_EXAMPLE);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.update).toEqual({
      awb: '19041424751540',
      statusId: 18,
      status: 'in_transit',
      statusText: 'IN TRANSIT',
      // 11:43:52 in India is 06:13:52 UTC.
      at: new Date('2023-05-23T06:13:52Z'),
      location: 'Chomu_SamodRd_D (Rajasthan)',
      reason: null,
      etd: new Date('2023-05-23T10:10:19Z'),
      scans: [
        {
          at: new Date('2023-05-19T06:29:16Z'),
          activity: 'Manifested - Manifest uploaded',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          statusId: 5,
        },
        {
          at: new Date('2023-05-19T10:02:17Z'),
          activity: 'In Transit - Shipment picked up',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          statusId: 42,
        },
      ],
      orderRef: '1373900_150876814',
      isReturn: false,
    });
  });

  it.each([
    [6, 'SHIPPED', 'picked_up'],
    [42, 'PICKED UP', 'picked_up'],
    [18, 'IN TRANSIT', 'in_transit'],
    [17, 'OUT FOR DELIVERY', 'out_for_delivery'],
    [7, 'DELIVERED', 'delivered'],
    [21, 'UNDELIVERED', 'undelivered'],
    [9, 'RTO INITIATED', 'rto_initiated'],
    [10, 'RTO DELIVERED', 'rto_delivered'],
    [1, 'AWB ASSIGNED', 'other'],
  ] as const)('maps shipment_status_id %i (%s) to %s', (id, words, status) => {
    const parsed = parseTrackingWebhook({
      ...DOCUMENTED_EXAMPLE,
      current_status: words,
      current_status_id: id,
      shipment_status: words,
      shipment_status_id: id,
    });
    expect(parsed.ok && parsed.update.status).toBe(status);
  });

  it("falls back on current_status_id, then on the words, when shipment_status_id is missing or not Shiprocket's", () => {
    const { shipment_status_id: _id, shipment_status: _words, ...withoutShipmentId } = DOCUMENTED_EXAMPLE;
    const byCurrentId = parseTrackingWebhook({ ...withoutShipmentId, current_status_id: 17 });
    expect(byCurrentId.ok && byCurrentId.update.status).toBe('out_for_delivery');
    const byWords = parseTrackingWebhook({
      ...withoutShipmentId,
      current_status_id: 999,
      current_status: 'RTO DELIVERED',
    });
    expect(byWords.ok && byWords.update.status).toBe('rto_delivered');
  });

  it("takes an undelivered attempt's reason from its newest scan, an AWB given as a number, and is_return", () => {
    const parsed = parseTrackingWebhook({
      ...DOCUMENTED_EXAMPLE,
      awb: 19041424751540,
      shipment_status: 'UNDELIVERED',
      shipment_status_id: 21,
      is_return: 1,
      scans: [
        ...DOCUMENTED_EXAMPLE.scans,
        { date: '2023-05-23 11:43:52', activity: 'Consignee refused to accept', location: 'Jaipur (Rajasthan)' },
      ],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.update).toMatchObject({
      awb: '19041424751540',
      status: 'undelivered',
      reason: 'Consignee refused to accept',
      location: 'Jaipur (Rajasthan)',
      isReturn: true,
    });
  });

  it('refuses a payload without an AWB, or without any time, naming the problem', () => {
    const { awb: _awb, ...withoutAwb } = DOCUMENTED_EXAMPLE;
    expect(parseTrackingWebhook(withoutAwb)).toEqual({ ok: false, problem: expect.stringContaining('awb') });
    expect(parseTrackingWebhook({ ...DOCUMENTED_EXAMPLE, current_timestamp: null, scans: [] })).toEqual({
      ok: false,
      problem: 'current_timestamp: no time in the update',
    });
    expect(parseTrackingWebhook('not an object').ok).toBe(false);
  });

  it("uses the newest scan's time when current_timestamp is missing", () => {
    const parsed = parseTrackingWebhook({ ...DOCUMENTED_EXAMPLE, current_timestamp: undefined });
    expect(parsed.ok && parsed.update.at).toEqual(new Date('2023-05-19T10:02:17Z'));
  });
});

describe("Shiprocket's times and units", () => {
  it('reads its three ways of writing a time in India, and refuses anything else', () => {
    expect(parseShiprocketTime('2023-05-19 11:59:16')).toEqual(new Date('2023-05-19T06:29:16Z'));
    expect(parseShiprocketTime('23 05 2023 11:43:52')).toEqual(new Date('2023-05-23T06:13:52Z'));
    expect(parseShiprocketTime('2023-05-19T11:59:16+05:30')).toEqual(new Date('2023-05-19T06:29:16Z'));
    expect(parseShiprocketTime('Jul 01, 2024')).toBeNull();
    expect(parseShiprocketTime('')).toBeNull();
  });

  it("reads serviceability's etd as a day", () => {
    expect(etdDay('Jul 01, 2024')).toBe('2024-07-01');
    expect(etdDay('Dec 5, 2026')).toBe('2026-12-05');
    expect(etdDay('2022-07-20 19:28:00')).toBe('2022-07-20');
    expect(etdDay('soon')).toBeNull();
  });

  it('writes a mobile number as the 10 digits Shiprocket takes', () => {
    expect(tenDigits('+91 98765 43210')).toBe('9876543210');
    expect(tenDigits('09876543210')).toBe('9876543210');
    expect(tenDigits('9876543210')).toBe('9876543210');
  });

  it("sends a re-attempt's day, phone and address in the comments and in their own fields", () => {
    expect(ndrActionBody({ action: 're-attempt', date: '2026-12-02', phone: '+91 98765 43210' })).toEqual({
      action: 're-attempt',
      comments: 'Re-attempt: deliver on 2026-12-02; call +91 98765 43210',
      deferred_date: '2026-12-02',
      phone: '9876543210',
    });
    expect(ndrActionBody({ action: 'return' })).toEqual({ action: 'return', comments: 'Return to origin' });
  });
});

describe("the adhoc order's money", () => {
  const address = {
    name: 'Asha Rao',
    phone: '9876543210',
    email: 'asha@example.in',
    line1: '12 MG Road',
    city: 'Pune',
    state: 'MH',
    pin: '411001',
  };

  it('is what the courier collects: sub_total + shipping_charges − total_discount is the order total, in rupees', () => {
    const item = fc.record({
      name: fc.constant('Kurta'),
      sku: fc.string({ minLength: 1, maxLength: 8 }),
      units: fc.integer({ min: 1, max: 5 }),
      unitPricePaise: fc.integer({ min: 1, max: 5_000_00 }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -50_000, max: 50_000 }),
        (items, extra) => {
          const itemsPaise = items.reduce((sum, line) => sum + line.unitPricePaise * line.units, 0);
          const totalPaise = Math.max(1, itemsPaise + extra);
          const body = adhocOrderBody({
            orderRef: 'KP-1',
            orderDate: new Date('2026-11-27T10:00:00Z'),
            pickupLocation: 'Primary',
            deliverTo: address,
            items,
            paymentMethod: 'cod',
            totalPaise,
            parcel: { weightGrams: 450, lengthCm: 30, breadthCm: 25, heightCm: 4 },
          });
          const collected = Math.round((body.sub_total + body.shipping_charges - body.total_discount) * 100);
          expect(collected).toBe(totalPaise);
          expect(body.weight).toBe(0.45);
          expect(body.order_date).toBe('2026-11-27 15:30');
        },
      ),
    );
  });
});
