import type { ReviewListAnswer } from '@kapaas/contract';
import { lazy, Suspense, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { Rating, reviewCountText } from '#storefront/components/product/Rating.tsx';
import { type ReviewSortChoice, useReviewList } from '../api/useReviews';
import { ReviewItem } from './ReviewItem';
import { fitSummaryText } from './reviewWords';

/** The review form brings zod and the form library: it loads when a shopper opens it. */
const ReviewForm = lazy(() => import('./ReviewForm').then((module) => ({ default: module.ReviewForm })));

const SORT_LABELS: Record<ReviewSortChoice, string> = { recent: 'Most recent', helpful: 'Most helpful' };

/**
 * The product page's reviews (its styles, reviews.css, are linked by the page so the server's HTML shows styled) (id `reviews`, which the rating beside the price links to): the average, how the stars
 * are spread and how the product fits, then the published reviews a page at a time; a buyer whose order was delivered
 * may write one, or edit theirs.
 */
export function ReviewsSection({ productId }: { productId: number }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSortChoice>('recent');
  const list = useReviewList(productId, page, sort);

  return (
    <section id="reviews" className="product-reviews" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Reviews
      </h2>
      {list.isPending ? (
        <LoadingState label="Loading reviews" />
      ) : list.isError ? (
        <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.count === 0 ? (
            <p className="product-reviews__none">No reviews yet.</p>
          ) : (
            <ReviewSummary answer={list.data} />
          )}
          {/* In one place whether or not there are reviews, so the thanks stay once the first review shows. */}
          <WriteReview productId={productId} answer={list.data} />
          {list.data.count > 0 && (
            <ReviewList
              answer={list.data}
              sort={sort}
              busy={list.isPlaceholderData}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              onPage={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}

interface ReviewListProps {
  answer: ReviewListAnswer;
  sort: ReviewSortChoice;
  busy: boolean;
  onSort: (sort: ReviewSortChoice) => void;
  onPage: (page: number) => void;
}

/** The sort, one page of reviews and the pager. */
function ReviewList({ answer, sort, busy, onSort, onPage }: ReviewListProps) {
  const sortId = useId();
  return (
    <>
      <div className="product-reviews__sort">
        <label htmlFor={sortId}>Sort reviews</label>
        <select
          id={sortId}
          className="form-select form-select-sm"
          value={sort}
          onChange={(event) => onSort(event.target.value as ReviewSortChoice)}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <ol className="product-reviews__list" aria-busy={busy}>
        {answer.reviews.map((review) => (
          <ReviewItem key={review.review_id} review={review} />
        ))}
      </ol>
      <ReviewPager page={answer.page} pages={answer.pages} onPage={onPage} />
    </>
  );
}

/** The average, the count, a bar per star count and, once enough buyers said, how the product fits. */
function ReviewSummary({ answer }: { answer: ReviewListAnswer }) {
  const average = answer.average ?? 0;
  return (
    <div className="review-summary">
      <div className="review-summary__average">
        <p className="review-summary__number" aria-hidden="true">
          {average.toFixed(1)}
        </p>
        <Rating value={average} count={answer.count} showValue={false} showCount={false} />
        <p className="review-summary__count" aria-hidden="true">
          {reviewCountText(answer.count)}
        </p>
      </div>
      <ul className="review-summary__bars" aria-label="How the stars are spread">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = answer.distribution[stars];
          const share = answer.count === 0 ? 0 : Math.round((count / answer.count) * 100);
          return (
            <li key={stars} className="review-summary__bar-row">
              <span className="visually-hidden">{`${stars} ${stars === 1 ? 'star' : 'stars'}: ${reviewCountText(count)}`}</span>
              <span aria-hidden="true" className="review-summary__bar-label">
                {stars}★
              </span>
              {/* Drawn, not styled: the page's Content-Security-Policy refuses style attributes (ADR 038). */}
              <svg
                aria-hidden="true"
                focusable="false"
                className="review-summary__bar"
                viewBox="0 0 100 1"
                preserveAspectRatio="none"
              >
                <rect className="review-summary__bar-fill" width={share} height="1" />
              </svg>
              <span aria-hidden="true" className="review-summary__bar-count">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
      {answer.fit && (
        <p className="review-summary__fit">
          <strong>{fitSummaryText(answer.fit.most)}</strong>
          <span className="text-body-secondary"> ({answer.fit.answers} buyers said how it fits)</span>
        </p>
      )}
    </div>
  );
}

/** Previous and Next between the pages of reviews. */
function ReviewPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="product-reviews__pager" aria-label="Pages of reviews">
      <Button variant="outline-primary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="outline-primary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        More reviews
      </Button>
    </nav>
  );
}

/**
 * "Write a review" (or "Edit your review") for a shopper the shop says may review the product, opening the form;
 * the shop's thanks once it is sent.
 */
function WriteReview({ productId, answer }: { productId: number; answer: ReviewListAnswer }) {
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState('');
  const formId = useId();
  return (
    <div className="product-reviews__write">
      <p role="status" className="product-reviews__thanks">
        {thanks}
      </p>
      {answer.can_review && (
        <Button
          variant={open ? 'outline-primary' : 'primary'}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => {
            setOpen((was) => !was);
            setThanks('');
          }}
        >
          {open ? 'Close the form' : answer.my_review ? 'Edit your review' : 'Write a review'}
        </Button>
      )}
      {answer.can_review && open && (
        <Suspense fallback={<LoadingState label="Loading the form" />}>
          <ReviewForm
            id={formId}
            productId={productId}
            myReview={answer.my_review}
            onDone={(message) => {
              setOpen(false);
              setThanks(message);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
