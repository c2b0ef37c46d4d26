import { GST_STATES, gstStateByCode } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METRO_PREFIXES,
  DEFAULT_ZONE_TERMS,
  isMetroPin,
  MAX_DELIVERY_DAYS,
  METRO_CITIES,
  REMOTE_STATE_CODES,
  shippingFor,
  ZONES,
  type ZoneTerms,
  zoneOf,
  zoneTermsProblem,
} from './zones';

const MAHARASHTRA = '27';
const DELHI = '07';
const KARNATAKA = '29';

const stateCodes = GST_STATES.map((state) => state.code);
const pins = fc.integer({ min: 100000, max: 999999 }).map(String);

describe('the zone of a place', () => {
  it('is remote for Guwahati in Assam, seen from Maharashtra', () => {
    expect(zoneOf({ pin: '784001', stateCode: '18' }, MAHARASHTRA)).toBe('remote');
    expect(zoneOf({ pin: '781001', stateCode: '18' }, MAHARASHTRA)).toBe('remote');
  });

  it("is local for Guwahati from a shop in Assam: the shop's own state comes before the remote zone", () => {
    expect(zoneOf({ pin: '781001', stateCode: '18' }, '18')).toBe('local');
    expect(zoneOf({ pin: '194101', stateCode: '38' }, '38')).toBe('local');
  });

  it('is metro for Connaught Place, Delhi, unless the shop is in Delhi, where it is local', () => {
    expect(zoneOf({ pin: '110001', stateCode: DELHI }, MAHARASHTRA)).toBe('metro');
    expect(zoneOf({ pin: '110001', stateCode: DELHI }, DELHI)).toBe('local');
  });

  it('is local for Pune from a shop in Maharashtra, and metro from a shop in Karnataka', () => {
    expect(zoneOf({ pin: '411004', stateCode: MAHARASHTRA }, MAHARASHTRA)).toBe('local');
    expect(zoneOf({ pin: '411004', stateCode: MAHARASHTRA }, KARNATAKA)).toBe('metro');
  });

  it('is the rest of India for Ernakulam in Kerala, and for the rural districts around a metro', () => {
    expect(zoneOf({ pin: '682017', stateCode: '32' }, MAHARASHTRA)).toBe('rest');
    expect(zoneOf({ pin: '562157', stateCode: KARNATAKA }, MAHARASHTRA)).toBe('rest');
    expect(zoneOf({ pin: '412105', stateCode: MAHARASHTRA }, KARNATAKA)).toBe('rest');
  });

  it('is metro for each default city, from a shop in Kerala', () => {
    const examples = [
      { pin: '122002', stateCode: '06' }, // Gurugram
      { pin: '201301', stateCode: '09' }, // Noida
      { pin: '400001', stateCode: MAHARASHTRA }, // Mumbai
      { pin: '700001', stateCode: '19' }, // Kolkata
      { pin: '600001', stateCode: '33' }, // Chennai
      { pin: '560001', stateCode: KARNATAKA }, // Bengaluru
      { pin: '500001', stateCode: '36' }, // Hyderabad
      { pin: '380001', stateCode: '24' }, // Ahmedabad
    ];
    for (const place of examples) expect(zoneOf(place, '32'), place.pin).toBe('metro');
  });

  it('is remote for Leh, Srinagar, Port Blair and Kavaratti, and for Gangtok even if a shop lists it as a metro', () => {
    expect(zoneOf({ pin: '194101', stateCode: '38' }, DELHI)).toBe('remote');
    expect(zoneOf({ pin: '190001', stateCode: '01' }, DELHI)).toBe('remote');
    expect(zoneOf({ pin: '744101', stateCode: '35' }, DELHI)).toBe('remote');
    expect(zoneOf({ pin: '682555', stateCode: '31' }, DELHI)).toBe('remote');
    expect(zoneOf({ pin: '737101', stateCode: '11' }, DELHI, ['737'])).toBe('remote');
  });

  it("follows the shop's own metro prefixes, which may be a whole PIN code", () => {
    const kochi = { pin: '682017', stateCode: '32' };
    expect(zoneOf(kochi, MAHARASHTRA, ['682'])).toBe('metro');
    expect(zoneOf(kochi, MAHARASHTRA, ['682017'])).toBe('metro');
    expect(zoneOf(kochi, MAHARASHTRA, ['682018'])).toBe('rest');
    expect(zoneOf({ pin: '110001', stateCode: DELHI }, MAHARASHTRA, [])).toBe('rest');
  });

  it('refuses a PIN code that is not 6 digits, an unknown state code and a prefix that is not digits', () => {
    expect(() => zoneOf({ pin: '11001', stateCode: DELHI }, MAHARASHTRA)).toThrow(RangeError);
    expect(() => zoneOf({ pin: '011001', stateCode: DELHI }, MAHARASHTRA)).toThrow(RangeError);
    expect(() => zoneOf({ pin: '110001', stateCode: '99' }, MAHARASHTRA)).toThrow(RangeError);
    expect(() => zoneOf({ pin: '110001', stateCode: DELHI }, '25')).toThrow(RangeError);
    expect(() => zoneOf({ pin: '110001', stateCode: DELHI }, MAHARASHTRA, ['11x'])).toThrow(RangeError);
    expect(() => isMetroPin('110001', [''])).toThrow(RangeError);
    expect(() => isMetroPin('110001', ['110', '40 0'])).toThrow(RangeError);
  });

  it('is local for any PIN code in the shop’s own state, whichever state that is', () => {
    fc.assert(
      fc.property(pins, fc.constantFrom(...stateCodes), (pin, state) => {
        expect(zoneOf({ pin, stateCode: state }, state)).toBe('local');
      }),
    );
  });

  it('is always local within the shop’s state, and remote for a remote state from any other state', () => {
    fc.assert(
      fc.property(pins, fc.constantFrom(...stateCodes), fc.constantFrom(...stateCodes), (pin, place, shop) => {
        if (place === shop) expect(zoneOf({ pin, stateCode: place }, shop)).toBe('local');
        else if (REMOTE_STATE_CODES.includes(place)) expect(zoneOf({ pin, stateCode: place }, shop)).toBe('remote');
        else {
          const metro = DEFAULT_METRO_PREFIXES.includes(pin.slice(0, 3));
          expect(zoneOf({ pin, stateCode: place }, shop)).toBe(metro ? 'metro' : 'rest');
        }
      }),
    );
  });
});

describe('the zone data', () => {
  it('names twelve remote states and Union Territories, the North-East eight among them, all known to GST', () => {
    const names = REMOTE_STATE_CODES.map((code) => gstStateByCode(code)?.name).sort();
    expect(names).toEqual(
      [
        'Andaman and Nicobar Islands',
        'Arunachal Pradesh',
        'Assam',
        'Jammu and Kashmir',
        'Ladakh',
        'Lakshadweep',
        'Manipur',
        'Meghalaya',
        'Mizoram',
        'Nagaland',
        'Sikkim',
        'Tripura',
      ].sort(),
    );
  });

  it('lists four zones with labels, and three-digit metro prefixes, none twice', () => {
    expect(ZONES.map((zone) => zone.zone)).toEqual(['local', 'metro', 'rest', 'remote']);
    expect(ZONES.every((zone) => zone.label.length > 0)).toBe(true);
    expect(METRO_CITIES).toHaveLength(8);
    expect(new Set(DEFAULT_METRO_PREFIXES).size).toBe(DEFAULT_METRO_PREFIXES.length);
    expect(DEFAULT_METRO_PREFIXES.every((prefix) => /^[1-9][0-9]{2}$/.test(prefix))).toBe(true);
  });

  it('has default terms that pass their own check, dearer and slower the further the zone', () => {
    for (const { zone } of ZONES) expect(zoneTermsProblem(DEFAULT_ZONE_TERMS[zone]), zone).toBeNull();
    expect(DEFAULT_ZONE_TERMS.local).toEqual({ chargePaise: 4900, freeAbovePaise: 99900, minDays: 1, maxDays: 3 });
    expect(DEFAULT_ZONE_TERMS.remote).toEqual({ chargePaise: 12900, freeAbovePaise: 249900, minDays: 5, maxDays: 9 });
  });
});

describe('the terms check', () => {
  const good: ZoneTerms = { chargePaise: 4900, freeAbovePaise: null, minDays: 1, maxDays: 1 };

  it('accepts free-never terms and a one-day window, and refuses the rest', () => {
    expect(zoneTermsProblem(good)).toBeNull();
    expect(zoneTermsProblem({ ...good, chargePaise: 0, freeAbovePaise: 0 })).toBeNull();
    expect(zoneTermsProblem({ ...good, chargePaise: -1 })).toMatch(/charge/);
    expect(zoneTermsProblem({ ...good, chargePaise: 49.5 })).toMatch(/charge/);
    expect(zoneTermsProblem({ ...good, freeAbovePaise: -100 })).toMatch(/threshold/);
    expect(zoneTermsProblem({ ...good, minDays: 0, maxDays: 0 })).toMatch(/shortest/);
    expect(zoneTermsProblem({ ...good, minDays: 3, maxDays: 2 })).toMatch(/longest/);
    expect(zoneTermsProblem({ ...good, maxDays: 2.5 })).toMatch(/longest/);
    expect(zoneTermsProblem({ ...good, maxDays: MAX_DELIVERY_DAYS })).toBeNull();
    expect(zoneTermsProblem({ ...good, maxDays: MAX_DELIVERY_DAYS + 1 })).toMatch(/at most 30/);
  });
});

describe('the shipping charge', () => {
  it('is ₹49 below ₹999 within the state and nothing from ₹999 on', () => {
    expect(shippingFor(DEFAULT_ZONE_TERMS.local, 99899)).toBe(4900);
    expect(shippingFor(DEFAULT_ZONE_TERMS.local, 99900)).toBe(0);
    expect(shippingFor(DEFAULT_ZONE_TERMS.remote, 249899)).toBe(12900);
  });

  it('is never free when there is no threshold', () => {
    expect(shippingFor({ chargePaise: 7900, freeAbovePaise: null }, 10_000_000)).toBe(7900);
  });

  it('is 0 exactly when the items reach the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (chargePaise, freeAbovePaise, items) => {
          const charge = shippingFor({ chargePaise, freeAbovePaise }, items);
          expect(charge === 0).toBe(items >= freeAbovePaise);
          expect(charge === 0 || charge === chargePaise).toBe(true);
        },
      ),
    );
  });
});
