import type { ReviewFit } from '@kapaas/contract';

/** A fit answer in the owner's words. */
export const FIT_LABELS: Record<ReviewFit, string> = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
};

/** "★★★★☆", read out as "4 of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`${rating} of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="review-stars__off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** The first words of a review's text, for a list. */
export function excerpt(text: string, length = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}
