import type { AdminProduct } from '@kapaas/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ListResults } from '#admin/components/resource/ListResults.tsx';
import { ListTools } from '#admin/components/resource/ListTools.tsx';
import { type Notice, useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import type { ListFilter } from '#admin/components/resource/screens.ts';
import { paths } from '#admin/lib/paths.ts';
import { useResourceList } from '#admin/lib/resource.ts';
import { BulkEditPanel, type BulkSelection } from './BulkEditPanel';
import { productScreens as screens } from './productScreens';

const noFilters = (): ListFilter[] => [];

/**
 * What is ticked, for the list's present search and filters: another search starts an empty selection. `all` is
 * "every product matching this filter", sent to the server as the filter itself rather than as ids.
 */
function useProductSelection(filter: Record<string, string>) {
  const key = JSON.stringify(filter);
  const [state, setState] = useState({ key, ids: new Set<number>(), all: false });
  const current = state.key === key ? state : { key, ids: new Set<number>(), all: false };
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(current.ids);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setState({ key, ids: next, all: false });
  };
  return {
    ids: current.ids,
    all: current.all,
    toggle,
    selectAll: () => setState({ ...current, all: true }),
    clear: () => setState({ key, ids: new Set(), all: false }),
  };
}

function PageTicks(props: { pageIds: number[]; total: number; selection: ReturnType<typeof useProductSelection> }) {
  const { pageIds, total, selection } = props;
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
      <label className="form-check mb-0">
        <input
          type="checkbox"
          className="form-check-input"
          checked={allOnPage || selection.all}
          disabled={selection.all}
          onChange={(event) => selection.toggle(pageIds, event.target.checked)}
        />
        <span className="form-check-label">Select all on this page</span>
      </label>
      {allOnPage && !selection.all && total > pageIds.length && (
        <Button variant="link" className="p-0" onClick={selection.selectAll}>
          Select all {total.toLocaleString('en-IN')} matching this filter
        </Button>
      )}
    </div>
  );
}

/** The products' list with tick boxes and the bulk bar (issue 39): the generic list's search, filters and pages. */
export function ProductListPage() {
  const notice = (useLocation().state as Notice | null)?.notice;
  const loaded = (screens.useFilters ?? noFilters)();
  const allFilters = [...(screens.filters ?? []), ...loaded];
  const { page, q, filters, query, change } = useListParams(allFilters.map((filter) => filter.name));
  const list = useResourceList<AdminProduct>(screens.resource, query);
  const filter = Object.fromEntries(Object.entries({ q, ...filters }).filter(([, value]) => value !== ''));
  const selection = useProductSelection(filter);
  const [applied, setApplied] = useState<string | null>(null);
  const total = list.data?.total ?? 0;
  const chosen: BulkSelection | null = selection.all
    ? { filter }
    : selection.ids.size > 0
      ? { ids: [...selection.ids] }
      : null;

  return (
    <>
      <PageHeader
        title={screens.title}
        actions={
          <>
            {[screens.download ?? []].flat().map((download) => (
              <DownloadButton key={download.label} {...download} />
            ))}
            <Link to={paths.productImport} className="btn btn-outline-primary">
              Import
            </Link>
            <Link to={`${screens.path}/new`} className="btn btn-primary">
              Add {screens.noun}
            </Link>
          </>
        }
      />
      {(applied ?? notice) && (
        <Alert variant="success" role="status">
          {applied ?? notice}
        </Alert>
      )}
      <ListTools searchLabel="Search products" q={q} filters={allFilters} values={filters} onChange={change} />
      {chosen && (
        <BulkEditPanel
          selection={chosen}
          described={
            selection.all
              ? `all ${total.toLocaleString('en-IN')} products matching this filter`
              : `${selection.ids.size} ${selection.ids.size === 1 ? 'product' : 'products'}`
          }
          onClear={selection.clear}
          onApplied={(message) => {
            setApplied(message);
            selection.clear();
          }}
        />
      )}
      {list.data && list.data.data.length > 0 && (
        <PageTicks pageIds={list.data.data.map((p) => p.id)} total={total} selection={selection} />
      )}
      <ProductRows
        list={list}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        selection={selection}
        filtered={Object.keys(filter).length > 0}
      />
    </>
  );
}

function ProductRows(props: {
  list: ReturnType<typeof useResourceList<AdminProduct>>;
  page: number;
  onPage: (page: number) => void;
  selection: ReturnType<typeof useProductSelection>;
  filtered: boolean;
}) {
  const { list, page, onPage, selection, filtered } = props;
  const [first, ...rest] = screens.columns;
  return (
    <ListResults
      list={list}
      noun="products"
      empty={filtered ? 'Nothing matches this search.' : 'No products yet.'}
      headings={[{ header: 'Selected', hidden: true, className: 'col-check' }, ...screens.columns]}
      tableClassName="resource-table"
      page={page}
      onPage={onPage}
      row={(product) => (
        <tr key={product.id}>
          <td className="col-check">
            <input
              type="checkbox"
              className="form-check-input"
              aria-label={`Select ${product.name}`}
              checked={selection.all || selection.ids.has(product.id)}
              disabled={selection.all}
              onChange={(event) => selection.toggle([product.id], event.target.checked)}
            />
          </td>
          {first && (
            <td className={first.className}>
              <Link to={`${screens.path}/${product.id}`} className="fw-semibold">
                {first.cell(product)}
              </Link>
            </td>
          )}
          {rest.map((column) => (
            <td key={column.header} className={column.className}>
              {column.cell(product)}
            </td>
          ))}
        </tr>
      )}
    />
  );
}
