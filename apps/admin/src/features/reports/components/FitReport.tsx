import type { FitReport as FitReportData, FitReportRow, FitReportSort, FitSizeRow } from '@kapaas/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '#admin/components/Pager.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { paths } from '#admin/lib/paths.ts';
import { useReport } from '../api/useReport';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';

const PER_PAGE = 25;

/** The buyers' fit answers in a few words: "3 small · 10 true · 1 large". */
function fitWords(fit: FitReportRow['fit']): string {
  const { runs_small: small, true_to_size: fits, runs_large: large } = fit;
  if (small + fits + large === 0) return '';
  return `${small} small · ${fits} true · ${large} large`;
}

const FLAG_WORDS = { runs_small: 'Runs small', runs_large: 'Runs large' } as const;

/** The columns a product and a size share: what was delivered, what came back for its size, the fit, the advice. */
function figureColumns<Row extends FitSizeRow | FitReportRow>(sortable: boolean): ReportColumn<Row>[] {
  const sort = (key: string) => (sortable ? { sortKey: key } : {});
  return [
    { label: 'Delivered', kind: 'count', value: (row) => row.delivered, ...sort('delivered') },
    { label: 'Returned (size)', kind: 'count', value: (row) => row.returned },
    { label: 'Exchanged (size)', kind: 'count', value: (row) => row.exchanged },
    { label: 'Size return rate', kind: 'rate', value: (row) => row.size_return_rate, ...sort('size_return_rate') },
    { label: 'Too small', kind: 'count', value: (row) => row.too_small },
    { label: 'Too big', kind: 'count', value: (row) => row.too_big },
    { label: 'Fit answers', kind: 'text', value: (row) => fitWords(row.fit) },
    { label: 'Advised', kind: 'count', value: (row) => row.advices, ...sort('advices') },
    { label: 'Advice bought', kind: 'count', value: (row) => row.advice_bought },
    { label: 'Advice kept', kind: 'count', value: (row) => row.advice_kept },
    { label: 'Advice kept share', kind: 'rate', value: (row) => row.advice_kept_share, ...sort('advice_kept_share') },
  ];
}

const PRODUCT_COLUMNS: ReportColumn<FitReportRow>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name, sortKey: 'name' },
  ...figureColumns<FitReportRow>(true),
  { label: 'Flag', kind: 'text', value: (row) => (row.flag ? FLAG_WORDS[row.flag] : '') },
];

type SizeLine = FitSizeRow & { product: string; product_id: number };

const SIZE_COLUMNS: ReportColumn<SizeLine>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.product },
  { label: 'Size', kind: 'text', value: (row) => row.size },
  ...figureColumns<SizeLine>(false),
];

/** Why a product is flagged: "most reviews" and/or "most pieces sent back for their size". */
function basisWords(row: FitReportRow): string {
  const said = row.flag_basis.map((basis) =>
    basis === 'reviews' ? 'most fit answers in the reviews' : 'most pieces sent back for their size',
  );
  return said.join(' and ');
}

/** The flagged products of the page, each with its suggested correction and a link to its chart's editor. */
function Flagged({ rows }: { rows: FitReportRow[] }) {
  const flagged = rows.filter((row) => row.flag !== null);
  return (
    <section className="report-section mb-4" aria-label="Runs small or large">
      <div className="report-section__bar">
        <h2 className="h5 mb-0 me-auto">Runs small or large</h2>
      </div>
      {flagged.length === 0 ? (
        <p className="text-body-secondary my-3">No product on this page runs small or large.</p>
      ) : (
        <ul className="list-unstyled mb-0 fit-flags">
          {flagged.map((row) => (
            <li key={row.product_id} className="fit-flag">
              <h3 className="h6 mb-1">
                {row.name}: <span className="badge text-bg-warning">{row.flag ? FLAG_WORDS[row.flag] : ''}</span>
              </h3>
              <p className="mb-1 small text-body-secondary">Said by {basisWords(row)}.</p>
              {row.correction && <p className="mb-1">{row.correction.words}</p>}
              <Link to={paths.product(row.product_id)}>Open {row.name}’s size chart</Link>
              {row.correction?.chart === 'category' && (
                <>
                  {' · '}
                  <Link to={paths.sizeCharts}>Its category’s chart (Catalogue → Size charts)</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Fit (issue 38, ADR 061): per product and size, the pieces delivered and those sent back too small or too big, the
 * reviews' fit answers and the "find my size" advice kept; the products that run small or large with the chart
 * correction suggested, and a link to the chart. Sorted by the size return rate unless the owner sorts otherwise.
 */
export function FitReport({ period }: { period: Period }) {
  const [sort, setSort] = useState<FitReportSort>('size_return_rate');
  // The page resets when the period changes, as it does on a new search or sort.
  const periodKey = `${period.from}/${period.to}`;
  const [paging, setPaging] = useState({ periodKey, page: 1 });
  const page = paging.periodKey === periodKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ periodKey, page: next });
  const [q, setQ] = useState('');
  const query = useReport<FitReportData>('fit', { ...period, sort, page, per_page: PER_PAGE, q });
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          value={q}
          label="Search products"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
      </div>
      <ReportQuery query={query} label="Loading the fit report">
        {(data) => (
          <>
            <Flagged rows={data.rows} />
            <ReportSection
              title="Fit by product"
              csvName="fit-products"
              period={period}
              columns={PRODUCT_COLUMNS}
              rows={data.rows}
              rowKey={(row) => String(row.product_id)}
              empty={q ? `Nothing matches “${q}”.` : 'No product was delivered or advised in this period.'}
              sorting={{
                sort,
                onSort: (next) => {
                  setSort(next as FitReportSort);
                  setPage(1);
                },
              }}
              footer={<Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />}
            />
            <ReportSection
              title="Fit by size"
              csvName="fit-sizes"
              period={period}
              columns={SIZE_COLUMNS}
              rows={data.rows.flatMap((row) =>
                row.sizes.map((size) => ({ ...size, product: row.name, product_id: row.product_id })),
              )}
              rowKey={(row) => `${row.product_id}-${row.size_id}`}
              empty="No sizes on this page."
            />
          </>
        )}
      </ReportQuery>
    </>
  );
}
