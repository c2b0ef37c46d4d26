/** The shop's days are Indian days (UTC+05:30), whatever the server's clock zone. */
const SHOP_UTC_OFFSET = '+05:30';
const SHOP_OFFSET_MS = 330 * 60_000;

/** Today's date in India, as YYYY-MM-DD (for file names). */
export function shopToday(now = new Date()): string {
  return new Date(now.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in India at the start of a YYYY-MM-DD date. */
export function startOfShopDay(date: string): Date {
  return new Date(`${date}T00:00:00${SHOP_UTC_OFFSET}`);
}
