import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { cellText, columnHeader, type ReportColumn } from '../lib/columns';

/** The API's sort in force and how to ask for another (`revenue` is largest first, `-revenue` smallest first). */
export interface Sorting {
  sort: string;
  onSort: (sort: string) => void;
}

interface ReportTableProps<Row> {
  id: string;
  title: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey?: ((row: Row, index: number) => string) | undefined;
  sorting?: Sorting | undefined;
}

/** How a column is sorted now, as aria-sort says it: names A–Z are ascending, figures largest first descending. */
function ariaSort(sortKey: string, sort: string): 'ascending' | 'descending' | undefined {
  if (sort !== sortKey && sort !== `-${sortKey}`) return undefined;
  const reversed = sort.startsWith('-');
  const ascendingFirst = sortKey === 'name';
  return ascendingFirst !== reversed ? 'ascending' : 'descending';
}

function HeaderCell<Row>({ column, sorting }: { column: ReportColumn<Row>; sorting?: Sorting | undefined }) {
  const align = column.kind === 'text' ? undefined : 'text-end';
  const sortKey = column.sortKey;
  if (!sorting || !sortKey) {
    return (
      <th scope="col" className={align}>
        {columnHeader(column)}
      </th>
    );
  }
  const current = ariaSort(sortKey, sorting.sort);
  const arrow = current === 'ascending' ? ' ↑' : current === 'descending' ? ' ↓' : '';
  return (
    <th scope="col" className={align} aria-sort={current ?? 'none'}>
      <Button
        variant="link"
        size="sm"
        className="report-table__sort"
        onClick={() => sorting.onSort(sorting.sort === sortKey ? `-${sortKey}` : sortKey)}
      >
        {columnHeader(column)}
        <span aria-hidden="true">{arrow}</span>
      </Button>
    </th>
  );
}

/** The numbers of a report as a table: what its chart draws and its CSV holds, written for reading. */
export function ReportTable<Row>({ id, title, columns, rows, rowKey, sorting }: ReportTableProps<Row>) {
  return (
    <Table id={id} size="sm" striped className="report-table mb-0">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.label} column={column} sorting={sorting} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey ? rowKey(row, index) : index}>
            {columns.map((column) => (
              <td key={column.label} className={column.kind === 'text' ? undefined : 'text-end'}>
                {cellText(column, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
