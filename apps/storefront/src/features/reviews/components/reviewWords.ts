import type { ReviewFit } from '@kapaas/contract';

/** A fit answer in the shopper's words, as a review shows it. */
export const FIT_LABELS: Record<ReviewFit, string> = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
};

/** The order the fit answers are offered in. */
export const FIT_CHOICES: ReviewFit[] = ['runs_small', 'true_to_size', 'runs_large'];

/** The most common fit answer as the summary says it: "Most buyers say: true to size". */
export function fitSummaryText(fit: ReviewFit): string {
  return `Most buyers say: ${FIT_LABELS[fit].toLowerCase()}`;
}

/** en-IN's short month names (September is "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
/** India's offset from UTC, all year: 5 h 30 min. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * A review's date on India's calendar, the same on the server and in the browser: "26 Nov 2026", as en-IN writes it
 * (a test holds it equal to Intl). Written here, not by Intl: the product page shows its reviews as it starts, and a
 * page's first Intl formatter loads ICU's locale data (ADR 031, fifth pass).
 */
export function reviewDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Invalid Date';
  const india = new Date(time + IST_OFFSET_MS);
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}
