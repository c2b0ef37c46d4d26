const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** An amount in rupees, the Indian way: 150000 → "₹1,50,000", 1299.5 → "₹1,299.5". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

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
