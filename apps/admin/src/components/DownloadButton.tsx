import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { adminDownload, errorMessage } from '../lib/api';

interface DownloadButtonProps {
  label: string;
  /** Under /admin/api/. */
  path: string;
  filename: () => string;
}

/** A button that downloads a file of the admin API, and says so when it cannot. */
export function DownloadButton({ label, path, filename }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await adminDownload(path, filename());
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
