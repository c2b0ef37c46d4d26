import type { AdminReview } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { reviewPaths, useReviewList } from '../api/useReviews';
import { excerpt, FIT_LABELS, Stars } from './reviewWords';
import '../reviews.css';

const REVIEW_HEADINGS: ListHeading[] = [
  { header: 'Review' },
  { header: 'Stars' },
  { header: 'Reviewer', className: 'd-none d-md-table-cell' },
  { header: 'Size and fit', className: 'd-none d-lg-table-cell' },
  { header: 'Written', className: 'd-none d-sm-table-cell' },
  { header: 'Status', className: 'd-none d-sm-table-cell' },
];

/** The filter's choices: published (on the product page) or hidden by the shop. */
const VISIBILITY_CHOICES = [
  { value: 'false', label: 'Published' },
  { value: 'true', label: 'Hidden' },
];

/**
 * Every review buyers wrote, newest first: by published or hidden, by stars, or by words (product, reviewer, text).
 * Each opens on its own page, with its photos and "Hide" or "Show again".
 */
export function ReviewsPage() {
  const { page, q, filters, query, change } = useListParams(['hidden', 'rating']);
  const list = useReviewList(query);

  return (
    <>
      <PageHeader title="Reviews" />
      <div className="list-tools">
        <SearchBox
          value={q}
          label="Search by product, reviewer’s name or words"
          onSearch={(text) => change({ q: text })}
        />
        <select
          className="form-select list-tools__filter"
          aria-label="Published or hidden"
          value={filters.hidden}
          onChange={(event) => change({ hidden: event.target.value })}
        >
          <option value="">Published and hidden</option>
          {VISIBILITY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <select
          className="form-select list-tools__filter"
          aria-label="Stars"
          value={filters.rating}
          onChange={(event) => change({ rating: event.target.value })}
        >
          <option value="">Any stars</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={String(stars)}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </div>
      <ListResults
        list={list}
        noun="reviews"
        empty="No reviews here."
        headings={REVIEW_HEADINGS}
        tableClassName="reviews-table"
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(review) => <ReviewRow key={review.id} review={review} />}
      />
    </>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  return (
    <tr>
      <td className="reviews-table__text">
        <Link to={reviewPaths.review(review.id)} className="fw-semibold">
          {review.product_name}
        </Link>
        <span className="d-block">
          {review.title && <strong>{review.title}: </strong>}
          {excerpt(review.text)}
        </span>
        {review.photos.length > 0 && (
          <span className="d-block small text-body-secondary">
            {review.photos.length} {review.photos.length === 1 ? 'photo' : 'photos'}
          </span>
        )}
        {/* On a phone the reviewer, the date and the status sit under the text, their columns hidden. */}
        <span className="d-block d-md-none small text-body-secondary">
          {`${review.author} · ${review.reviewer} · ${formatDateTime(review.created_at)}`}
        </span>
        <span className="d-block d-sm-none">
          <ReviewStatus review={review} />
        </span>
      </td>
      <td>
        <Stars rating={review.rating} />
      </td>
      <td className="d-none d-md-table-cell">
        {review.author}
        <span className="d-block small text-body-secondary">{review.reviewer}</span>
      </td>
      <td className="d-none d-lg-table-cell">
        {review.size}
        <span className="d-block small text-body-secondary">{FIT_LABELS[review.fit]}</span>
      </td>
      <td className="d-none d-sm-table-cell">{formatDateTime(review.created_at)}</td>
      <td className="d-none d-sm-table-cell">
        <ReviewStatus review={review} />
      </td>
    </tr>
  );
}

/** Published, or hidden with the reason the shop gave. */
function ReviewStatus({ review }: { review: AdminReview }) {
  if (!review.hidden) return <Badge bg="success">Published</Badge>;
  return (
    <>
      <Badge bg="secondary">Hidden</Badge>
      {review.hidden_reason && <span className="d-block small text-body-secondary">{review.hidden_reason}</span>}
    </>
  );
}
