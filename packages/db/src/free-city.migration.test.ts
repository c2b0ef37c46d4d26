import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateToLatest, migrateUpTo, rowsOf as rowsOfAny } from './migration-testing';

/**
 * Migration 0011 lets an address name a town that is no seeded city: `addresses.city_id` becomes optional and
 * `addresses.city_name` (1 to 60 characters) holds the name. Every address saved before it must keep its city, by
 * the seeded city's name. Runs on PGlite, and on PostgreSQL too when DATABASE_URL names a server.
 */

/** The seeded cities of the addresses saved before 0011, and the name each must have after it. */
const CITIES = [
  { name: 'Tezpur', want: 'Tezpur' },
  { name: 'Guwahati', want: 'Guwahati' },
  // The column holds at most 60 characters: a longer seeded name is cut, not refused.
  { name: `North Lakhimpur ${'Town '.repeat(12)}`.trim(), want: `North Lakhimpur ${'Town '.repeat(12)}`.slice(0, 60) },
] as const;

interface Row {
  id: number;
  city_id: number | null;
  city_name: string | null;
}

const rowsOf = (handle: DatabaseHandle, query: ReturnType<typeof sql>) => rowsOfAny<Row>(handle, query);

/** One guest's address in each city, with the SQL of the schema as of 0010 (a city id, no city name). */
async function insertOldAddresses(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`INSERT INTO states (name, kind, gst_code) VALUES ('Assam', 'state', '18')`);
  await handle.db.execute(sql`INSERT INTO guests DEFAULT VALUES`);
  for (const city of CITIES) {
    await handle.db.execute(
      sql`INSERT INTO cities (state_id, name) VALUES ((SELECT max(id) FROM states), ${city.name})`,
    );
    await handle.db.execute(sql`
      INSERT INTO addresses (guest_id, first_name, last_name, address, state_id, city_id, pin_code, email, phone)
      VALUES ((SELECT max(id) FROM guests), 'Asha', 'Bora', 'Mission Chariali', (SELECT max(id) FROM states),
        (SELECT max(id) FROM cities), '784001', 'asha@example.in', '9876543210')`);
  }
}

/** Migrates to 0010, saves addresses as the code then did, applies 0011 and checks every row. */
async function checkBackfill(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0010_delivery_and_cod');
  await insertOldAddresses(handle);
  const before = await rowsOf(handle, sql`SELECT id, city_id, NULL AS city_name FROM addresses ORDER BY id`);
  await migrateToLatest(handle);

  const after = await rowsOf(handle, sql`SELECT id, city_id, city_name FROM addresses ORDER BY id`);
  expect(after).toEqual(before.map((row, index) => ({ ...row, city_name: CITIES[index]?.want })));
  expect(after.every((row) => row.city_id !== null)).toBe(true);

  // From now on a town that is no seeded city is saved by its name alone; a name stays required and at most 60.
  const town = (name: string | null) => sql`
    INSERT INTO addresses (guest_id, first_name, last_name, address, state_id, city_id, city_name, pin_code, email, phone)
    VALUES ((SELECT max(id) FROM guests), 'Ravi', 'Das', 'Tezpur Bazar', (SELECT max(id) FROM states), NULL, ${name},
      '784001', 'ravi@example.in', '9876543211')`;
  await handle.db.execute(town('Hazarapar'));
  await expect(handle.db.execute(town(null))).rejects.toThrow();
  await expect(handle.db.execute(town(''))).rejects.toThrow();
  await expect(handle.db.execute(town('K'.repeat(61)))).rejects.toThrow();
  const [typed] = await rowsOf(handle, sql`SELECT id, city_id, city_name FROM addresses WHERE city_id IS NULL`);
  expect(typed).toMatchObject({ city_id: null, city_name: 'Hazarapar' });
}

describeOnBothDatabases(
  'migration 0011: addresses.city_name keeps the city of every address saved before it',
  'city',
  checkBackfill,
);
