import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ListingPagination } from './ListingPagination';
import { pageSearch, readPageNumber } from './listingPaging';

/** The control as a listing draws it: its page from the URL, its links keeping the URL's other parameters. */
function PagedListing({ pages, onNavigate }: { pages: number; onNavigate?: (page: number) => void }) {
  const [params] = useSearchParams();
  return (
    <ListingPagination
      page={readPageNumber(params)}
      pages={pages}
      searchFor={(page) => pageSearch(params, page)}
      onNavigate={onNavigate}
    />
  );
}

function renderAt(at: string, pages: number, onNavigate?: (page: number) => void) {
  const router = createMemoryRouter(
    [{ path: '/category-page/:id', element: <PagedListing pages={pages} onNavigate={onNavigate} /> }],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const pages = () => within(screen.getByRole('navigation', { name: 'Pages' }));
/** The page numbers offered, in order, with … for a gap; both the phone's row and the wider row's. */
const row = () =>
  pages()
    .getAllByRole('listitem')
    .slice(1, -1)
    .map((item) => (item.textContent === '…More pages' ? '…' : item.textContent));

describe('the page links under a listing', () => {
  it('draws nothing for a listing of one page or none', () => {
    renderAt('/category-page/1', 1);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('on the first page: Previous is not a link, page 1 is current with a clean address, Next leads to ?page=2', () => {
    renderAt('/category-page/1', 40);

    expect(pages().queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(pages().getByText('Previous page').closest('li')).toHaveClass('page-item', 'disabled');
    expect(pages().getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(pages().getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/category-page/1');
    expect(pages().getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(pages().getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/category-page/1?page=2');
    expect(pages().getByRole('link', { name: 'Page 40' })).toHaveAttribute('href', '/category-page/1?page=40');
    // Phone: 1 2 3 … 40; wider: 1 2 3 4 5 … 40, merged into one list.
    expect(row()).toEqual(['1', '2', '3', '…', '4', '5', '…', '40']);
  });

  it('on the last page: Next is not a link and Previous leads back one page', () => {
    renderAt('/category-page/1?page=40', 40);

    expect(pages().queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(pages().getByText('Next page').closest('li')).toHaveClass('disabled');
    expect(pages().getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/category-page/1?page=39');
    expect(pages().getByRole('link', { name: 'Page 40' })).toHaveAttribute('aria-current', 'page');
  });

  it('in the middle: the ends, the neighbours and gaps, each link keeping the filters and sort', () => {
    renderAt('/category-page/1?size=3&page=20&sort=2', 40);

    // Phone: 1 … 20 … 40; wider: 1 … 19 20 21 … 40.
    expect(row()).toEqual(['1', '…', '19', '20', '…', '21', '…', '40']);
    expect(pages().getByRole('link', { name: 'Page 21' })).toHaveAttribute(
      'href',
      '/category-page/1?size=3&page=21&sort=2',
    );
    expect(pages().getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/category-page/1?size=3&sort=2');
    expect(pages().getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/category-page/1?size=3&page=19&sort=2',
    );
  });

  it('hides the wider row’s extra numbers on a phone and the phone’s extra gaps from 768 px up', () => {
    renderAt('/category-page/1?page=20', 40);

    const itemOf = (name: string) => pages().getByRole('link', { name }).closest('li');
    expect(itemOf('Page 19')).toHaveClass('d-none', 'd-md-block');
    expect(itemOf('Page 21')).toHaveClass('d-none', 'd-md-block');
    expect(itemOf('Page 20')).not.toHaveClass('d-none');
    expect(itemOf('Page 1')).not.toHaveClass('d-none');
    const gaps = pages()
      .getAllByText('More pages')
      .map((gap) => gap.closest('li'));
    expect(gaps.map((gap) => gap?.className.includes('d-md-none'))).toEqual([false, true, false]);
    expect(gaps.map((gap) => gap?.className.includes('d-none d-md-block'))).toEqual([false, false, true]);
  });

  it('groups large page numbers the Indian way', () => {
    renderAt('/category-page/1?page=2084', 2084);
    expect(pages().getByRole('link', { name: 'Page 2,084' })).toHaveTextContent('2,084');
  });

  it('follows a link to its page and says so, so the listing can move the shopper to the top of the grid', async () => {
    const onNavigate = vi.fn();
    const { router, user } = renderAt('/category-page/1?size=3', 40, onNavigate);

    await user.click(pages().getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?size=3&page=2');
    expect(onNavigate).toHaveBeenLastCalledWith(2);
    expect(pages().getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(pages().getByRole('link', { name: 'Page 1' }));
    expect(router.state.location.search).toBe('?size=3');
    expect(onNavigate).toHaveBeenLastCalledWith(1);
  });
});
