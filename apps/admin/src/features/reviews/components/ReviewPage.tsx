import { type AdminReview, AdminReviewHideRequest } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { reviewPaths, useReview, useReviewVisibility } from '../api/useReviews';
import { FIT_LABELS, Stars } from './reviewWords';
import '../reviews.css';

/** One review as the buyer wrote it, with its photos, who wrote it on which order, and "Hide" or "Show again". */
export function ReviewPage() {
  const id = Number(useParams().id);
  const review = useReview(id);

  if (review.isPending) return <LoadingState label="Loading the review" />;
  if (review.isError) return <QueryErrorAlert error={review.error} onRetry={() => void review.refetch()} />;
  const r = review.data;

  return (
    <>
      <PageHeader
        title={`Review of ${r.product_name}`}
        back={{ to: reviewPaths.list, label: 'All reviews' }}
        actions={r.hidden ? <Badge bg="secondary">Hidden</Badge> : <Badge bg="success">Published</Badge>}
      />
      <div className="order-grid">
        <Card>
          <Card.Body>
            <h2 className="h6">Review</h2>
            <Stars rating={r.rating} />
            {r.title && <p className="fw-semibold mt-2 mb-1">{r.title}</p>}
            {/* Plain text as the buyer wrote it: nothing in it is read as markup. */}
            <p className="review-text mb-0">{r.text}</p>
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <h2 className="h6">{r.hidden ? 'Hidden from the product page' : 'On the product page'}</h2>
            <VisibilityPanel key={r.id} review={r} />
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <h2 className="h6">Details</h2>
            <dl className="details review-details">
              <dt>Product</dt>
              <dd>
                <Link to={paths.product(r.product_id)}>{r.product_name}</Link>
              </dd>
              <dt>Reviewer</dt>
              <dd>
                {r.author}
                <span className="d-block small text-body-secondary">{r.reviewer}</span>
              </dd>
              <dt>Order</dt>
              <dd>
                <Link to={paths.order(r.order_id)}>#{r.order_id}</Link>
              </dd>
              <dt>Size bought</dt>
              <dd>{r.size}</dd>
              <dt>Fit</dt>
              <dd>{FIT_LABELS[r.fit]}</dd>
              <dt>Found helpful</dt>
              <dd>{r.helpful_count}</dd>
              <dt>Written</dt>
              <dd>
                {formatDateTime(r.created_at)}
                {r.updated_at !== r.created_at && (
                  <span className="d-block small text-body-secondary">edited {formatDateTime(r.updated_at)}</span>
                )}
              </dd>
            </dl>
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Photos</h2>
            {r.photos.length === 0 ? (
              <p className="text-body-secondary mb-0">No photos.</p>
            ) : (
              <ul className="review-photos">
                {r.photos.map((photo, index) => (
                  <li key={photo}>
                    <a href={photo} target="_blank" rel="noreferrer">
                      <img src={photo} alt={`Sent with the review, ${index + 1} of ${r.photos.length}`} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card.Body>
        </Card>
      </div>
    </>
  );
}

/** "Hide" asks why (kept with the review and in the audit log); a hidden review can be shown again. */
function VisibilityPanel({ review }: { review: AdminReview }) {
  const visibility = useReviewVisibility(review.id);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminReviewHideRequest, { defaultValues: { reason: '' } });

  if (review.hidden) {
    return (
      <>
        {done && <Alert variant="success">{done}</Alert>}
        <p>
          Hidden {formatDateTime(review.hidden_at)}
          {review.hidden_reason && (
            <>
              : <q>{review.hidden_reason}</q>
            </>
          )}
        </p>
        {visibility.isError && <Alert variant="danger">{errorMessage(visibility.error)}</Alert>}
        <Button
          variant="outline-primary"
          disabled={visibility.isPending}
          onClick={() => {
            setDone(null);
            visibility.mutate(
              { hide: false },
              { onSuccess: () => setDone('The review is on the product page again.') },
            );
          }}
        >
          {visibility.isPending ? 'Showing…' : 'Show again'}
        </Button>
      </>
    );
  }

  const reasonId = `${id}-reason`;
  const error = errors.reason?.message ?? (visibility.isError ? errorMessage(visibility.error) : undefined);
  return (
    <form
      noValidate
      aria-label="Hide the review"
      onSubmit={handleSubmit(async ({ reason }) => {
        setDone(null);
        await visibility.mutateAsync({ hide: true, reason }).then(
          () => {
            reset();
            setDone('The review is hidden from the product page.');
          },
          () => undefined,
        );
      })}
    >
      {done && <Alert variant="success">{done}</Alert>}
      <p className="small text-body-secondary">
        A hidden review leaves the product page and its average. The buyer is not told; you can show it again.
      </p>
      <Field id={reasonId} label="Why hide it?" error={error}>
        <textarea
          id={reasonId}
          rows={3}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(reasonId, error)}
          {...register('reason')}
        />
      </Field>
      <Button type="submit" variant="danger" disabled={isSubmitting}>
        {isSubmitting ? 'Hiding…' : 'Hide'}
      </Button>
    </form>
  );
}
