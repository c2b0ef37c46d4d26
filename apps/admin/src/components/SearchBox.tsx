import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';

interface SearchBoxProps {
  /** The search in force. */
  value: string;
  /** What is searched, e.g. "Search products". */
  label: string;
  onSearch: (text: string) => void;
}

/** A search field that applies on Enter or "Search", and can be cleared. */
export function SearchBox({ value, label, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="search-box">
      <form className="d-flex gap-2" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={`${label}…`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
        {value !== '' && (
          <Button
            variant="link"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        )}
      </form>
    </search>
  );
}
