import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '#storefront/lib/api.ts';
import { useSearchKeyWord } from '../api/useSearchKeyWord';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import '../search.css';
import { paths } from '#storefront/lib/paths.ts';

/** The pause after the last keystroke before the shop is asked (product.md §9: about 250 ms). */
export const SEARCH_DEBOUNCE_MS = 250;
/** The longest text the server looks at (contract KEY_WORD_MAX_LENGTH). */
const KEY_WORD_MAX_LENGTH = 100;

interface SearchDialogProps {
  show: boolean;
  onHide: () => void;
}

/** The search popup (product.md §2, Search): a text box and the matching products and categories. */
export function SearchDialog({ show, onHide }: SearchDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => inputRef.current?.focus()}
      aria-labelledby="search-dialog-title"
      className="search-dialog"
    >
      <Modal.Header closeButton closeLabel="Close search">
        <Modal.Title as="h2" id="search-dialog-title">
          Search
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SearchPanel inputRef={inputRef} onDone={onHide} />
      </Modal.Body>
    </Modal>
  );
}

interface SearchOption {
  id: string;
  label: string;
  to: string;
}

interface SearchPanelProps {
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** Called after the shopper opened a result. */
  onDone: () => void;
}

/**
 * A combobox with a listbox popup (WAI-ARIA APG): focus stays in the text box, the arrow keys move the active
 * result (aria-activedescendant), Enter opens it; Escape is the dialog's and closes the popup.
 */
function SearchPanel({ inputRef, onDone }: SearchPanelProps) {
  const ids = useId();
  const listboxId = `${ids}-results`;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const term = text.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const search = useSearchKeyWord(debounced);

  const products: SearchOption[] = (term === '' ? [] : (search.data?.product ?? [])).map((product) => ({
    id: `${ids}-product-${product.product_id}`,
    label: product.product_name,
    to: paths.product(product.product_id, product.product_name),
  }));
  const categories: SearchOption[] = (term === '' ? [] : (search.data?.category ?? [])).map((category) => ({
    id: `${ids}-category-${category.category_id}`,
    label: category.category_name,
    to: paths.category(category.category_id),
  }));
  const options = [...products, ...categories];
  const activeIndex = options.findIndex((option) => option.id === activeId);
  const active = activeIndex >= 0 ? options[activeIndex] : undefined;
  const pending = term !== '' && (term !== debounced || search.isFetching);
  const expanded = options.length > 0;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const open = (option: SearchOption) => {
    navigate(option.to);
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex < 0 ? (step === 1 ? -1 : options.length) : activeIndex;
      setActiveId(options[(from + step + options.length) % options.length]?.id ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // With no result chosen yet, Enter opens the best match.
      const chosen = active ?? options[0];
      if (chosen) open(chosen);
    }
  };

  return (
    <div className="search-panel">
      <label htmlFor={`${ids}-input`} className="form-label">
        Search products and categories
      </label>
      <input
        ref={inputRef}
        id={`${ids}-input`}
        type="search"
        className="form-control"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={active?.id}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={KEY_WORD_MAX_LENGTH}
        placeholder="Try “jhabla” or “swaddle”"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="search-results">
        {term === '' ? (
          <p className="search-results__state">Type a word to find products and categories.</p>
        ) : expanded ? (
          <div role="listbox" id={listboxId} aria-label="Search results" className="search-results__list">
            <OptionGroup
              id={`${ids}-products`}
              label="Products"
              options={products}
              {...{ active, setActiveId, open }}
            />
            <OptionGroup
              id={`${ids}-categories`}
              label="Categories"
              options={categories}
              {...{ active, setActiveId, open }}
            />
          </div>
        ) : pending ? (
          <p className="search-results__state">
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
            Searching…
          </p>
        ) : search.isError ? (
          <p className="search-results__state text-danger">{errorMessage(search.error)}</p>
        ) : (
          <p className="search-results__state">No results for “{debounced}”.</p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement(term, pending, search.isError, products.length, categories.length)}
      </p>
    </div>
  );
}

interface OptionGroupProps {
  id: string;
  label: string;
  options: SearchOption[];
  active: SearchOption | undefined;
  setActiveId: (id: string) => void;
  open: (option: SearchOption) => void;
}

function OptionGroup({ id, label, options, active, setActiveId, open }: OptionGroupProps) {
  if (options.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (WAI-ARIA APG); a fieldset is for form controls
    <div role="group" aria-labelledby={id}>
      <div role="presentation" id={id} className="search-results__group-label">
        {label}
      </div>
      {options.map((option) => (
        <Link
          key={option.id}
          id={option.id}
          to={option.to}
          role="option"
          aria-selected={option === active}
          tabIndex={-1}
          className="search-option"
          onMouseEnter={() => setActiveId(option.id)}
          // Keeps focus in the text box while the pointer picks a result.
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            open(option);
          }}
        >
          {option.label}
        </Link>
      ))}
    </div>
  );
}

/** What a screen reader hears once the results settle. */
function announcement(term: string, pending: boolean, failed: boolean, products: number, categories: number) {
  if (term === '' || pending || failed) return '';
  if (products + categories === 0) return 'No results';
  const productText = `${products} ${products === 1 ? 'product' : 'products'}`;
  const categoryText = `${categories} ${categories === 1 ? 'category' : 'categories'}`;
  return `${productText} and ${categoryText} found`;
}
