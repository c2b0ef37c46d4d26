import { useEffect, useState } from 'react';
import { adminFile, errorMessage } from '#admin/lib/api.ts';

interface ReturnPhotoProps {
  /** The photo's URL under /admin/api/ (return-photos/…), as the return's answer gives it. */
  url: string;
  alt: string;
}

/**
 * A photo a shopper sent with a return. It is private (it may show their home or child), so the API answers it only
 * with the staff's token, which an <img> or a link cannot send: it is fetched with the token and shown from memory,
 * and let go when the page leaves.
 */
export function ReturnPhoto({ url, alt }: ReturnPhotoProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let shown: string | undefined;
    setSrc(null);
    setProblem(null);
    adminFile(url, controller.signal).then(
      (blob) => {
        shown = URL.createObjectURL(blob);
        setSrc(shown);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem(errorMessage(error));
      },
    );
    return () => {
      controller.abort();
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [url]);

  if (problem) return <span className="text-body-secondary small">{`${alt}: ${problem}`}</span>;
  if (!src) return <span className="text-body-secondary small">Loading the photo…</span>;
  return (
    <a href={src} target="_blank" rel="noopener">
      <img src={src} alt={alt} width={120} height={120} className="rounded border object-fit-cover" />
    </a>
  );
}
