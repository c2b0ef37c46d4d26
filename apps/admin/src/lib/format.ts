import { formatRupees as formatAmount, paiseShown } from '@kapaas/contract';

/**
 * An amount in rupees, the Indian way, as the console's tables write it: 150000 → "₹1,50,000", 1299.5 → "₹1,299.5"
 * (zeros after the point trimmed, unlike the storefront's prices). The one formatter lives in the contract.
 */
export function formatRupees(amount: number): string {
  return formatAmount(amount, paiseShown.trimmed);
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Today on the owner's own calendar, as YYYY-MM-DD (for the names of downloaded files). */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An ISO timestamp as the shop owner reads it: "22 Nov 2026, 3:15 pm". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** The start of today on this computer's clock, as an ISO instant (for the API's `from` filter). */
export function startOfToday(now: Date = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day the API writes YYYY-MM-DD (an invoice's date, already India's), as "20 Nov 2026". */
export function formatDay(ymd: string): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : day.format(date);
}
