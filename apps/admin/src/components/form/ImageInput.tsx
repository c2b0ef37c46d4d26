import { type ChangeEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError, errorMessage } from '../../lib/api';
import { uploadImage } from '../../lib/uploads';

interface ImageInputProps {
  id: string;
  /** The image's URL (/media/…), or '' for none. */
  value: string;
  onChange: (url: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** What the picture is of, for its alt text: "Banner image". */
  label: string;
}

/** The message of a refused upload: the server's word on the file, else its general message. */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) return error.errors.file?.[0] ?? error.message;
  return errorMessage(error);
}

/** One image: shows it, and replaces it with a photo chosen from the computer (uploaded at once). */
export function ImageInput({ id, value, onChange, invalid, describedBy, label }: ImageInputProps) {
  const statusId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await uploadImage(file);
      onChange(answer.url);
    } catch (error) {
      setFailure(uploadFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="image-input">
      <div className={`image-input__preview${invalid ? ' is-invalid' : ''}`}>
        {value ? <img src={value} alt={label} /> : <span className="text-body-secondary small">No image yet</span>}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label className={`btn btn-outline-primary btn-sm mb-0${busy ? ' pe-none' : ''}`} htmlFor={id}>
          {value ? 'Replace image' : 'Upload image'}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={busy}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, failure ? statusId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={choose}
        />
        {value && (
          <Button variant="link" size="sm" className="text-danger" onClick={() => onChange('')} disabled={busy}>
            Remove
          </Button>
        )}
        {busy && (
          <span role="status" className="d-inline-flex align-items-center gap-1 small">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Uploading…
          </span>
        )}
      </div>
      <div className="form-text">JPEG, PNG or WebP, at most 8 MB.</div>
      {failure && (
        <div id={statusId} className="invalid-feedback d-block" role="alert">
          {failure}
        </div>
      )}
    </div>
  );
}
