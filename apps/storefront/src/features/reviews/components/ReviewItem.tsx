import type { Review } from '@kapaas/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Rating } from '#storefront/components/product/Rating.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { useReviewHelpful } from '../api/useReviews';
import { FIT_LABELS, reviewDate } from './reviewWords';

/**
 * One published review: its stars, title and text (plain text, shown as written: nothing in it is read as markup or
 * made a link), the size bought and how it fitted, who wrote it, its photos and the "Helpful" vote.
 */
export function ReviewItem({ review }: { review: Review }) {
  const headingId = useId();
  const edited = review.updated_at !== review.created_at;
  return (
    <li className="review">
      <article aria-labelledby={headingId}>
        <Rating value={review.rating} size={16} showValue={false} />
        <h3 id={headingId} className="review__title">
          {review.title ?? <span className="visually-hidden">Review by {review.author}</span>}
        </h3>
        <p className="review__text">{review.text}</p>
        <p className="review__facts">
          <span>Size bought: {review.size}</span>
          <span>Fit: {FIT_LABELS[review.fit].toLowerCase()}</span>
        </p>
        {review.photos.length > 0 && <ReviewPhotos photos={review.photos} author={review.author} />}
        <p className="review__who">
          <span className="review__author">{review.author}</span>
          <span className="review__verified">Verified purchase</span>
          <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
          {edited && <span>(edited)</span>}
        </p>
        {review.mine ? (
          <p className="review__mine">Your review · found helpful by {review.helpful_count}</p>
        ) : (
          <HelpfulButton review={review} />
        )}
      </article>
    </li>
  );
}

/** "Helpful (n)": one vote per shopper; the count is the server's answer, and a refusal shows beside it. */
function HelpfulButton({ review }: { review: Review }) {
  const helpful = useReviewHelpful();
  const [count, setCount] = useState(review.helpful_count);
  const [voted, setVoted] = useState(false);
  const vote = () =>
    helpful.mutate(review.review_id, {
      onSuccess: (answer) => {
        setCount(answer.helpful_count);
        setVoted(true);
      },
    });
  return (
    <p className="review__helpful">
      <Button
        variant="outline-primary"
        size="sm"
        aria-pressed={voted}
        disabled={voted || helpful.isPending}
        onClick={vote}
      >
        Helpful ({count})
      </Button>
      <span role="status" className={helpful.isError ? 'text-danger' : 'text-body-secondary'}>
        {helpful.isError ? errorMessage(helpful.error) : voted ? 'Thank you for your vote.' : ''}
      </span>
    </p>
  );
}

/** A review's photos as thumbnails; each opens larger over the page. */
function ReviewPhotos({ photos, author }: { photos: string[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const titleId = useId();
  return (
    <>
      <ul className="review__photos">
        {photos.map((photo, index) => (
          <li key={photo}>
            <button
              type="button"
              className="review__photo"
              aria-label={`Open photo ${index + 1} from ${author}`}
              onClick={() => setOpen(index)}
            >
              <img src={photo} alt="" width={72} height={72} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <Modal show={open !== null} onHide={() => setOpen(null)} centered size="lg" aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={titleId}>
            Photo {(open ?? 0) + 1} of {photos.length} from {author}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {open !== null && (
            <img src={photos[open]} alt={`Shared by ${author} with the review`} className="review__photo-large" />
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}
