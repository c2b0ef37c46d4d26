import { lazy, Suspense, useState } from 'react';
import { SearchIcon } from '../../components/icons';

/** The search popup's code loads when it is first opened, not with every page. */
const SearchDialog = lazy(() =>
  import('../../features/search/components/SearchDialog').then((module) => ({ default: module.SearchDialog })),
);

/** The header's search icon, which opens the search popup (product.md §2, Search). */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label="Search"
        aria-haspopup="dialog"
      >
        <SearchIcon />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
