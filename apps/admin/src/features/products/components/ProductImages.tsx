import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { uploadFailure } from '#admin/components/form/ImageInput.tsx';
import { uploadImage } from '#admin/lib/uploads.ts';

interface ProductImagesProps {
  id: string;
  /** Image URLs in order; the first is shown on product cards. */
  value: string[];
  onChange: (images: string[]) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  productName: string;
}

/** A product's photos: add several at once (uploaded as chosen), pick the main one, remove. */
export function ProductImages({ id, value, onChange, invalid, describedBy, productName }: ProductImagesProps) {
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setFailures([]);
    const added: string[] = [];
    const refused: string[] = [];
    for (const file of files) {
      try {
        added.push((await uploadImage(file)).url);
      } catch (error) {
        refused.push(`${file.name}: ${uploadFailure(error)}`);
      }
    }
    onChange([...value, ...added.filter((url) => !value.includes(url))]);
    setFailures(refused);
    setBusy(false);
  };

  const name = productName.trim() || 'the product';
  return (
    <div className={`product-images${invalid ? ' is-invalid' : ''}`}>
      {value.length > 0 && (
        <ul className="product-images__list list-unstyled">
          {value.map((url, index) => (
            <li key={url} className="product-images__item">
              <img src={url} alt={`${name}, view ${index + 1}`} />
              {index === 0 ? (
                <span className="badge text-bg-primary">Main photo</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => onChange([url, ...value.filter((other) => other !== url)])}
                >
                  Make main
                </Button>
              )}
              <Button
                size="sm"
                variant="link"
                className="text-danger"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onChange(value.filter((other) => other !== url))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label htmlFor={id} className={`btn btn-outline-primary btn-sm mb-0${busy ? ' pe-none' : ''}`}>
          Add photos
        </label>
        <input
          id={id}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={busy}
          aria-describedby={describedBy}
          onChange={add}
        />
        {busy && (
          <span role="status" className="d-inline-flex align-items-center gap-1 small">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Uploading…
          </span>
        )}
        {value.length === 0 && !busy && <span className="text-body-secondary small">No photos yet.</span>}
      </div>
      {failures.length > 0 && (
        <div className="invalid-feedback d-block" role="alert">
          {failures.map((failure) => (
            <div key={failure}>{failure}</div>
          ))}
        </div>
      )}
    </div>
  );
}
