import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListingChoices, readListingChoices, writeListingChoices } from './listingChoices';

/**
 * The listing's filter and sort choices, read from and written to the URL's query string. Each change is a new
 * history entry, so back and forward step through the shopper's choices; the page does not jump to the top.
 */
export function useListingChoices(defaultCategories: readonly number[]) {
  const [params, setParams] = useSearchParams();
  const choices = useMemo(() => readListingChoices(params), [params]);
  const defaultKey = defaultCategories.join(',');

  const update = useCallback(
    (change: Partial<ListingChoices>) => {
      setParams(
        (current) =>
          writeListingChoices(
            current,
            { ...readListingChoices(current), ...change },
            defaultKey ? defaultKey.split(',').map(Number) : [],
          ),
        { preventScrollReset: true },
      );
    },
    [setParams, defaultKey],
  );

  /** Forgets the filters (categories, size, gender, print) and keeps the sort. */
  const clearFilters = useCallback(() => update({ categories: null, size: null, gender: null, print: null }), [update]);

  return { choices, update, clearFilters };
}
