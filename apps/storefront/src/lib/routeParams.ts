/** Reads a database id from a route parameter; null unless it is a positive whole number. */
export function parseRouteId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
