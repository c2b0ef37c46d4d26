// Made when first used, not when a page loads this module: a page's first Intl formatter loads ICU's locale data
// (ADR 031, fifth pass).
let day: Intl.DateTimeFormat | undefined;
let moment: Intl.DateTimeFormat | undefined;

/** "22 Nov 2026" from an ISO 8601 date. */
export function formatOrderDate(iso: string): string {
  day ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return day.format(new Date(iso));
}

/** "22 Nov 2026, 3:05 pm" from an ISO 8601 date. */
export function formatOrderMoment(iso: string): string {
  moment ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return moment.format(new Date(iso));
}
