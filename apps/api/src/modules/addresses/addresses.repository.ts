import { addresses, and, asc, cities, count, desc, eq, inArray, type Queryable, sql, states } from '@kapaas/db';
import type { Owner } from '../../lib/owner';

/** An address's own columns, as add_address and update_address write them. */
export interface AddressColumns {
  firstName: string;
  lastName: string;
  address: string;
  stateId: number;
  cityId: number | null;
  cityName: string;
  pinCode: string;
  email: string;
  phone: string;
}

function ownedBy(owner: Owner) {
  return owner.kind === 'user' ? eq(addresses.userId, owner.userId) : eq(addresses.guestId, owner.guestId);
}

function ownedAddress(owner: Owner, addressId: number) {
  return and(eq(addresses.id, addressId), ownedBy(owner));
}

/**
 * Holds, until the transaction ends, the right to change this owner's addresses, so that two
 * concurrent calls cannot both make a first address the default or both switch the default.
 */
export async function lockOwnerAddresses(tx: Queryable, owner: Owner): Promise<void> {
  const [kind, id] = owner.kind === 'user' ? ['addresses:user', owner.userId] : ['addresses:guest', owner.guestId];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${kind}), ${id}::integer)`);
}

export async function listStates(db: Queryable) {
  return db.select({ id: states.id, name: states.name }).from(states);
}

export async function stateExists(db: Queryable, stateId: number): Promise<boolean> {
  return (await stateOf(db, stateId)) !== undefined;
}

/** A state's name and GST code, or undefined. */
export async function stateOf(db: Queryable, stateId: number) {
  const [row] = await db
    .select({ id: states.id, name: states.name, gstCode: states.gstCode })
    .from(states)
    .where(eq(states.id, stateId));
  return row;
}

export async function listCities(db: Queryable, stateId: number) {
  return db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateId, stateId));
}

/** The name of a seeded city of the state, or undefined when the city is unknown or in another state. */
export async function cityIsInState(db: Queryable, cityId: number, stateId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: cities.name })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.stateId, stateId)));
  return row?.name;
}

/** The seeded city of the state whose name equals `name` but for case, as the shop spells it; undefined if none. */
export async function seededCityNamed(db: Queryable, stateId: number, name: string) {
  const [row] = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.stateId, stateId), sql`lower(${cities.name}) = lower(${name})`))
    .orderBy(asc(cities.id))
    .limit(1);
  return row;
}

/** The shop's state or union territory with this GST state code ('18'), or undefined. */
export async function stateByGstCode(db: Queryable, gstCode: string) {
  const [row] = await db.select({ id: states.id, name: states.name }).from(states).where(eq(states.gstCode, gstCode));
  return row;
}

const addressView = {
  id: addresses.id,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  address: addresses.address,
  stateId: addresses.stateId,
  cityId: addresses.cityId,
  stateName: states.name,
  cityName: addresses.cityName,
  pinCode: addresses.pinCode,
  email: addresses.email,
  phone: addresses.phone,
  isDefault: addresses.isDefault,
};

/** The owner's addresses with their state and city names: the default first, then the newest. */
export async function ownerAddresses(db: Queryable, owner: Owner) {
  return db
    .select(addressView)
    .from(addresses)
    .innerJoin(states, eq(states.id, addresses.stateId))
    .where(ownedBy(owner))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}
export type AddressRow = Awaited<ReturnType<typeof ownerAddresses>>[number];

/** One of the owner's addresses, or undefined when it is unknown or someone else's. */
export async function ownerAddress(db: Queryable, owner: Owner, addressId: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select(addressView)
    .from(addresses)
    .innerJoin(states, eq(states.id, addresses.stateId))
    .where(ownedAddress(owner, addressId));
  return row;
}

export async function countOwnerAddresses(db: Queryable, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(ownedBy(owner));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: Queryable,
  owner: Owner,
  columns: AddressColumns,
  isDefault: boolean,
): Promise<number> {
  const owned = owner.kind === 'user' ? { userId: owner.userId } : { guestId: owner.guestId };
  const [row] = await db
    .insert(addresses)
    .values({ ...owned, ...columns, isDefault })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address insert returned nothing');
  return row.id;
}

/** Changes one of the owner's addresses (someone else's is never touched). */
export async function updateOwnerAddress(
  db: Queryable,
  owner: Owner,
  addressId: number,
  columns: AddressColumns,
): Promise<void> {
  await db
    .update(addresses)
    .set({ ...columns, updatedAt: new Date() })
    .where(ownedAddress(owner, addressId));
}

/** Deletes one of the owner's addresses; undefined when it is unknown or someone else's. */
export async function deleteOwnerAddress(
  db: Queryable,
  owner: Owner,
  addressId: number,
): Promise<{ wasDefault: boolean } | undefined> {
  const [row] = await db
    .delete(addresses)
    .where(ownedAddress(owner, addressId))
    .returning({ isDefault: addresses.isDefault });
  return row && { wasDefault: row.isDefault };
}

/** Clears the owner's default; the partial unique index allows the new one only after this. */
export async function clearDefault(db: Queryable, owner: Owner): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(ownedBy(owner), eq(addresses.isDefault, true)));
}

export async function markDefault(db: Queryable, owner: Owner, addressId: number): Promise<void> {
  await db.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(ownedAddress(owner, addressId));
}

/** The id of the owner's newest address, if they have any. */
export async function newestAddressId(db: Queryable, owner: Owner): Promise<number | undefined> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(ownedBy(owner))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row?.id;
}

/** An address as an order keeps it: names, not ids, so later edits of the address book do not change it. */
export async function addressSnapshotOf(db: Queryable, owner: Owner, addressId: number | 'active') {
  const [row] = await db
    .select({
      first_name: addresses.firstName,
      last_name: addresses.lastName,
      address: addresses.address,
      state: states.name,
      city: addresses.cityName,
      pin_code: addresses.pinCode,
      email_id: addresses.email,
      phone_number: addresses.phone,
    })
    .from(addresses)
    .innerJoin(states, eq(states.id, addresses.stateId))
    .where(
      addressId === 'active' ? and(ownedBy(owner), eq(addresses.isDefault, true)) : ownedAddress(owner, addressId),
    );
  return row;
}

/** The snapshot of an address an order keeps. */
export type AddressSnapshot = NonNullable<Awaited<ReturnType<typeof addressSnapshotOf>>>;

/**
 * Moves a guest's addresses to the user who just logged in, newest first, up to `room` of them; each keeps being
 * the default only when the user has none. Answers how many moved.
 */
export async function moveGuestAddresses(tx: Queryable, guestId: number, userId: number, room: number) {
  if (room <= 0) return 0;
  const user: Owner = { kind: 'user', userId };
  const [userDefault] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(ownedBy(user), eq(addresses.isDefault, true)));
  const moving = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(ownedBy({ kind: 'guest', guestId }))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(room);
  if (moving.length === 0) return 0;
  const ids = moving.map((row) => row.id);
  await tx
    .update(addresses)
    .set({
      userId,
      guestId: null,
      updatedAt: new Date(),
      ...(userDefault ? { isDefault: false } : {}),
    })
    .where(inArray(addresses.id, ids));
  return ids.length;
}
