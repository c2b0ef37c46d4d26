import { MAX_SHOPPER_PHOTOS } from '@kapaas/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage } from '#storefront/lib/api.ts';
import { uploadPhoto } from '#storefront/lib/uploadPhoto.ts';

interface ReturnPhotosProps {
  /** The delivered order the return is for: the server takes photos only for it, and keeps them private. */
  orderId: number;
  photos: string[];
  onChange: (photos: string[]) => void;
  /** The form's problem with the photos (the server's). */
  error?: string | undefined;
  disabled?: boolean;
}

/** Up to three photos of what is wrong, each uploaded as it is chosen, shown small with a Remove button. */
export function ReturnPhotos({ orderId, photos, onChange, error, disabled = false }: ReturnPhotosProps) {
  const ids = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const full = photos.length >= MAX_SHOPPER_PHOTOS;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []).slice(0, MAX_SHOPPER_PHOTOS - photos.length);
    input.value = '';
    if (files.length === 0) return;
    setUploadError(null);
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of files) added.push(await uploadPhoto(file, { purpose: 'return', order_id: orderId }));
    } catch (failure) {
      setUploadError(`The photo could not be added: ${errorMessage(failure)}`);
    } finally {
      setUploading(false);
      if (added.length > 0) onChange([...photos, ...added]);
    }
  };

  const problem = uploadError ?? error;
  return (
    <fieldset className="return-photos" aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}>
      <legend className="form-label return-legend">Photos (optional)</legend>
      <p id={`${ids}-hint`} className="form-text mt-0">
        Up to {MAX_SHOPPER_PHOTOS} photos (JPEG, PNG or WebP), for example of a fault. Only you and the shop can see
        them.
      </p>
      {photos.length > 0 && (
        <ul className="return-photos__list">
          {photos.map((url, index) => (
            <li key={url}>
              <img src={url} alt={`Attachment ${index + 1}`} width={96} height={96} />
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                aria-label={`Remove photo ${index + 1}`}
                disabled={disabled}
                onClick={() => onChange(photos.filter((photo) => photo !== url))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div>
          <input
            id={`${ids}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="visually-hidden"
            disabled={disabled || uploading}
            onChange={(event) => void choose(event)}
          />
          <label htmlFor={`${ids}-file`} className="btn btn-outline-primary btn-sm return-photos__add">
            {uploading ? 'Adding the photo…' : 'Add a photo'}
          </label>
        </div>
      )}
      {uploading && (
        <p role="status" className="visually-hidden">
          Adding the photo…
        </p>
      )}
      {problem && (
        <div id={`${ids}-error`} className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      )}
    </fieldset>
  );
}
