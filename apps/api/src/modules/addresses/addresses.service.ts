import {
  type AddAddressRequest,
  type CityOption,
  PIN_CODE_TOWNS_MAX,
  type PinCodeLookupAnswer,
  type SavedAddress,
  type StateOption,
  type UpdateAddressRequest,
} from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Owner } from '../../lib/owner';
import { pinCodeInfo, UNKNOWN_PIN_CODE } from '../delivery';
import {
  type AddressColumns,
  type AddressRow,
  cityIsInState,
  clearDefault,
  countOwnerAddresses,
  deleteOwnerAddress,
  insertAddress,
  listCities,
  listStates,
  lockOwnerAddresses,
  markDefault,
  moveGuestAddresses,
  newestAddressId,
  ownerAddress,
  ownerAddresses,
  seededCityNamed,
  stateByGstCode,
  stateExists,
  stateOf,
  updateOwnerAddress,
} from './addresses.repository';

/** How many addresses one shopper may keep: plenty for a family, a bound for abuse. */
export const MAX_ADDRESSES_PER_OWNER = 20;

/** The fields of an address as add_address receives them, checked and trimmed. */
export type NewAddress = z.output<typeof AddAddressRequest>;
/** The fields of an address as update_address receives them: pin code, e-mail and phone may be left out. */
export type ChangedAddress = z.output<typeof UpdateAddressRequest>;

/*
 * Someone else's address answers exactly as an unknown one does (404), so that address ids
 * cannot be probed to learn which exist. (Naming someone else's user_id/guest_id is still 403,
 * decided by resolveOwner before any address is looked at.)
 */
const addressNotFound = () => new AppError('NOT_FOUND', 'Address not found.');

const byName = new Intl.Collator('en-IN', { sensitivity: 'base' });

/** The states and union territories, by name (sorted here so that both databases agree). */
export async function stateList(db: Queryable): Promise<StateOption[]> {
  const rows = await listStates(db);
  return rows.sort((a, b) => byName.compare(a.name, b.name)).map((row) => ({ state_id: row.id, state_name: row.name }));
}

/** A state's cities by name; 404 for an unknown state. */
export async function cityList(db: Queryable, stateId: number): Promise<CityOption[]> {
  if (!(await stateExists(db, stateId))) throw new AppError('NOT_FOUND', 'State not found.');
  const rows = await listCities(db, stateId);
  return rows.sort((a, b) => byName.compare(a.name, b.name)).map((row) => ({ city_id: row.id, city_name: row.name }));
}

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    address_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    address: row.address,
    state: row.stateId,
    city: row.cityId ?? row.cityName,
    state_name: row.stateName,
    city_name: row.cityName,
    pin_code: row.pinCode,
    email_id: row.email,
    phone_number: row.phone,
    active_status: row.isDefault ? 'Active' : 'Inactive',
  };
}

/** The owner's addresses: the Active one first, then the newest. */
export async function addressList(db: Queryable, owner: Owner): Promise<SavedAddress[]> {
  return (await ownerAddresses(db, owner)).map(toSavedAddress);
}

/** One of the owner's addresses; 404 for an unknown one and for someone else's. */
export async function addressDetails(db: Queryable, owner: Owner, addressId: number): Promise<SavedAddress> {
  const row = await ownerAddress(db, owner, addressId);
  if (!row) throw addressNotFound();
  return toSavedAddress(row);
}

/** Refuses a PIN code (400), the message beside the field. */
const pinRefused = (message: string) => new AppError('INVALID_DATA', message, { errors: { pin_code: [message] } });

/**
 * A PIN code must be one India Post knows, in the chosen state (by its GST state code). A state the owner added
 * without a GST code is not compared.
 */
async function checkPinCode(db: Queryable, stateId: number, pin: string): Promise<void> {
  const place = pinCodeInfo(pin);
  if (!place) throw pinRefused(UNKNOWN_PIN_CODE);
  const state = await stateOf(db, stateId);
  if (state?.gstCode && state.gstCode !== place.stateCode) {
    throw pinRefused(
      `This PIN code is in ${place.stateName}, not ${state.name}. Please check the PIN code or the state.`,
    );
  }
}

/** Names deduplicated (ignoring case) and sorted, at most `max` of them. */
function townNames(names: readonly string[], max: number): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name !== '' && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].sort(byName.compare).slice(0, max);
}

/**
 * pin_code_lookup: what the address form fills in from a PIN code: the shop's state with the PIN code's GST state
 * code (null when the shop has none), its district and its towns. An unknown PIN code is refused beside the field.
 */
export async function pinCodeLookup(db: Queryable, pin: string): Promise<PinCodeLookupAnswer> {
  const place = pinCodeInfo(pin);
  if (!place) throw pinRefused(UNKNOWN_PIN_CODE);
  const state = await stateByGstCode(db, place.stateCode);
  return {
    success: true,
    pin_code: place.pin,
    state_id: state?.id ?? null,
    state_name: state?.name ?? place.stateName,
    district: place.district,
    towns: townNames(place.towns, PIN_CODE_TOWNS_MAX),
  };
}

/** Where an address is: a seeded city (its id and name), or a town the shopper typed (no id). */
interface Place {
  cityId: number | null;
  cityName: string;
}

const cityRefused = () =>
  new AppError('INVALID_DATA', 'Please choose a city in the chosen state.', {
    errors: { city: ['Please choose a city in the chosen state.'] },
  });

/**
 * The address's place. A city id must be a seeded city of the state; a town's name is kept as typed, unless it is a
 * seeded city of the state but for case, which links the address to that city under the shop's spelling.
 */
async function checkPlace(db: Queryable, stateId: number, city: number | string): Promise<Place> {
  if (!(await stateExists(db, stateId))) {
    throw new AppError('INVALID_DATA', 'Please choose a valid state.', {
      errors: { state: ['Please choose a valid state.'] },
    });
  }
  if (typeof city === 'string') {
    const seeded = await seededCityNamed(db, stateId, city);
    return seeded ? { cityId: seeded.id, cityName: seeded.name } : { cityId: null, cityName: city };
  }
  const cityName = await cityIsInState(db, city, stateId);
  if (cityName === undefined) throw cityRefused();
  return { cityId: city, cityName };
}

function columnsOf(fields: NewAddress, place: Place): AddressColumns {
  return {
    firstName: fields.first_name,
    lastName: fields.last_name,
    address: fields.address,
    stateId: fields.state,
    cityId: place.cityId,
    cityName: place.cityName,
    pinCode: fields.pin_code,
    email: fields.email_id,
    phone: fields.phone_number,
  };
}

/** Saves a new address; the owner's first one becomes their Active address. Answers its id. */
export async function addAddress(db: Database, owner: Owner, fields: NewAddress): Promise<number> {
  return db.transaction(async (tx) => {
    const place = await checkPlace(tx, fields.state, fields.city);
    await checkPinCode(tx, fields.state, fields.pin_code);
    await lockOwnerAddresses(tx, owner);
    const saved = await countOwnerAddresses(tx, owner);
    if (saved >= MAX_ADDRESSES_PER_OWNER) {
      throw new AppError(
        'CONFLICT',
        `You can keep at most ${MAX_ADDRESSES_PER_OWNER} addresses. Please remove one first.`,
        { code: 'ADDRESS_LIMIT' },
      );
    }
    return insertAddress(tx, owner, columnsOf(fields, place), saved === 0);
  });
}

/** Changes one of the owner's addresses; pin code, e-mail and phone left out keep their values. */
export async function updateAddress(db: Database, owner: Owner, fields: ChangedAddress): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerAddresses(tx, owner);
    const current = await ownerAddress(tx, owner, fields.address_id);
    if (!current) throw addressNotFound();
    const place = await checkPlace(tx, fields.state, fields.city);
    await checkPinCode(tx, fields.state, fields.pin_code ?? current.pinCode);
    const columns = columnsOf(
      {
        ...fields,
        pin_code: fields.pin_code ?? current.pinCode,
        email_id: fields.email_id ?? current.email,
        phone_number: fields.phone_number ?? current.phone,
      },
      place,
    );
    await updateOwnerAddress(tx, owner, fields.address_id, columns);
  });
}

/**
 * Deletes one of the owner's addresses for good (orders keep their own copy). When it was the
 * Active one, the newest remaining address becomes Active.
 */
export async function deleteAddress(db: Database, owner: Owner, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerAddresses(tx, owner);
    const deleted = await deleteOwnerAddress(tx, owner, addressId);
    if (!deleted) throw addressNotFound();
    if (!deleted.wasDefault) return;
    const successor = await newestAddressId(tx, owner);
    if (successor !== undefined) await markDefault(tx, owner, successor);
  });
}

/** Makes one of the owner's addresses their only Active one. */
export async function makeActive(db: Database, owner: Owner, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerAddresses(tx, owner);
    const target = await ownerAddress(tx, owner, addressId);
    if (!target) throw addressNotFound();
    if (target.isDefault) return;
    // The partial unique index allows one default per owner: unset the old before setting the new.
    await clearDefault(tx, owner);
    await markDefault(tx, owner, addressId);
  });
}

/**
 * A guest who logs in brings their saved addresses to the account, as they bring their cart: up to the account's
 * room for addresses, the newest first. The user's default stays the default.
 */
export async function adoptGuestAddresses(tx: Queryable, guestId: number, userId: number): Promise<number> {
  const saved = await countOwnerAddresses(tx, { kind: 'user', userId });
  return moveGuestAddresses(tx, guestId, userId, MAX_ADDRESSES_PER_OWNER - saved);
}
