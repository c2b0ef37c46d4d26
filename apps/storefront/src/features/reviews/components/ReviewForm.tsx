import { MAX_SHOPPER_PHOTOS, type Review, ReviewAddRequest, type ReviewFit } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { type ChangeEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { FieldPath } from 'react-hook-form';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { uploadPhoto } from '#storefront/lib/uploadPhoto.ts';
import { useReviewAdd } from '../api/useReviews';
import { FIT_CHOICES, FIT_LABELS } from './reviewWords';

const TEXT_MAX = 2000;

/** What the form's inputs hold: text as typed, the stars and fit as the radios' values, the photos' URLs. */
interface ReviewValues {
  rating: string;
  title: string;
  text: string;
  fit: ReviewFit | '';
  photos: string[];
}

/** Where a problem of the body shows: a photo's on the photos field, the rest on the field of its name. */
function fieldOf(path: string): string {
  if (path.startsWith('photos')) return 'photos';
  return ['rating', 'title', 'text', 'fit'].includes(path) ? path : '';
}

interface ReviewFormProps {
  id: string;
  productId: number;
  /** The shopper's review of the product, to edit; null to write one. */
  myReview: Review | null;
  /** After the shop took it: its words ("Thank you…"). */
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * The review form: 1 to 5 stars, an optional title, the text (10 to 2,000 characters, counted), how it fits, and up
 * to three photos sent ahead with photo_upload. Checked with the server's own rules, then sent with review_add; each
 * refusal shows beside its field.
 */
export function ReviewForm({ id, productId, myReview, onDone, onCancel }: ReviewFormProps) {
  const ids = useId();
  const add = useReviewAdd(productId);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useZodForm<ReviewValues, typeof ReviewAddRequest>(ReviewAddRequest, {
    defaultValues: {
      rating: myReview ? String(myReview.rating) : '',
      title: myReview?.title ?? '',
      text: myReview?.text ?? '',
      fit: myReview?.fit ?? '',
      photos: myReview?.photos ?? [],
    },
    toBody: (values) => ({
      product_id: productId,
      rating: values.rating === '' ? undefined : Number(values.rating),
      ...(values.title.trim() === '' ? {} : { title: values.title }),
      text: values.text,
      fit: values.fit === '' ? undefined : values.fit,
      photos: values.photos,
    }),
    fieldOf,
  });
  const rating = Number(watch('rating') || 0);
  const text = watch('text');
  const photos = watch('photos');

  const onSubmit = async (review: ReturnType<typeof ReviewAddRequest.parse>) => {
    try {
      const answer = await add.mutateAsync(review);
      onDone(answer.message);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.entries(error.errors) : [];
      let shown = false;
      for (const [path, messages] of fieldErrors) {
        const field = fieldOf(path);
        if (field === '' || !messages[0]) continue;
        setError(field as FieldPath<ReviewValues>, { message: messages[0] });
        shown = true;
      }
      if (!shown) setError('root.form', { message: errorMessage(error) });
    }
  };

  const errorId = (field: string) => `${ids}-${field}-error`;
  const described = (field: keyof ReviewValues, ...more: string[]) => {
    const list = [...(errors[field] ? [errorId(field)] : []), ...more];
    return list.length > 0 ? list.join(' ') : undefined;
  };
  const fieldError = (field: keyof ReviewValues) =>
    errors[field]?.message ? (
      <p id={errorId(field)} className="review-form__error">
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <form
      id={id}
      noValidate
      className="review-form"
      aria-label={myReview ? 'Edit your review' : 'Write a review'}
      onSubmit={handleSubmit(onSubmit)}
    >
      <div
        className="review-form__stars"
        role="radiogroup"
        aria-labelledby={`${ids}-rating-label`}
        aria-invalid={errors.rating !== undefined}
        aria-describedby={described('rating')}
      >
        <p id={`${ids}-rating-label`} className="form-label">
          Your rating
        </p>
        <div className="review-form__star-row">
          {[1, 2, 3, 4, 5].map((stars) => (
            <span key={stars}>
              <input
                type="radio"
                className="btn-check"
                id={`${ids}-star-${stars}`}
                value={String(stars)}
                {...register('rating')}
              />
              <label htmlFor={`${ids}-star-${stars}`} className={`review-form__star${stars <= rating ? ' is-on' : ''}`}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{`${stars} ${stars === 1 ? 'star' : 'stars'}`}</span>
              </label>
            </span>
          ))}
        </div>
        {fieldError('rating')}
      </div>

      <div className="mb-3">
        <label htmlFor={`${ids}-title`} className="form-label">
          Title <span className="text-body-secondary">(optional)</span>
        </label>
        <input
          id={`${ids}-title`}
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          maxLength={120}
          aria-invalid={errors.title !== undefined}
          aria-describedby={described('title')}
          {...register('title')}
        />
        {fieldError('title')}
      </div>

      <div className="mb-3">
        <label htmlFor={`${ids}-text`} className="form-label">
          Your review
        </label>
        <textarea
          id={`${ids}-text`}
          rows={5}
          className={`form-control${errors.text ? ' is-invalid' : ''}`}
          aria-invalid={errors.text !== undefined}
          aria-describedby={described('text', `${ids}-text-count`)}
          {...register('text')}
        />
        <p id={`${ids}-text-count`} className={`review-form__count${text.length > TEXT_MAX ? ' text-danger' : ''}`}>
          {text.length.toLocaleString('en-IN')} of {TEXT_MAX.toLocaleString('en-IN')} characters (at least 10)
        </p>
        {fieldError('text')}
      </div>

      <fieldset className="mb-3" aria-invalid={errors.fit !== undefined} aria-describedby={described('fit')}>
        <legend className="form-label">How does it fit?</legend>
        {FIT_CHOICES.map((fit) => (
          <div className="form-check form-check-inline" key={fit}>
            <input
              type="radio"
              className="form-check-input"
              id={`${ids}-fit-${fit}`}
              value={fit}
              {...register('fit')}
            />
            <label className="form-check-label" htmlFor={`${ids}-fit-${fit}`}>
              {FIT_LABELS[fit]}
            </label>
          </div>
        ))}
        {fieldError('fit')}
      </fieldset>

      <PhotoField
        ids={ids}
        productId={productId}
        photos={photos}
        errorId={errors.photos ? errorId('photos') : undefined}
        error={errors.photos?.message}
        onChange={(next) => {
          clearErrors('photos');
          setValue('photos', next);
        }}
        onError={(message) => setError('photos', { message })}
      />

      {errors.root?.form && (
        <p className="review-form__error" role="alert">
          {errors.root.form.message}
        </p>
      )}
      <div className="review-form__actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : myReview ? 'Save your review' : 'Publish review'}
        </Button>
        <Button variant="link" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface PhotoFieldProps {
  ids: string;
  /** The product reviewed: the server takes a photo only from a shopper who received it. */
  productId: number;
  photos: string[];
  errorId: string | undefined;
  error: string | undefined;
  onChange: (photos: string[]) => void;
  onError: (message: string) => void;
}

/** Up to three photos: each chosen file goes to photo_upload at once, then shows as a preview with Remove. */
function PhotoField({ ids, productId, photos, errorId, error, onChange, onError }: PhotoFieldProps) {
  const [uploading, setUploading] = useState(false);
  const room = MAX_SHOPPER_PHOTOS - photos.length;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (files.length > room) onError(`At most ${MAX_SHOPPER_PHOTOS} photos.`);
    setUploading(true);
    let next = photos;
    try {
      for (const file of files.slice(0, room)) {
        next = [...next, await uploadPhoto(file, { purpose: 'review', product_id: productId })];
        onChange(next);
      }
    } catch (failure) {
      onError(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="mb-3 review-form__photos" aria-describedby={errorId}>
      <legend className="form-label">
        Photos <span className="text-body-secondary">(optional, up to {MAX_SHOPPER_PHOTOS})</span>
      </legend>
      {photos.length > 0 && (
        <ul className="review-form__previews">
          {photos.map((photo, index) => (
            <li key={photo}>
              <img src={photo} alt={`Your upload ${index + 1}`} width={88} height={88} />
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() => onChange(photos.filter((kept) => kept !== photo))}
              >
                Remove photo {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <>
          <label htmlFor={`${ids}-photos`} className="visually-hidden">
            Add photos
          </label>
          <input
            id={`${ids}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-invalid={error !== undefined}
            aria-describedby={errorId}
            disabled={uploading}
            onChange={(event) => void choose(event)}
          />
        </>
      )}
      {uploading && (
        <p className="text-body-secondary small mb-0" role="status">
          Uploading…
        </p>
      )}
      {error && (
        <p id={errorId} className="review-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
