import type { AdminEraseAnswer } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { adminDownload, adminRequest, errorMessage } from '#admin/lib/api.ts';
import { useAdminSession } from '#admin/lib/session.ts';

/** What an erased rights request's address becomes (docs/privacy.md, "Export and erasure"). */
const ERASED_ADDRESS = 'erased@invalid';

/**
 * The owner's export and erasure of a person (issue 35): on a rights request's page (`privacy-requests/<id>`) and on
 * a customer's page (`customers/<id>`). The copy downloads as JSON or as the readable summary; the erasure asks the
 * owner to type ERASE, and the server refuses it while an order of the person is open, naming the orders. Owners only:
 * staff see nothing here (the server refuses them anyway). Each run is in the audit log.
 */
export function PersonDataPanel({ base, who }: { base: string; who: string }) {
  const session = useAdminSession();
  const client = useQueryClient();
  const id = useId();
  const [confirm, setConfirm] = useState('');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: () => adminRequest<AdminEraseAnswer>('POST', `${base}/erase`, { body: { confirm } }),
    onSuccess: () => client.invalidateQueries(),
  });
  if (session?.admin.role !== 'owner') return null;
  // An erased request names no one any more: nothing is left to export or erase.
  if (who === ERASED_ADDRESS) return <p className="text-body-secondary mb-0">Erased: nothing of the person is left.</p>;
  const filename = (format: string) => `kapaas-data-${base.replace('/', '-')}.${format}`;
  const download = (format: 'json' | 'html') => {
    setDownloadError(null);
    adminDownload(`${base}/data`, filename(format), { format }).catch((error: unknown) =>
      setDownloadError(errorMessage(error)),
    );
  };
  return (
    <>
      <p className="small text-body-secondary">
        A copy of everything the shop keeps about {who}, or its erasure as docs/privacy.md says (invoices stay for GST,
        without the name). Both are recorded in the audit log.
      </p>
      <p className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" size="sm" onClick={() => download('json')}>
          Download data (JSON)
        </Button>
        <Button variant="outline-primary" size="sm" onClick={() => download('html')}>
          Download summary (HTML)
        </Button>
      </p>
      {downloadError && <Alert variant="danger">{downloadError}</Alert>}
      {erase.isSuccess ? (
        <Alert variant="success" role="status">
          {erase.data.message}
        </Alert>
      ) : (
        <form
          noValidate
          aria-label="Erase this person's data"
          onSubmit={(event) => {
            event.preventDefault();
            erase.mutate();
          }}
        >
          <label htmlFor={`${id}-confirm`} className="form-label">
            To erase {who}’s data, type ERASE
          </label>
          <input
            id={`${id}-confirm`}
            className={`form-control mb-2${erase.isError ? ' is-invalid' : ''}`}
            value={confirm}
            autoComplete="off"
            aria-invalid={erase.isError ? true : undefined}
            aria-describedby={erase.isError ? `${id}-error` : undefined}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {erase.isError && (
            <div id={`${id}-error`} className="invalid-feedback d-block mb-2">
              {errorMessage(erase.error)}
            </div>
          )}
          <Button type="submit" variant="danger" size="sm" disabled={erase.isPending || confirm.trim() !== 'ERASE'}>
            {erase.isPending ? 'Erasing…' : 'Erase their data'}
          </Button>
        </form>
      )}
    </>
  );
}
