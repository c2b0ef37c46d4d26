import { groupIndian } from '@kapaas/contract';
import { useId } from 'react';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** "12 reviews", "1 review". */
export function reviewCountText(count: number): string {
  return `${groupIndian(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The words a rating is read out as: "Rated 4.3 out of 5, 12 reviews" (the count only when given). */
export function ratingLabel(value: number, count?: number): string {
  return `Rated ${value} out of 5${count === undefined ? '' : `, ${reviewCountText(count)}`}`;
}

/** Whether there is a rating to show: an average of at least one review (never a made-up one). */
export function hasRating(average: number | null | undefined, count: number | null | undefined): average is number {
  return typeof average === 'number' && typeof count === 'number' && count > 0;
}

interface RatingProps {
  /** The stars, 1 to 5 (one decimal for an average). */
  value: number;
  /** How many reviews the value is the mean of: shown as "(12)" and read out; left out for one review's stars. */
  count?: number | undefined;
  /** Star size in pixels. */
  size?: number;
  /** Show the value beside the stars ("4.3"). */
  showValue?: boolean;
  /** Show the count beside them ("(12)"); it is read out either way. */
  showCount?: boolean;
  className?: string;
}

/** Five stars filled to the rating, read out as "Rated 4.3 out of 5, 12 reviews". */
export function Rating({ value, count, size = 20, showValue = true, showCount = true, className = '' }: RatingProps) {
  const gradientPrefix = useId();
  return (
    <span className={`rating ${className}`.trim()} role="img" aria-label={ratingLabel(value, count)}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, value - index));
        const gradientId = `${gradientPrefix}-${index}`;
        return (
          <svg key={index} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={gradientId}>
                <stop offset={fill} stopColor="currentColor" />
                <stop offset={fill} stopColor="transparent" />
              </linearGradient>
            </defs>
            <path d={STAR_PATH} fill={`url(#${gradientId})`} stroke="currentColor" strokeWidth="1.4" />
          </svg>
        );
      })}
      {showValue && (
        <span className="rating__value" aria-hidden="true">
          {value.toFixed(1)}
        </span>
      )}
      {count !== undefined && showCount && (
        <span className="rating__count" aria-hidden="true">
          ({groupIndian(count)})
        </span>
      )}
    </span>
  );
}
