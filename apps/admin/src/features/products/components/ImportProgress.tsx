import type { AdminImportProgress } from '@kapaas/contract';

const n = (count: number) => count.toLocaleString('en-IN');

/** What the server says it is doing, in words: "12,000 of 50,000 rows checked". */
export function progressText(progress: AdminImportProgress | null, dryRun: boolean): string {
  if (progress === null) return dryRun ? 'Sending the file to be checked…' : 'Sending the file to be imported…';
  const { phase, rows_done: done, rows_total: total } = progress;
  const of = total === null ? n(done) : `${n(done)} of ${n(total)}`;
  if (phase === 'reading') return `Reading the file: ${n(done)} rows read`;
  if (phase === 'checking') return `${of} rows checked`;
  if (phase === 'pictures') return `Taking the pictures: ${of} rows done`;
  if (phase === 'writing') return `${of} rows written`;
  return 'Finishing…';
}

/**
 * The import's progress while the POST is in flight: a Bootstrap progress bar named "Import progress" whose value is
 * the rows done of the phase's rows (no value while the file is sent or read: the total is not known yet), and the
 * same in words beside it.
 */
export function ImportProgress({ progress, dryRun }: { progress: AdminImportProgress | null; dryRun: boolean }) {
  const text = progressText(progress, dryRun);
  const total = progress?.rows_total ?? null;
  const known = progress !== null && total !== null && total > 0 && progress.phase !== 'reading';
  const percent = known ? Math.min(100, Math.round((progress.rows_done / total) * 100)) : 100;
  const value = known
    ? { 'aria-valuenow': progress.rows_done, 'aria-valuemin': 0, 'aria-valuemax': total }
    : { 'aria-busy': true };
  return (
    <div className="mt-3">
      <div className="progress" role="progressbar" aria-label="Import progress" aria-valuetext={text} {...value}>
        {/* Keyed by whether the value is known: the bar must not shrink in view from the full striped width. */}
        <div
          key={known ? 'value' : 'busy'}
          className={`progress-bar${known ? '' : ' progress-bar-striped progress-bar-animated'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="small text-body-secondary mt-1 mb-0" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
