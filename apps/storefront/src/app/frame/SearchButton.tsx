import { useState } from 'react';
import { SearchIcon } from '../../components/icons';
import { SearchDialog } from '../../features/search/components/SearchDialog';

/** The header's search icon, which opens the search popup (product.md §2, Search). */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => setOpen(true)}
        aria-label="Search"
        aria-haspopup="dialog"
      >
        <SearchIcon />
      </button>
      <SearchDialog show={open} onHide={() => setOpen(false)} />
    </>
  );
}
