import { useId } from 'react';

/** The product page's rating is fixed at 3.5 stars (product.md §2, §9). */
export const PRODUCT_RATING = 3.5;
const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Five stars filled to the rating, read out as "Rated 3.5 out of 5". */
export function Rating({ value = PRODUCT_RATING }: { value?: number }) {
  const gradientPrefix = useId();
  return (
    <p className="rating" role="img" aria-label={`Rated ${value} out of 5`}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, value - index));
        const gradientId = `${gradientPrefix}-${index}`;
        return (
          <svg key={index} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
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
      <span className="rating__value" aria-hidden="true">
        {value}
      </span>
    </p>
  );
}
