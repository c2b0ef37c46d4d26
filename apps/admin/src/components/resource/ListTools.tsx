import { SearchBox } from '../SearchBox';
import type { ListFilter } from './screens';

interface ListToolsProps {
  /** The search box's label, e.g. "Search products". */
  searchLabel: string;
  q: string;
  filters: readonly ListFilter[];
  /** Each filter's chosen value by name ('' for all). */
  values: Record<string, string>;
  onChange: (updates: Record<string, string>) => void;
}

/** A list's search box and one select per filter, above its results. */
export function ListTools({ searchLabel, q, filters, values, onChange }: ListToolsProps) {
  return (
    <div className="list-tools">
      <SearchBox value={q} label={searchLabel} onSearch={(text) => onChange({ q: text })} />
      {filters.map((filter) => (
        <select
          key={filter.name}
          className="form-select list-tools__filter"
          aria-label={filter.label}
          value={values[filter.name]}
          onChange={(event) => onChange({ [filter.name]: event.target.value })}
        >
          <option value="">{filter.label}: all</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
