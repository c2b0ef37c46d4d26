import type { AdminBulkKind, AdminBulkPreviewAnswer } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '#admin/lib/paths.ts';
import { bulkStateText } from './bulkAction';

type Preview = AdminBulkPreviewAnswer['data'];

interface BulkPreviewTableProps {
  preview: Preview;
  kind: AdminBulkKind;
  nameOf: { category(id: number): string; subcategory(id: number): string };
  applying: boolean;
  onApply: () => void;
}

const OUTCOMES = {
  change: <Badge bg="primary">Changes</Badge>,
  unchanged: <Badge bg="secondary">Unchanged</Badge>,
  refused: <Badge bg="danger">Refused</Badge>,
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The server's preview: the counts, then each product's before and after (refused rows first, with why), and Apply. */
export function BulkPreviewTable({ preview, kind, nameOf, applying, onApply }: BulkPreviewTableProps) {
  const shown = preview.rows.length;
  return (
    <section aria-label="Preview" className="bulk-preview">
      <p className="mb-2" role="status">
        {plural(preview.selected, 'product')}: {preview.changed.toLocaleString('en-IN')} will change,{' '}
        {preview.unchanged.toLocaleString('en-IN')} unchanged, {preview.refused.toLocaleString('en-IN')} refused.
        {shown < preview.selected && ` The first ${shown.toLocaleString('en-IN')} are shown.`}
      </p>
      <div className="table-responsive">
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={paths.product(row.id)}>{row.name}</Link>
                </td>
                <td>{bulkStateText(row.before, kind, nameOf)}</td>
                <td className={row.outcome === 'change' ? 'fw-semibold' : undefined}>
                  {bulkStateText(row.after, kind, nameOf)}
                </td>
                <td>
                  {OUTCOMES[row.outcome]}
                  {row.reason && <span className="d-block small text-danger">{row.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Button variant="primary" disabled={applying || preview.changed === 0} onClick={onApply}>
        {applying ? 'Applying…' : `Apply to ${plural(preview.changed, 'product')}`}
      </Button>
    </section>
  );
}
