import type { Queryable } from '@kapaas/db';

/** A URL-safe slug of a name: "Rompers & Onesies" → "rompers-onesies". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'item';
}

/** The slug of `name`, with -2, -3, … added until `taken` says it is free. */
export async function freeSlug(
  db: Queryable,
  name: string,
  taken: (db: Queryable, slug: string) => Promise<boolean>,
): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 1000; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(db, slug))) return slug;
  }
  return `${base}-${Date.now()}`;
}
