import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { QueryParams } from '../../lib/api';
import { useResourceList } from '../../lib/resource';
import { DownloadButton } from '../DownloadButton';
import { PageHeader } from '../PageHeader';
import { ListResults } from './ListResults';
import { ListTools } from './ListTools';
import type { ListFilter, ListScreens } from './screens';

const PER_PAGE = 20;
const noFilters = (): ListFilter[] => [];

/** What a screen passes on after a save, shown once above the list. */
export interface Notice {
  notice?: string;
}

/** The paging, search and filters of a list, kept in the URL so that going back keeps them. */
export function useListParams(filterNames: string[] = []) {
  const [search, setSearch] = useSearchParams();
  // What the last change asked for, until the URL shows it: a second change made before then (a filter chosen, then
  // Search pressed at once) builds on it rather than on the URL of the last render, which would drop the first.
  const asked = useRef<{ from: string; next: URLSearchParams } | null>(null);
  if (asked.current !== null && asked.current.from !== search.toString()) asked.current = null;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const q = search.get('q') ?? '';
  const filters: Record<string, string> = {};
  for (const name of filterNames) filters[name] = search.get(name) ?? '';
  const change = (updates: Record<string, string>) => {
    const next = new URLSearchParams(asked.current?.next ?? search);
    for (const [name, value] of Object.entries(updates)) {
      if (value === '') next.delete(name);
      else next.set(name, value);
    }
    if (!('page' in updates)) next.delete('page');
    asked.current = { from: search.toString(), next };
    setSearch(next);
  };
  const query: QueryParams = { page, per_page: PER_PAGE, q, ...filters };
  return { page, q, filters, query, change };
}

/** A resource's list: search, filters, a table whose first column opens the record, pages, and "Add". */
export function ResourceListPage<Item extends { id: number }>({ screens }: { screens: ListScreens<Item> }) {
  const notice = (useLocation().state as Notice | null)?.notice;
  // The screens of a list never change while it is shown (routes key it by path), so this hook is always the same.
  const loaded = (screens.useFilters ?? noFilters)();
  const allFilters = [...(screens.filters ?? []), ...loaded];
  const filterNames = allFilters.map((filter) => filter.name);
  const { page, q, filters, query, change } = useListParams(filterNames);
  const list = useResourceList<Item>(screens.resource, query);
  const [first, ...rest] = screens.columns;

  return (
    <>
      <PageHeader
        title={screens.title}
        actions={
          <>
            {[screens.download ?? []].flat().map((download) => (
              <DownloadButton key={download.label} {...download} />
            ))}
            {screens.canCreate !== false && (
              <Link to={`${screens.path}/new`} className="btn btn-primary">
                Add {screens.noun}
              </Link>
            )}
          </>
        }
      />
      {notice && (
        <Alert variant="success" role="status">
          {notice}
        </Alert>
      )}
      <ListTools
        searchLabel={`Search ${screens.title.toLowerCase()}`}
        q={q}
        filters={allFilters}
        values={filters}
        onChange={change}
      />
      <ListResults
        list={list}
        noun={screens.title.toLowerCase()}
        empty={
          q || Object.values(filters).some(Boolean)
            ? 'Nothing matches this search.'
            : `No ${screens.title.toLowerCase()} yet.`
        }
        headings={screens.columns}
        tableClassName="resource-table"
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(item) => (
          <tr key={item.id}>
            {first && (
              <td className={first.className}>
                {screens.linkRows === false ? (
                  first.cell(item)
                ) : (
                  <Link to={`${screens.path}/${item.id}`} className="fw-semibold">
                    {first.cell(item)}
                  </Link>
                )}
              </td>
            )}
            {rest.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(item)}
              </td>
            ))}
          </tr>
        )}
      />
    </>
  );
}
