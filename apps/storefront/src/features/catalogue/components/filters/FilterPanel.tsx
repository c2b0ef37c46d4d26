import type { Category } from '@kapaas/contract';
import { type ChangeEvent, type MouseEvent, useId } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '#storefront/lib/api.ts';
import { useGenders } from '../../api/useGenders';
import { usePatterns } from '../../api/usePatterns';
import { useSizes } from '../../api/useSizes';
import { effectiveCategories, type ListingChoices } from './listingChoices';
import './filters.css';

interface FilterPanelProps {
  /** Every category, for the Category checkboxes. */
  categories: readonly Category[];
  choices: ListingChoices;
  /** The page's own categories, ticked until the shopper changes them. */
  defaultCategories: readonly number[];
  activeCount: number;
  /** The listing without filters (the sort kept): the Clear link's address, followed without JavaScript. */
  clearHref: string;
  onChange: (change: Partial<ListingChoices>) => void;
  onClear: () => void;
}

/** The filter accordion of a listing (product.md §2): Category checkboxes; Size, Gender and Print radios. */
export function FilterPanel({
  categories,
  choices,
  defaultCategories,
  activeCount,
  clearHref,
  onChange,
  onClear,
}: FilterPanelProps) {
  const sizes = useSizes();
  const genders = useGenders();
  const patterns = usePatterns();
  const titleId = useId();
  const ticked = effectiveCategories(choices, defaultCategories);
  const open = ['category', 'size'];
  if (choices.gender !== null) open.push('gender');
  if (choices.print !== null) open.push('print');

  const toggleCategory = (id: number, checked: boolean) => {
    const next = checked ? [...ticked, id] : ticked.filter((known) => known !== id);
    onChange({ categories: next });
  };

  return (
    <section className="filter-panel" aria-labelledby={titleId}>
      <div className="filter-panel__head">
        <h2 className="filter-panel__title" id={titleId}>
          Filters
        </h2>
        {activeCount > 0 ? (
          <Button
            variant="link"
            size="sm"
            className="filter-panel__clear"
            href={clearHref}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              onClear();
            }}
          >
            Clear filters
          </Button>
        ) : (
          <Button variant="link" size="sm" className="filter-panel__clear" disabled>
            Clear filters
          </Button>
        )}
      </div>
      <Accordion alwaysOpen defaultActiveKey={open} className="filter-accordion">
        <Accordion.Item eventKey="category">
          <Accordion.Header as="h3">Category</Accordion.Header>
          <Accordion.Body>
            <fieldset>
              <legend className="visually-hidden">Category</legend>
              {categories.map((category) => (
                <Choice
                  key={category.category_id}
                  type="checkbox"
                  id={`filter-category-${category.category_id}`}
                  name="category"
                  value={category.category_id}
                  label={category.category_name}
                  checked={ticked.includes(category.category_id)}
                  onChange={(event) => toggleCategory(category.category_id, event.currentTarget.checked)}
                />
              ))}
              {ticked.length === 0 && <p className="filter-panel__hint">No category ticked: showing every category.</p>}
            </fieldset>
          </Accordion.Body>
        </Accordion.Item>
        <RadioSection
          eventKey="size"
          param="size"
          title="Size"
          anyLabel="Any size"
          query={sizes}
          option={(size) => ({ id: size.size_id, label: size.size })}
          value={choices.size}
          onChange={(size) => onChange({ size })}
        />
        <RadioSection
          eventKey="gender"
          param="gender"
          title="Gender"
          anyLabel="Any gender"
          query={genders}
          option={(gender) => ({ id: gender.gender_id, label: gender.gender_name })}
          value={choices.gender}
          onChange={(gender) => onChange({ gender })}
        />
        <RadioSection
          eventKey="print"
          param="print"
          title="Print"
          anyLabel="Any print"
          query={patterns}
          option={(pattern) => ({ id: pattern.pattern_id, label: pattern.pattern })}
          value={choices.print}
          onChange={(print) => onChange({ print })}
        />
      </Accordion>
    </section>
  );
}

interface ChoiceProps {
  type: 'checkbox' | 'radio';
  id: string;
  name: string;
  value: number | string;
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A checkbox or radio with its label, in Bootstrap's markup: react-bootstrap's Form.Check wrote the same elements and
 * brought 1.9 KB gzip of form parts to the category page's first scripts (issue 40).
 */
function Choice({ id, label, ...input }: ChoiceProps) {
  return (
    <div className="form-check">
      <input className="form-check-input" id={id} {...input} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

interface RadioSectionProps<T> {
  eventKey: string;
  /** The query parameter the radios are sent as by the filter form without JavaScript. */
  param: 'size' | 'gender' | 'print';
  title: string;
  anyLabel: string;
  query: { data?: T[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  option: (item: T) => { id: number; label: string };
  value: number | null;
  onChange: (id: number | null) => void;
}

/** One accordion section of radios: "Any …" first, then each choice the shop has. */
function RadioSection<T>({ eventKey, param, title, anyLabel, query, option, value, onChange }: RadioSectionProps<T>) {
  const name = useId();
  return (
    <Accordion.Item eventKey={eventKey}>
      <Accordion.Header as="h3">{title}</Accordion.Header>
      <Accordion.Body>
        {query.isPending ? (
          <div role="status" className="filter-panel__status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Loading…
          </div>
        ) : query.isError ? (
          <div role="alert" className="filter-panel__status">
            {errorMessage(query.error)}{' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <fieldset>
            <legend className="visually-hidden">{title}</legend>
            <Choice
              type="radio"
              id={`${name}-any`}
              name={param}
              value=""
              label={anyLabel}
              checked={value === null}
              onChange={() => onChange(null)}
            />
            {(query.data ?? []).map(option).map(({ id, label }) => (
              <Choice
                key={id}
                type="radio"
                id={`${name}-${id}`}
                name={param}
                value={id}
                label={label}
                checked={value === id}
                onChange={() => onChange(id)}
              />
            ))}
          </fieldset>
        )}
      </Accordion.Body>
    </Accordion.Item>
  );
}
