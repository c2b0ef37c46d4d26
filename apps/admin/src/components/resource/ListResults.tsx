import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { LoadingState } from '../feedback/LoadingState';
import { QueryErrorAlert } from '../feedback/QueryErrorAlert';
import { Pager } from '../Pager';

/** A column's heading; `hidden` keeps it for screen readers only (a column of buttons, say). */
export interface ListHeading {
  header: string;
  className?: string | undefined;
  hidden?: boolean;
}

interface ListResultsProps<Item> {
  /** A page of the list as the admin API answers it. */
  list: UseQueryResult<{ data: Item[]; per_page: number; total: number }>;
  /** What is listed, in the plural, for "Loading orders". */
  noun: string;
  /** What an empty page says. */
  empty: ReactNode;
  headings: ListHeading[];
  tableClassName?: string | undefined;
  page: number;
  onPage: (page: number) => void;
  /** One item's row (`<tr>` with its key). */
  row: (item: Item) => ReactNode;
}

/** A list's page of results: loading, an error to retry, an empty page, or the table with its pager. */
export function ListResults<Item>({
  list,
  noun,
  empty,
  headings,
  tableClassName,
  page,
  onPage,
  row,
}: ListResultsProps<Item>) {
  if (list.isPending) return <LoadingState label={`Loading ${noun}`} />;
  if (list.isError) return <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      <div className="table-responsive">
        <Table hover className={tableClassName ? `align-middle ${tableClassName}` : 'align-middle'}>
          <thead>
            <tr>
              {headings.map((heading) => (
                <th key={heading.header} scope="col" className={heading.className}>
                  {heading.hidden ? <span className="visually-hidden">{heading.header}</span> : heading.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{list.data.data.map(row)}</tbody>
        </Table>
      </div>
      <Pager page={page} perPage={list.data.per_page} total={list.data.total} onPage={onPage} />
    </>
  );
}
