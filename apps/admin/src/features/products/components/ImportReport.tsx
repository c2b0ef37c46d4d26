import type { AdminImportReport } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { adminDownload } from '#admin/lib/api.ts';

const OUTCOMES = {
  created: <Badge bg="success">Created</Badge>,
  updated: <Badge bg="primary">Updated</Badge>,
  unchanged: <Badge bg="secondary">Unchanged</Badge>,
  error: <Badge bg="danger">Refused</Badge>,
} as const;

const n = (count: number) => count.toLocaleString('en-IN');
/** "1 product", "2 products". */
export const productsCount = (count: number) => `${n(count)} ${count === 1 ? 'product' : 'products'}`;

/** The totals in words: what the import did when it wrote, what it would do when it did not. */
function totalsText(report: AdminImportReport): string {
  const { totals, products } = report;
  const all = totals.created + totals.updated + totals.unchanged + totals.errors;
  const rows = `(${n(totals.errors)} of ${n(all)} rows refused)`;
  if (report.committed) {
    return `Imported: ${productsCount(products.created)} created, ${n(products.updated)} updated, ${n(products.unchanged)} unchanged, ${n(products.errors)} refused ${rows}.`;
  }
  const state = report.dry_run ? 'Dry run, nothing written' : 'Nothing written';
  return `${state}: ${productsCount(products.created)} to create, ${n(products.updated)} to update, ${n(products.unchanged)} unchanged, ${n(products.errors)} refused ${rows}.`;
}

/** Rows shown at once: the refused ones and those with a picture's error first, which are what the owner acts on. */
const SHOWN_ROWS = 500;

/** The server's report: the totals first, the refused rows' CSV to fix, then each row that has something to say. */
export function ImportReport({ report }: { report: AdminImportReport }) {
  const told = [...report.rows].sort((a, b) => b.errors.length - a.errors.length || a.row - b.row);
  const shown = told.filter((row) => row.errors.length > 0 || row.outcome !== 'unchanged').slice(0, SHOWN_ROWS);
  const link = report.rejected_csv;
  return (
    <section aria-label="Import report" className="mt-3">
      <p role="status" className="mb-2">
        {totalsText(report)}
      </p>
      {link && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mb-2"
          onClick={() => void adminDownload(link.replace('/admin/api/', ''), `kapaas-import-${report.id}-rejected.csv`)}
        >
          Download the refused rows (CSV)
        </Button>
      )}
      {report.rows_omitted > 0 && (
        <p className="small text-body-secondary mb-2">
          The table lists the rows to fix and the first of the others; {n(report.rows_omitted)} more rows with nothing
          to fix are counted in the totals above.
        </p>
      )}
      <div className="table-responsive">
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Handle</th>
              <th scope="col">Outcome</th>
              <th scope="col">What to fix</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.handle}</td>
                <td>{OUTCOMES[row.outcome]}</td>
                <td>
                  {row.errors.map((error) => (
                    <div key={`${error.column}:${error.message}`}>{error.message}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
