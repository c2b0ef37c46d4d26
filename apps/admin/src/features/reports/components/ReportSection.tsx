import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { csvFileName, downloadCsv, type ReportColumn, toCsv } from '../lib/columns';
import { BarChart, type BarChartProps } from './BarChart';
import { ReportTable, type Sorting } from './ReportTable';

interface ReportSectionProps<Row> {
  title: string;
  /** The file's report name: kapaas-<csvName>-<from>-<to>.csv. */
  csvName: string;
  period: { from: string; to: string };
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** The chart of the same rows; a section without one is a table only (the products, the stock). */
  chart?: Omit<BarChartProps<Row>, 'title' | 'rows' | 'tableId'>;
  /** Said instead of an empty chart and table. */
  empty: string;
  /** Controls beside the title (the day / week / month switch). */
  controls?: ReactNode;
  /** Under the table (a pager). */
  footer?: ReactNode;
  /** A row's React key; its position by default. */
  rowKey?: (row: Row, index: number) => string;
  /** The table's columns ask the API for another order (the products report). */
  sorting?: Sorting;
}

/**
 * A report's chart, its table of the same numbers and its CSV of the same table (ADR 055). The table is always in
 * the page: shown by "Table", and otherwise visually hidden but read by screen readers, which the chart points to.
 */
export function ReportSection<Row>(props: ReportSectionProps<Row>) {
  const { title, csvName, period, columns, rows, chart, empty, controls, footer, rowKey, sorting } = props;
  const tableId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // A chart of nothing but zeros (COD parcels shipped, none back) says less than its table: the table is shown.
  const drawable = chart !== undefined && rows.some((row) => chart.series.some((one) => one.value(row) !== 0));
  const showTable = !drawable || view === 'table';
  return (
    <section className="report-section mb-4" aria-label={title}>
      <div className="report-section__bar">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        {controls}
        {drawable && (
          <ButtonGroup size="sm" aria-label={`${title}: show as`}>
            <Button
              variant="outline-secondary"
              active={view === 'chart'}
              aria-pressed={view === 'chart'}
              onClick={() => setView('chart')}
            >
              Chart
            </Button>
            <Button
              variant="outline-secondary"
              active={view === 'table'}
              aria-pressed={view === 'table'}
              onClick={() => setView('table')}
            >
              Table
            </Button>
          </ButtonGroup>
        )}
        <Button
          size="sm"
          variant="outline-primary"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(csvFileName(csvName, period.from, period.to), toCsv(columns, rows))}
        >
          Download CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-body-secondary my-3">{empty}</p>
      ) : (
        <>
          {chart && drawable && view === 'chart' && <BarChart title={title} rows={rows} tableId={tableId} {...chart} />}
          {/* Shown, the table may scroll sideways on a phone: its box is reached by the keyboard, and named. */}
          <div
            className={showTable ? 'table-responsive' : 'visually-hidden'}
            {...(showTable ? { tabIndex: 0, role: 'group', 'aria-label': `${title} (table)` } : {})}
          >
            <ReportTable id={tableId} title={title} columns={columns} rows={rows} rowKey={rowKey} sorting={sorting} />
          </div>
        </>
      )}
      {footer}
    </section>
  );
}
