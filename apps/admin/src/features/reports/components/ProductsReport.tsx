import type { ProductReportRow, ProductReportSort, ProductsReport as ProductsReportData } from '@kapaas/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { Pager } from '#admin/components/Pager.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { useReport } from '../api/useReport';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';

type By = 'product' | 'category';
const PER_PAGE = 25;

/** The buyers' fit answers in a few words: "3 small · 10 true · 1 large". */
function fitSummary(row: ProductReportRow): string {
  const { runs_small: small, true_to_size: fits, runs_large: large } = row.fit;
  if (small + fits + large === 0) return '';
  return `${small} small · ${fits} true · ${large} large`;
}

function productColumns(by: By): ReportColumn<ProductReportRow>[] {
  const columns: ReportColumn<ProductReportRow>[] = [
    { label: by === 'product' ? 'Product' : 'Category', kind: 'text', value: (row) => row.name, sortKey: 'name' },
  ];
  if (by === 'product') columns.push({ label: 'Category', kind: 'text', value: (row) => row.category ?? '' });
  columns.push(
    { label: 'Views', kind: 'count', value: (row) => row.views, sortKey: 'views' },
    { label: 'Add to carts', kind: 'count', value: (row) => row.add_to_carts, sortKey: 'add_to_carts' },
    { label: 'Checkouts', kind: 'count', value: (row) => row.checkouts },
    { label: 'Orders', kind: 'count', value: (row) => row.orders, sortKey: 'orders' },
    { label: 'Units', kind: 'count', value: (row) => row.units, sortKey: 'units' },
    { label: 'Revenue', kind: 'rupees', value: (row) => row.revenue, sortKey: 'revenue' },
    { label: 'Conversion', kind: 'rate', value: (row) => row.conversion, sortKey: 'conversion' },
    { label: 'Returns', kind: 'count', value: (row) => row.returns, sortKey: 'returns' },
    { label: 'Exchanges', kind: 'count', value: (row) => row.exchanges },
    { label: 'Return rate', kind: 'rate', value: (row) => row.return_rate, sortKey: 'return_rate' },
    { label: 'Rating', kind: 'number', value: (row) => row.rating },
    { label: 'Fit', kind: 'text', value: fitSummary },
  );
  return columns;
}

/** Per product or per category. */
function BySwitch({ by, onChange }: { by: By; onChange: (next: By) => void }) {
  return (
    <ButtonGroup size="sm" aria-label="Rows per">
      {(['product', 'category'] as const).map((one) => (
        <Button
          key={one}
          variant="outline-secondary"
          active={by === one}
          aria-pressed={by === one}
          onClick={() => onChange(one)}
        >
          {one === 'product' ? 'Per product' : 'Per category'}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/**
 * Products: the funnel (views, add-to-carts, checkouts), orders, units, revenue, conversion, returns, rating and fit
 * per product or category, sorted and searched by the API a page at a time.
 */
export function ProductsReport({ period }: { period: Period }) {
  const [sort, setSort] = useState<ProductReportSort>('revenue');
  // The page resets when the period changes, as it does on a new search, sort or grouping.
  const periodKey = `${period.from}/${period.to}`;
  const [paging, setPaging] = useState({ periodKey, page: 1 });
  const page = paging.periodKey === periodKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ periodKey, page: next });
  const [q, setQ] = useState('');
  const [by, setBy] = useState<By>('product');
  const query = useReport<ProductsReportData>('products', { ...period, sort, page, per_page: PER_PAGE, q, by });
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          value={q}
          label={by === 'product' ? 'Search products' : 'Search categories'}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <BySwitch
          by={by}
          onChange={(next) => {
            setBy(next);
            setPage(1);
          }}
        />
      </div>
      <ReportQuery query={query} label="Loading the products report">
        {(data) => (
          <ReportSection
            title={by === 'product' ? 'Products' : 'Categories'}
            csvName={by === 'product' ? 'products' : 'categories'}
            period={period}
            columns={productColumns(by)}
            rows={data.rows}
            rowKey={(row, index) => `${row.product_id ?? row.name}-${index}`}
            empty={q ? `Nothing matches “${q}”.` : 'No products in this period.'}
            sorting={{
              sort,
              onSort: (next) => {
                setSort(next as ProductReportSort);
                setPage(1);
              },
            }}
            footer={<Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />}
          />
        )}
      </ReportQuery>
    </>
  );
}
