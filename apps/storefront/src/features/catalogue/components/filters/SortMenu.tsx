import type { SortCode } from '@kapaas/contract';
import { useId } from 'react';
import { SORT_OPTIONS } from './listingChoices';

interface SortMenuProps {
  /** The id of the listing's filter form: without JavaScript, the sort is sent with it. */
  form: string;
  value: SortCode | null;
  onChange: (sort: SortCode | null) => void;
}

/** The listing's sort menu: 1 New Arrivals, 2 Price High to Low, 3 Price Low to High (product.md §2, §9). */
export function SortMenu({ form, value, onChange }: SortMenuProps) {
  const id = useId();
  return (
    <div className="sort-menu">
      {/* Bootstrap's classes on plain elements: react-bootstrap's Form parts weighed 1.9 KB gzip on the category page. */}
      <label htmlFor={id} className="form-label sort-menu__label">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        form={form}
        className="form-select form-select-sm"
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const code = event.currentTarget.value;
          onChange(code === '' ? null : (Number(code) as SortCode));
        }}
      >
        <option value="">Featured</option>
        {SORT_OPTIONS.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={form} className="btn btn-sm btn-outline-primary">
          Sort
        </button>
      </noscript>
    </div>
  );
}
