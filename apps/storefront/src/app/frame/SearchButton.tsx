import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { SearchIcon } from '../../components/icons';

/** The header's search icon. The search popup itself (spec §2, Search) comes with the search issue. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-label="Search">
        <SearchIcon />
      </button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby="search-dialog-title">
        <Modal.Header closeButton closeLabel="Close search">
          <Modal.Title as="h2" id="search-dialog-title">
            Search
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">Search is coming soon. Meanwhile, browse the categories from the menu.</p>
        </Modal.Body>
      </Modal>
    </>
  );
}
