import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { adminDownload, errorMessage, type QueryParams } from '../lib/api';

interface DownloadButtonProps {
  label: string;
  /** Under /admin/api/. */
  path: string;
  filename: () => string;
  /** Filters sent along (the list's current ones). */
  query?: QueryParams;
  /** A JSON body: the file is asked for with a POST (what the owner chose, say). */
  body?: unknown;
}

/** A button that downloads a file of the admin API, and says so when it cannot. */
export function DownloadButton({ label, path, filename, query, body }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await adminDownload(path, filename(), query, body);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline-primary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing the file…' : label}
      </Button>
      {problem && (
        <span role="alert" className="text-danger small">
          {problem}
        </span>
      )}
    </>
  );
}
