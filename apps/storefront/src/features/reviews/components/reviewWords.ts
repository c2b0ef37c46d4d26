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

/** A review's date, the same on the server and in the browser: "26 Nov 2026". */
export function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}
