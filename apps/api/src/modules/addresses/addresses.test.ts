import {
  AddAddressAnswer,
  AddressListAnswer,
  CityListAnswer,
  EditAddressAnswer,
  ErrorAnswer,
  PIN_CODE_TOWNS_MAX,
  PinCodeLookupAnswer,
  type SavedAddress,
  StateListAnswer,
} from '@kapaas/contract';
import { addresses, and, asc, cities, eq, states } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { NO_SESSION_MESSAGE, NOT_YOURS_MESSAGE } from '../../lib/owner';
import { UNKNOWN_PIN_CODE } from '../delivery';
import { MAX_ADDRESSES_PER_OWNER } from './addresses.service';

let shop: TestShop;
/** A state with at least two cities, and a city of another state. */
let place: { stateId: number; stateName: string; cityId: number; cityName: string; otherCityId: number };
/** A city of Karnataka, with a Bengaluru PIN code. */
let elsewhere: { stateId: number; cityId: number; pin: string };

beforeAll(async () => {
  shop = await startTestShop();
  const { db } = shop.database;
  const [kerala] = await db.select().from(states).where(eq(states.name, 'Kerala'));
  if (!kerala) throw new Error('the demo shop has no Kerala');
  const keralaCities = await db.select().from(cities).where(eq(cities.stateId, kerala.id)).orderBy(asc(cities.id));
  const [karnataka] = await db.select().from(states).where(eq(states.name, 'Karnataka'));
  const [foreign] = await db
    .select()
    .from(cities)
    .where(eq(cities.stateId, karnataka?.id ?? 0))
    .limit(1);
  if (keralaCities.length < 2 || !keralaCities[0] || !keralaCities[1] || !foreign) {
    throw new Error('the demo shop lacks cities');
  }
  place = {
    stateId: kerala.id,
    stateName: kerala.name,
    cityId: keralaCities[0].id,
    cityName: keralaCities[0].name,
    otherCityId: keralaCities[1].id,
  };
  elsewhere = { stateId: foreign.stateId, cityId: foreign.id, pin: '560001' };
});
afterAll(async () => {
  await shop.close();
});

/** A filled-in address form. */
const form = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Asha',
  last_name: 'Menon',
  address: '14 Lake View Road, Kaloor',
  state: place.stateId,
  city: place.cityId,
  pin_code: '682017',
  email_id: 'asha@example.in',
  phone_number: '9847012345',
  ...changes,
});

async function add(shopper: Shopper, changes: Record<string, unknown> = {}): Promise<number> {
  const response = await shopper.post('add_address', form(changes));
  expect(response.statusCode, response.body).toBe(200);
  return AddAddressAnswer.parse(response.json()).address_id;
}

async function list(shopper: Shopper): Promise<SavedAddress[]> {
  const response = await shopper.post('address_list');
  expect(response.statusCode, response.body).toBe(200);
  return AddressListAnswer.parse(response.json()).address;
}

/** Every address row, to show that a refused call changed nothing. */
const allAddresses = () => shop.database.db.select().from(addresses).orderBy(asc(addresses.id));

async function activeIds(shopper: Shopper): Promise<number[]> {
  return (await list(shopper)).filter((a) => a.active_status === 'Active').map((a) => a.address_id);
}

function expectRefusal(response: { statusCode: number; json(): unknown }, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  const body = ErrorAnswer.parse(response.json());
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

describe('state_list and city_list', () => {
  it('lists every state and union territory by name, to anyone, under the documented `product` key', async () => {
    const response = await shop.post('state_list', {});
    expect(response.statusCode).toBe(200);
    const answer = StateListAnswer.parse(response.json());
    const rows = await shop.database.db.select().from(states);
    expect(answer.product).toHaveLength(rows.length);
    expect(answer.product).toHaveLength(36);
    const names = answer.product.map((s) => s.state_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')));
    expect(answer.product).toContainEqual({ state_id: place.stateId, state_name: place.stateName });
    expect(Object.keys(answer.product[0] ?? {})).toEqual(['state_id', 'state_name']);
    expectRefusal(await shop.post('state_list', { state_id: 1 }), 400);
  });

  it("lists a state's cities by name; an unknown state is 404", async () => {
    const response = await shop.post('city_list', { state_id: String(place.stateId) });
    expect(response.statusCode).toBe(200);
    const answer = CityListAnswer.parse(response.json());
    const rows = await shop.database.db.select().from(cities).where(eq(cities.stateId, place.stateId));
    expect(answer.product.map((c) => c.city_id).sort()).toEqual(rows.map((c) => c.id).sort());
    const names = answer.product.map((c) => c.city_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')));
    expect(Object.keys(answer.product[0] ?? {})).toEqual(['city_id', 'city_name']);
    expectRefusal(await shop.post('city_list', { state_id: 999_999 }), 404, 'State not found.');
    expect(expectRefusal(await shop.post('city_list', {}), 400).errors?.state_id).toEqual(['Please choose a state.']);
  });
});

describe('add_address and address_list', () => {
  it('saves an address, trimmed; the first is Active, later ones Inactive, listed default first then newest', async () => {
    const guest = await shop.guest();
    const response = await guest.post('add_address', form({ first_name: '  Asha ', pin_code: ' 682017 ' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Address added successfully.' });
    const first = AddAddressAnswer.parse(response.json()).address_id;
    const second = await add(guest, { first_name: 'Ravi', state: String(place.stateId), city: place.otherCityId });
    const third = await add(guest, { first_name: 'Meera' });
    const saved = await list(guest);
    expect(saved.map((a) => [a.address_id, a.active_status])).toEqual([
      [first, 'Active'],
      [third, 'Inactive'],
      [second, 'Inactive'],
    ]);
    expect(saved[0]).toEqual({
      address_id: first,
      first_name: 'Asha',
      last_name: 'Menon',
      address: '14 Lake View Road, Kaloor',
      state: place.stateId,
      city: place.cityId,
      state_name: place.stateName,
      city_name: place.cityName,
      pin_code: '682017',
      email_id: 'asha@example.in',
      phone_number: '9847012345',
      active_status: 'Active',
    });
  });

  it.each([
    [{ first_name: '   ' }, 'first_name', 'First name is required.'],
    [{ first_name: undefined }, 'first_name', 'First name is required.'],
    [{ last_name: 'x'.repeat(51) }, 'last_name', 'Last name must be at most 50 characters.'],
    [{ address: '' }, 'address', 'Address is required.'],
    [{ address: 'x'.repeat(301) }, 'address', 'Address must be at most 300 characters.'],
    [{ pin_code: '012345' }, 'pin_code', 'Pin code must be 6 digits'],
    [{ pin_code: '68201' }, 'pin_code', 'Pin code must be 6 digits'],
    [{ pin_code: '6820171' }, 'pin_code', 'Pin code must be 6 digits'],
    [{ pin_code: 'abcdef' }, 'pin_code', 'Pin code must be 6 digits'],
    [{ pin_code: 682017 }, 'pin_code', 'Pin code must be 6 digits'],
    [{ pin_code: undefined }, 'pin_code', 'Pin code is required.'],
    [{ phone_number: '5847012345' }, 'phone_number', 'Phone number must be 10 digits'],
    [{ phone_number: '984701234' }, 'phone_number', 'Phone number must be 10 digits'],
    [{ phone_number: '98470123456' }, 'phone_number', 'Phone number must be 10 digits'],
    [{ phone_number: '98470-1234' }, 'phone_number', 'Phone number must be 10 digits'],
    [{ phone_number: 9847012345 }, 'phone_number', 'Phone number must be 10 digits'],
    [{ email_id: 'asha' }, 'email_id', 'Please enter a valid e-mail address.'],
    [{ email_id: 'asha@' }, 'email_id', 'Please enter a valid e-mail address.'],
    [{ email_id: 'asha menon@example.in' }, 'email_id', 'Please enter a valid e-mail address.'],
    [{ email_id: `${'a'.repeat(250)}@example.in` }, 'email_id', 'Please enter a valid e-mail address.'],
    [{ state: undefined }, 'state', 'Please choose a state.'],
    [{ state: 999_999 }, 'state', 'Please choose a valid state.'],
    [{ city: undefined }, 'city', 'Please enter your town or city.'],
    [{ city: '   ' }, 'city', 'Please enter your town or city.'],
    [{ city: '-12' }, 'city', 'Please enter your town or city.'],
    [{ city: 'K'.repeat(61) }, 'city', 'At most 60 characters.'],
    [{ city: 999_999 }, 'city', 'Please choose a city in the chosen state.'],
  ])('refuses %j with errors.%s = %s, and saves nothing', async (change, field, message) => {
    const user = await shop.user();
    const before = await allAddresses();
    const response = await user.post('add_address', form(change));
    expect(expectRefusal(response, 400).errors?.[field]).toEqual([message]);
    expect(await allAddresses()).toEqual(before);
  });

  it('refuses a PIN code India Post does not know, or of another state, beside the field; saves nothing', async () => {
    const user = await shop.user();
    const unknown = expectRefusal(await user.post('add_address', form({ pin_code: '999999' })), 400);
    expect(unknown.errors).toEqual({ pin_code: ['We could not find this PIN code. Please check it.'] });
    const karnataka = expectRefusal(await user.post('add_address', form({ pin_code: '560001' })), 400);
    expect(karnataka.errors).toEqual({
      pin_code: ['This PIN code is in Karnataka, not Kerala. Please check the PIN code or the state.'],
    });
    expect(await list(user)).toEqual([]);
    const id = await add(user);
    const moved = await user.post('update_address', {
      ...form(),
      address_id: id,
      state: elsewhere.stateId,
      city: elsewhere.cityId,
    });
    expect(expectRefusal(moved, 400).errors).toHaveProperty('pin_code');
  });

  it('refuses a city of another state with errors.city, and saves nothing', async () => {
    const user = await shop.user();
    const response = await user.post('add_address', form({ city: elsewhere.cityId }));
    const body = expectRefusal(response, 400, 'Please choose a city in the chosen state.');
    expect(body.errors).toEqual({ city: ['Please choose a city in the chosen state.'] });
    expect(await list(user)).toEqual([]);
    await add(user, { state: elsewhere.stateId, city: elsewhere.cityId, pin_code: elsewhere.pin });
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_OWNER} addresses per shopper`, async () => {
    const guest = await shop.guest();
    for (let i = 0; i < MAX_ADDRESSES_PER_OWNER; i++) await add(guest);
    const response = await guest.post('add_address', form());
    expect(expectRefusal(response, 409).code).toBe('ADDRESS_LIMIT');
    expect(await list(guest)).toHaveLength(MAX_ADDRESSES_PER_OWNER);
  });

  it('refuses a form post (not JSON)', async () => {
    const user = await shop.user();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/add_address',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(form()).map(([k, v]): [string, string] => [k, String(v)])).toString(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false });
    expect(await list(user)).toEqual([]);
  });
});

describe('a town typed rather than chosen (every Indian PIN code)', () => {
  /** Assam, its seeded city Tezpur, and a Tezpur PIN code. */
  async function assam() {
    const { db } = shop.database;
    const [state] = await db.select().from(states).where(eq(states.name, 'Assam'));
    if (!state) throw new Error('the demo shop has no Assam');
    const [tezpur] = await db
      .select()
      .from(cities)
      .where(and(eq(cities.stateId, state.id), eq(cities.name, 'Tezpur')));
    if (!tezpur) throw new Error('the demo shop has no Tezpur');
    return { stateId: state.id, tezpurId: tezpur.id, pin: '784001' };
  }

  it('saves a town that is no seeded city by its name, trimmed, with no city id, and lists and edits it so', async () => {
    const { stateId, pin } = await assam();
    const user = await shop.user();
    const id = await add(user, { state: stateId, city: '  Tezpur Bazar ', pin_code: pin });
    const [saved] = await list(user);
    expect(saved).toMatchObject({ address_id: id, state: stateId, city: 'Tezpur Bazar', city_name: 'Tezpur Bazar' });
    const [row] = await shop.database.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row).toMatchObject({ cityId: null, cityName: 'Tezpur Bazar' });
    const edited = await user.post('edit_address', { address_id: id });
    expect(EditAddressAnswer.parse(edited.json()).address).toMatchObject({ city: 'Tezpur Bazar' });

    // Typed again on edit, a town keeps being text; a seeded city id links the address again.
    const base = { ...form(), address_id: id, state: stateId, pin_code: pin };
    expect((await user.post('update_address', { ...base, city: 'Mahabhairab' })).statusCode).toBe(200);
    expect((await list(user))[0]).toMatchObject({ city: 'Mahabhairab', city_name: 'Mahabhairab' });
    const { tezpurId } = await assam();
    expect((await user.post('update_address', { ...base, city: String(tezpurId) })).statusCode).toBe(200);
    expect((await list(user))[0]).toMatchObject({ city: tezpurId, city_name: 'Tezpur' });
  });

  it("links a typed name equal to a seeded city of the state (any case) to that city, under the shop's spelling", async () => {
    const { stateId, tezpurId, pin } = await assam();
    const user = await shop.user();
    const id = await add(user, { state: stateId, city: ' tEZPUR ', pin_code: pin });
    expect((await list(user))[0]).toMatchObject({ address_id: id, city: tezpurId, city_name: 'Tezpur' });
    const [row] = await shop.database.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row).toMatchObject({ cityId: tezpurId, cityName: 'Tezpur' });
    // A seeded city's name of another state is only a town's name here.
    await add(user, { city: 'Tezpur' });
    expect((await list(user)).find((a) => a.state === place.stateId)).toMatchObject({
      city: 'Tezpur',
      city_name: 'Tezpur',
    });
  });

  it('refuses a town of 61 characters beside the city field, and takes 60', async () => {
    const user = await shop.user();
    const long = expectRefusal(await user.post('add_address', form({ city: 'Kaloor '.repeat(9).slice(0, 61) })), 400);
    expect(long.errors).toEqual({ city: ['At most 60 characters.'] });
    expect(await list(user)).toEqual([]);
    const sixty = 'Kaloor '.repeat(9).slice(0, 60);
    await add(user, { city: sixty });
    expect((await list(user))[0]).toMatchObject({ city: sixty.trim(), city_name: sixty.trim() });
  });

  it('refuses, beside the PIN code field, a typed town whose PIN code is in another state; saves nothing', async () => {
    const { pin } = await assam();
    const user = await shop.user();
    const response = await user.post('add_address', form({ city: 'Tezpur Bazar', pin_code: pin }));
    expect(expectRefusal(response, 400).errors).toEqual({
      pin_code: ['This PIN code is in Assam, not Kerala. Please check the PIN code or the state.'],
    });
    expect(await list(user)).toEqual([]);
  });
});

describe('pin_code_lookup', () => {
  it("answers a PIN code's state (the shop's own row), district and towns, to anyone", async () => {
    const [assam] = await shop.database.db.select().from(states).where(eq(states.name, 'Assam'));
    const response = await shop.post('pin_code_lookup', { pin_code: ' 784001 ' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = PinCodeLookupAnswer.parse(response.json());
    expect(answer).toMatchObject({
      pin_code: '784001',
      state_id: assam?.id,
      state_name: 'Assam',
      district: 'Sonitpur',
    });
    expect(answer.towns).toContain('Tezpur');
    expect(answer.towns).toEqual([...new Set(answer.towns)].sort((a, b) => a.localeCompare(b, 'en-IN')));
  });

  it.each([
    ['136027', 36],
    ['125051', 35],
    ['784001', 6],
  ])('suggests at most 30 of the towns of %s (India Post lists %i), sorted, none twice', async (pin, listed) => {
    const response = await shop.post('pin_code_lookup', { pin_code: pin });
    const { towns } = PinCodeLookupAnswer.parse(response.json());
    expect(towns).toHaveLength(Math.min(listed, PIN_CODE_TOWNS_MAX));
    expect(new Set(towns.map((t) => t.toLowerCase())).size).toBe(towns.length);
    expect(towns).toEqual([...towns].sort((a, b) => a.localeCompare(b, 'en-IN', { sensitivity: 'base' })));
  });

  it('refuses an unknown PIN code beside the field, and a malformed one with the form’s hint', async () => {
    const unknown = expectRefusal(await shop.post('pin_code_lookup', { pin_code: '999999' }), 400);
    expect(unknown.errors).toEqual({ pin_code: [UNKNOWN_PIN_CODE] });
    const short = expectRefusal(await shop.post('pin_code_lookup', { pin_code: '78400' }), 400);
    expect(short.errors).toEqual({ pin_code: ['Pin code must be 6 digits'] });
    expectRefusal(await shop.post('pin_code_lookup', {}), 400);
    expectRefusal(await shop.post('pin_code_lookup', { pin_code: '784001', state: 1 }), 400);
  });
});

describe('a guest who logs in', () => {
  it('brings their saved addresses to the account; the account’s default stays the default', async () => {
    const user = await shop.user();
    const mine = await add(user);
    expect(await activeIds(user)).toEqual([mine]);
    await user.post('logout');

    const browser = shop.visitor();
    const guestId: number = (await browser.post('get_guest_id')).json().guest_id;
    const first = await add(browser, { address: '1 Guest Lane' });
    const second = await add(browser, { address: '2 Guest Lane' });
    const login = await browser.post('login', { user_name: user.email, password: user.password });
    expect(login.statusCode).toBe(200);

    const after = await list(browser);
    expect(after.map((a) => a.address_id).sort((a, b) => a - b)).toEqual([mine, first, second]);
    expect(await activeIds(browser)).toEqual([mine]);
    const left = await shop.database.db.select().from(addresses).where(eq(addresses.guestId, guestId));
    expect(left).toEqual([]);
  });

  it('brings no more than the account has room for, the newest first', async () => {
    const user = await shop.user();
    for (let n = 0; n < MAX_ADDRESSES_PER_OWNER - 1; n += 1) await add(user, { address: `${n} Account Street` });
    await user.post('logout');
    const browser = shop.visitor();
    await browser.post('get_guest_id');
    await add(browser, { address: 'Old Guest Lane' });
    const newest = await add(browser, { address: 'New Guest Lane' });
    expect((await browser.post('login', { user_name: user.email, password: user.password })).statusCode).toBe(200);
    const after = await list(browser);
    expect(after).toHaveLength(MAX_ADDRESSES_PER_OWNER);
    expect(after.map((a) => a.address_id)).toContain(newest);
  });
});

describe('edit_address and update_address', () => {
  it('answers one address with every field; an unknown one and someone else’s are the same 404', async () => {
    const asha = await shop.user();
    const ravi = await shop.user();
    const id = await add(asha);
    const ravis = await add(ravi);
    const response = await asha.post('edit_address', { address_id: String(id) });
    expect(response.statusCode).toBe(200);
    expect(EditAddressAnswer.parse(response.json()).address).toEqual((await list(asha))[0]);
    const unknown = await asha.post('edit_address', { address_id: 999_999 });
    const others = await asha.post('edit_address', { address_id: ravis });
    expectRefusal(unknown, 404, 'Address not found.');
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(unknown.json());
  });

  it('changes every field, checking the city against the state, and keeps the Active address', async () => {
    const user = await shop.user();
    const active = await add(user);
    const other = await add(user);
    const response = await user.post('update_address', {
      address_id: other,
      first_name: ' Kiran ',
      last_name: 'Rao',
      address: '2 Church Street',
      state: elsewhere.stateId,
      city: elsewhere.cityId,
      pin_code: '560001',
      email_id: 'kiran@example.in',
      phone_number: '7012345678',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Address updated successfully!' });
    const changed = EditAddressAnswer.parse((await user.post('edit_address', { address_id: other })).json()).address;
    expect(changed).toMatchObject({
      first_name: 'Kiran',
      last_name: 'Rao',
      address: '2 Church Street',
      state: elsewhere.stateId,
      city: elsewhere.cityId,
      pin_code: '560001',
      email_id: 'kiran@example.in',
      phone_number: '7012345678',
      active_status: 'Inactive',
    });
    expect(await activeIds(user)).toEqual([active]);
  });

  it('keeps pin code, e-mail and phone when they are left out or blank; validates them when given', async () => {
    const user = await shop.user();
    const id = await add(user);
    const base = { address_id: id, first_name: 'Asha', last_name: 'Nair', address: 'MG Road', state: place.stateId };
    const left = await user.post('update_address', { ...base, city: place.otherCityId });
    expect(left.statusCode, left.body).toBe(200);
    const blank = await user.post('update_address', {
      ...base,
      city: place.cityId,
      pin_code: '',
      email_id: ' ',
      phone_number: '',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const kept = (await list(user))[0];
    expect(kept).toMatchObject({ last_name: 'Nair', pin_code: '682017', email_id: 'asha@example.in' });
    expect(kept?.phone_number).toBe('9847012345');

    const before = await allAddresses();
    for (const [change, field, message] of [
      [{ pin_code: '012345' }, 'pin_code', 'Pin code must be 6 digits'],
      [{ phone_number: '12345' }, 'phone_number', 'Phone number must be 10 digits'],
      [{ email_id: 'not-an-email' }, 'email_id', 'Please enter a valid e-mail address.'],
      [{ first_name: '' }, 'first_name', 'First name is required.'],
      [{ city: undefined }, 'city', 'Please enter your town or city.'],
      [{ city: ` ${'K'.repeat(61)} ` }, 'city', 'At most 60 characters.'],
      [{ city: elsewhere.cityId }, 'city', 'Please choose a city in the chosen state.'],
      [{ state: 999_999 }, 'state', 'Please choose a valid state.'],
    ] as const) {
      const response = await user.post('update_address', { ...base, city: place.cityId, ...change });
      expect(expectRefusal(response, 400).errors?.[field]).toEqual([message]);
    }
    expectRefusal(
      await user.post('update_address', { ...base, address_id: 999_999, city: place.cityId }),
      404,
      'Address not found.',
    );
    expect(await allAddresses()).toEqual(before);
  });

  it('never changes someone else’s address (404, as for an unknown id)', async () => {
    const asha = await shop.user();
    const ravi = await shop.guest();
    const ravis = await add(ravi, { first_name: 'Ravi' });
    const before = await allAddresses();
    const response = await asha.post('update_address', { address_id: ravis, ...form({ first_name: 'Hacked' }) });
    expectRefusal(response, 404, 'Address not found.');
    expect(await allAddresses()).toEqual(before);
  });
});

describe('delete_address and address_active', () => {
  it('deletes for good; deleting the Active address makes the newest remaining one Active', async () => {
    const user = await shop.user();
    const oldest = await add(user, { first_name: 'One' });
    const middle = await add(user, { first_name: 'Two' });
    const newest = await add(user, { first_name: 'Three' });
    const inactive = await user.post('delete_address', { address_id: middle });
    expect(inactive.json()).toEqual({ success: true, message: 'Address deleted successfully.' });
    expect(await activeIds(user)).toEqual([oldest]);
    const fourth = await add(user, { first_name: 'Four' });
    await user.post('address_active', { address_id: newest });
    expect((await user.post('delete_address', { address_id: newest })).statusCode).toBe(200);
    expect((await list(user)).map((a) => [a.address_id, a.active_status])).toEqual([
      [fourth, 'Active'],
      [oldest, 'Inactive'],
    ]);
    const rows = await shop.database.db.select().from(addresses).where(eq(addresses.id, newest));
    expect(rows).toEqual([]);
    expectRefusal(await user.post('delete_address', { address_id: newest }), 404, 'Address not found.');
    await user.post('delete_address', { address_id: fourth });
    await user.post('delete_address', { address_id: oldest });
    expect(await list(user)).toEqual([]);
    const again = await add(user);
    expect(await activeIds(user)).toEqual([again]);
  });

  it('makes exactly the chosen address Active, and is harmless when repeated', async () => {
    const guest = await shop.guest();
    const first = await add(guest);
    const second = await add(guest);
    const response = await guest.post('address_active', { address_id: second });
    expect(response.json()).toEqual({ success: true, message: 'Default address updated.' });
    expect((await list(guest)).map((a) => [a.address_id, a.active_status])).toEqual([
      [second, 'Active'],
      [first, 'Inactive'],
    ]);
    expect((await guest.post('address_active', { address_id: second })).statusCode).toBe(200);
    expect(await activeIds(guest)).toEqual([second]);
    expectRefusal(await guest.post('address_active', { address_id: 999_999 }), 404, 'Address not found.');
    expect(await activeIds(guest)).toEqual([second]);
  });

  it('refuses to delete or activate someone else’s address (404), changing nothing', async () => {
    const asha = await shop.guest();
    const ravi = await shop.user();
    await add(ravi);
    const ravis = await add(ravi);
    const before = await allAddresses();
    expectRefusal(await asha.post('delete_address', { address_id: ravis }), 404, 'Address not found.');
    expectRefusal(await asha.post('address_active', { address_id: ravis }), 404, 'Address not found.');
    expect(await allAddresses()).toEqual(before);
  });

  it('keeps exactly one Active address under concurrent calls', async () => {
    const guest = await shop.guest();
    const added = await Promise.all(Array.from({ length: 5 }, () => guest.post('add_address', form())));
    expect(added.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = (await list(guest)).map((a) => a.address_id);
    expect(await activeIds(guest)).toHaveLength(1);
    const switched = await Promise.all(ids.map((id) => guest.post('address_active', { address_id: id })));
    expect(switched.every((r) => r.statusCode === 200)).toBe(true);
    expect(await activeIds(guest)).toHaveLength(1);
    await Promise.all(ids.slice(0, 3).map((id) => guest.post('delete_address', { address_id: id })));
    expect(await list(guest)).toHaveLength(2);
    expect(await activeIds(guest)).toHaveLength(1);
  });
});

/** Every call that names its owner: a valid body about one of the owner's addresses, and its visible effect. */
const ownerCalls: {
  endpoint: string;
  body: (addressId: number) => Record<string, unknown>;
  effect: (shopper: Shopper, addressId: number, answer: Record<string, unknown>) => Promise<void>;
}[] = [
  {
    endpoint: 'address_list',
    body: () => ({}),
    effect: async (_shopper, id, answer) => {
      expect(AddressListAnswer.parse(answer).address.map((a) => a.address_id)).toContain(id);
    },
  },
  {
    endpoint: 'add_address',
    body: () => form({ first_name: 'Added' }),
    effect: async (shopper, _id, answer) => {
      const added = AddAddressAnswer.parse(answer).address_id;
      expect((await list(shopper)).find((a) => a.address_id === added)?.first_name).toBe('Added');
    },
  },
  {
    endpoint: 'edit_address',
    body: (id) => ({ address_id: id }),
    effect: async (_shopper, id, answer) => {
      expect(EditAddressAnswer.parse(answer).address.address_id).toBe(id);
    },
  },
  {
    endpoint: 'update_address',
    body: (id) => ({ address_id: id, ...form({ first_name: 'Changed' }) }),
    effect: async (shopper, id) => {
      expect((await list(shopper)).find((a) => a.address_id === id)?.first_name).toBe('Changed');
    },
  },
  {
    endpoint: 'address_active',
    body: (id) => ({ address_id: id }),
    effect: async (shopper, id) => {
      expect(await activeIds(shopper)).toEqual([id]);
    },
  },
  {
    endpoint: 'delete_address',
    body: (id) => ({ address_id: id }),
    effect: async (shopper, id) => {
      expect((await list(shopper)).map((a) => a.address_id)).not.toContain(id);
    },
  },
];

describe.each(ownerCalls)('$endpoint and who is asking', ({ endpoint, body, effect }) => {
  it('answers 401 without a session, and changes nothing', async () => {
    const owner = await shop.guest();
    const id = await add(owner);
    const before = await allAddresses();
    expectRefusal(await shop.post(endpoint, body(id)), 401, NO_SESSION_MESSAGE);
    expectRefusal(await shop.post(endpoint, { ...body(id), guest_id: owner.guestId }), 401, NO_SESSION_MESSAGE);
    expect(await allAddresses()).toEqual(before);
  });

  it("answers 403 for another shopper's user_id or guest_id, and changes nothing", async () => {
    const asha = await shop.user();
    const ravi = await shop.user();
    const guest = await shop.guest();
    const otherGuest = await shop.guest();
    const ravis = await add(ravi);
    const guests = await add(otherGuest);
    const before = await allAddresses();
    const attempts: [Shopper, Record<string, number>, number][] = [
      [asha, { user_id: ravi.userId }, ravis],
      [asha, { guest_id: otherGuest.guestId }, guests],
      [guest, { guest_id: otherGuest.guestId }, guests],
    ];
    // A guest's session also answers to user_id = its guest id, so only a different number is someone else.
    if (ravi.userId !== guest.guestId) attempts.push([guest, { user_id: ravi.userId }, ravis]);
    for (const [shopper, claim, id] of attempts) {
      expectRefusal(await shopper.post(endpoint, { ...body(id), ...claim }), 403, NOT_YOURS_MESSAGE);
    }
    expect(await allAddresses()).toEqual(before);
  });

  it("acts on the session's own addresses when the id is missing or names the session", async () => {
    const user = await shop.user();
    const guest = await shop.guest();
    for (const [shopper, claims] of [
      [user, [{}, { user_id: user.userId }, { user_id: String(user.userId) }]],
      // The original storefront also stores a guest's id as its userId.
      [guest, [{}, { guest_id: guest.guestId }, { user_id: guest.guestId }]],
    ] as const) {
      await add(shopper);
      for (const claim of claims) {
        const id = await add(shopper);
        const response = await shopper.post(endpoint, { ...body(id), ...claim });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ success: true });
        await effect(shopper, id, response.json());
      }
      expect(await activeIds(shopper)).toHaveLength(1);
    }
  });
});

it('never shows one shopper another’s addresses', async () => {
  const shoppers = [await shop.user(), await shop.user(), await shop.guest(), await shop.guest()];
  const owned = new Map<Shopper, number[]>();
  for (const [i, shopper] of shoppers.entries()) {
    owned.set(shopper, [await add(shopper, { first_name: `Shopper${i}` }), await add(shopper)]);
  }
  for (const shopper of shoppers) {
    const seen = (await list(shopper)).map((a) => a.address_id).sort();
    expect(seen).toEqual([...(owned.get(shopper) ?? [])].sort());
    for (const other of shoppers.filter((s) => s !== shopper)) {
      for (const id of owned.get(other) ?? []) {
        expect((await shopper.post('edit_address', { address_id: id })).statusCode).toBe(404);
      }
    }
  }
});

describe('malformed bodies', () => {
  /** Values no id, pin code, phone or e-mail field accepts. */
  const notAnId = fc.oneof(
    fc.integer({ max: 0 }),
    fc.constantFrom(2 ** 31, 2 ** 53, 1e21, -1e21),
    fc.double({ min: 0.001, max: 1e6, noInteger: true, noNaN: true }),
    fc.constantFrom(
      "' OR '1'='1",
      '1; DROP TABLE addresses; --',
      '1 OR 1=1',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '682017<b>',
      '-1',
      '0x1F',
      '1e3',
    ),
    fc.string({ maxLength: 200 }).map((s) => `${'9'.repeat(300)}${s}`),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.nat(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.nat(), { maxKeys: 2 }),
  );
  /** Values no name or address line accepts. */
  const notText = fc.oneof(
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.constantFrom('', '   ', '\n\t'),
    fc.string({ maxLength: 200 }).map((s) => `${'x'.repeat(400)}${s}`),
  );
  const text = ['first_name', 'last_name', 'address'];
  /** Values no city field accepts: neither an id nor a town's name (1 to 60 characters with a letter). */
  const notACity = fc.oneof(
    fc.integer({ max: 0 }),
    fc.constantFrom(2 ** 31, 2 ** 53, 1e21, -1e21),
    fc.double({ min: 0.001, max: 1e6, noInteger: true, noNaN: true }),
    fc.constantFrom('', '   ', '-1', '0', '12-34', '  ..  '),
    fc.string({ maxLength: 50 }).map((s) => `${'k'.repeat(61)}${s}`),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.nat(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.nat(), { maxKeys: 2 }),
  );
  const fieldPoison = (field: string) => (text.includes(field) ? notText : field === 'city' ? notACity : notAnId);

  /** A valid body per call, its fields, and which of them may not be left out. */
  function calls(addressId: number) {
    const address = form();
    const owner = { user_id: undefined, guest_id: undefined };
    return [
      { endpoint: 'state_list', body: {}, fields: [], required: [] },
      { endpoint: 'city_list', body: { state_id: place.stateId }, fields: ['state_id'], required: ['state_id'] },
      { endpoint: 'address_list', body: {}, fields: Object.keys(owner), required: [] },
      {
        endpoint: 'add_address',
        body: address,
        fields: [...Object.keys(owner), ...Object.keys(address)],
        required: Object.keys(address),
      },
      ...['edit_address', 'delete_address', 'address_active'].map((endpoint) => ({
        endpoint,
        body: { address_id: addressId },
        fields: [...Object.keys(owner), 'address_id'],
        required: ['address_id'],
      })),
      {
        endpoint: 'update_address',
        body: { address_id: addressId, ...address },
        fields: [...Object.keys(owner), 'address_id', ...Object.keys(address)],
        required: ['address_id', 'first_name', 'last_name', 'address', 'state', 'city'],
      },
    ];
  }
  type Call = ReturnType<typeof calls>[number];

  function malformed(call: Call): fc.Arbitrary<unknown> {
    const ways: fc.Arbitrary<unknown>[] = [
      fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.integer(), fc.string(), fc.boolean()),
      fc
        .tuple(fc.constantFrom('is_default', 'active_status', 'id', '__proto__', 'constructor'), fc.jsonValue())
        .map(([key, value]) => ({ ...call.body, [key]: value })),
    ];
    if (call.fields.length > 0) {
      ways.push(
        fc
          .uniqueArray(fc.constantFrom(...call.fields), { minLength: 1 })
          .chain((chosen) => fc.tuple(fc.constant(chosen), fc.tuple(...chosen.map(fieldPoison))))
          .map(([chosen, values]) => ({
            ...call.body,
            ...Object.fromEntries(chosen.map((field, i) => [field, values[i]])),
          })),
      );
    }
    if (call.required.length > 0) {
      ways.push(
        fc.constantFrom(...call.required).map((missing) => {
          const { [missing]: _left, ...rest } = call.body as Record<string, unknown>;
          return rest;
        }),
      );
    }
    return fc.oneof(...ways);
  }

  it('answers every malformed body on every call with a 4xx and success:false, changing nothing', async () => {
    const user = await shop.user();
    await add(user);
    const target = await add(user);
    const before = await allAddresses();
    const arbitrary = fc.oneof(...calls(target).map((call) => fc.tuple(fc.constant(call.endpoint), malformed(call))));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([endpoint, payload]) => {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json', cookie: user.cookie },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${endpoint} ${JSON.stringify(payload)}: ${response.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ success: false });
        expect(await allAddresses()).toEqual(before);
      }),
      { numRuns: 400 },
    );
  });
});
