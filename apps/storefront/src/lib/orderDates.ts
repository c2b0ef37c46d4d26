const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const moment = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "22 Nov 2026" from an ISO 8601 date. */
export function formatOrderDate(iso: string): string {
  return day.format(new Date(iso));
}

/** "22 Nov 2026, 3:05 pm" from an ISO 8601 date. */
export function formatOrderMoment(iso: string): string {
  return moment.format(new Date(iso));
}
