import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Products and categories whose names match `keyWord`; nothing is asked while it is blank (product.md §5). */
export function useSearchKeyWord(keyWord: string) {
  const term = keyWord.trim();
  return useQuery({
    queryKey: ['search', 'key-word', term.toLowerCase()],
    queryFn: (context) => apiPost('search_key_word', { key_word: term }, context),
    select: (answer) => answer.search_key_word,
    enabled: term !== '',
    // The previous matches stay on screen while the next ones load, so the list does not flicker per keystroke.
    placeholderData: keepPreviousData,
  });
}
