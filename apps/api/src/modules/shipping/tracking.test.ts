import { SHIPMENT_STATUS_VALUES, type ShipmentStatus } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shipmentStateOf, type TrackingEvent } from './tracking';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));
const event = (status: ShipmentStatus, minute: number, reason?: string): TrackingEvent => ({
  status,
  at: at(minute),
  reason: reason ?? null,
});

describe("a parcel's state from its courier's events", () => {
  it('follows a delivery with a failed attempt and a re-attempt', () => {
    const events = [
      event('picked_up', 1),
      event('in_transit', 2),
      event('out_for_delivery', 3),
      event('undelivered', 4, 'Customer not available'),
      event('out_for_delivery', 5),
      event('delivered', 6),
    ];
    expect(shipmentStateOf(events)).toEqual({
      status: 'delivered',
      at: at(6),
      attempts: 1,
      lastReason: 'Customer not available',
    });
  });

  it('never moves back: a late "in transit" after "delivered", or scans of the way back after RTO, change nothing', () => {
    expect(shipmentStateOf([event('delivered', 6), event('in_transit', 9)]).status).toBe('delivered');
    const rto = [event('undelivered', 4, 'Refused'), event('rto_initiated', 5), event('in_transit', 7)];
    expect(shipmentStateOf(rto).status).toBe('rto_initiated');
    expect(shipmentStateOf([...rto, event('rto_delivered', 9)]).status).toBe('rto_delivered');
  });

  it('is booked until the courier says anything', () => {
    expect(shipmentStateOf([])).toEqual({ status: 'booked', at: null, attempts: 0, lastReason: null });
  });

  it('ends where the events in order end, for any permutation and duplication of them', () => {
    const statuses = fc.constantFrom(...SHIPMENT_STATUS_VALUES);
    const events = fc.uniqueArray(
      fc.record({ status: statuses, minute: fc.integer({ min: 0, max: 50 }), reason: fc.option(fc.string()) }),
      // The shop keeps one event per status and moment (shipment_events is unique on them): a repeat is the same event.
      { maxLength: 12, selector: (e) => `${e.status}@${e.minute}` },
    );
    fc.assert(
      fc.property(events, fc.array(fc.nat(), { maxLength: 30 }), fc.infiniteStream(fc.nat()), (raw, picks, order) => {
        const inOrder = raw
          .map((e) => ({ status: e.status, at: at(e.minute), reason: e.reason }))
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        if (inOrder.length === 0) return;
        // Each event again, some more than once, shuffled.
        const repeated = [...inOrder, ...picks.map((i) => inOrder[i % inOrder.length] as TrackingEvent)];
        const keys = repeated.map(() => order.next().value as number);
        const shuffled = repeated.map((e, i) => ({ e, k: keys[i] ?? 0 })).sort((a, b) => a.k - b.k);
        const expected = shipmentStateOf(inOrder);
        const got = shipmentStateOf(shuffled.map(({ e }) => e));
        expect(got).toEqual(expected);
      }),
    );
  });
});
