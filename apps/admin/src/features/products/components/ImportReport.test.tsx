import type { AdminImportReport } from '@kapaas/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportReport } from './ImportReport';

/** A big file's dry run: 1,200 rows, 12 refused, the answer listing 1,000 of them (ADR 064, "Second pass"). */
const bigReport = (): AdminImportReport => ({
  totals: { created: 1_188, updated: 0, unchanged: 0, errors: 12 },
  products: { created: 1_188, updated: 0, unchanged: 0, errors: 12 },
  id: 9,
  dry_run: true,
  committed: false,
  format: 'shopify',
  rejected_csv: '/admin/api/imports/9/rejected.csv',
  rows: [
    { row: 2, handle: 'big-0', outcome: 'created', errors: [] },
    {
      row: 101,
      handle: 'big-99',
      outcome: 'error',
      errors: [{ column: 'Variant Price', message: "Variant Price: 'abc' is not an amount." }],
    },
  ],
  rows_omitted: 200,
});

describe('the import report of a big file', () => {
  it('counts the rows from the totals, not from the rows listed, and says how many are only counted', () => {
    render(<ImportReport report={bigReport()} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dry run, nothing written: 1,188 products to create, 0 to update, 0 unchanged, 12 refused (12 of 1,200 rows refused).',
    );
    expect(screen.getByText(/200 more rows with nothing to fix are counted in the totals above/)).toBeInTheDocument();
    expect(screen.getByText("Variant Price: 'abc' is not an amount.")).toBeInTheDocument();
  });

  it('says nothing of omitted rows when every row is listed', () => {
    render(<ImportReport report={{ ...bigReport(), rows_omitted: 0 }} />);
    expect(screen.queryByText(/more rows with nothing to fix/)).toBeNull();
  });
});
