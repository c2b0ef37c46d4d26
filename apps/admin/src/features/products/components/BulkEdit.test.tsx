import type { AdminBulkPreviewAnswer, AdminBulkRow, AdminProduct } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { categories, jhabla, sizes, subcategories } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const frock: AdminProduct = { ...jhabla, id: 8, name: 'Silk Frock', price: 1299, discount_price: 1199 };

const state = (product: AdminProduct, price = product.price) => ({
  price,
  discount_price: product.discount_price,
  category_id: product.category_id,
  subcategory_id: product.subcategory_id,
  status: product.status,
  sizes: product.sizes.map((s) => ({ size_id: s.size_id, size: s.size, stock: s.stock })),
});

const rows: AdminBulkRow[] = [
  {
    id: 8,
    name: 'Silk Frock',
    outcome: 'refused',
    reason: 'Its discount price ₹1,199 would not be below the new price ₹1,169: change or clear the discount first.',
    before: state(frock),
    after: state(frock),
  },
  { id: 7, name: 'Mulmul Jhabla', outcome: 'change', reason: null, before: state(jhabla), after: state(jhabla, 494) },
];
const preview: AdminBulkPreviewAnswer = {
  success: true,
  data: { selected: 2, changed: 1, unchanged: 0, refused: 1, rows },
};

function shopApi(total = 2, extra: Record<string, (request: SentRequest) => object | Response> = {}) {
  return stubAdminApi({
    'GET categories': page(categories),
    'GET subcategories': page(subcategories),
    'GET sizes': page(sizes),
    'GET patterns': page([]),
    'GET genders': page([]),
    'GET products': { success: true, data: [jhabla, frock], page: 1, per_page: 20, total },
    'POST products/bulk/preview': () => preview,
    'POST products/bulk/apply': () => ({ success: true, data: { selected: 2, changed: 1, unchanged: 0, refused: 1 } }),
    ...extra,
  });
}

const posted = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

describe('bulk edits in the products list', () => {
  it('ticks two products, previews a 10 % cut with its refused row, applies the previewed body and says what it did', async () => {
    signIn();
    const { sent } = shopApi();
    const { user } = renderRoute('/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Mulmul Jhabla' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Silk Frock' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk edit' }));
    expect(bar.getByText('Selected: 2 products')).toBeVisible();

    await user.type(bar.getByLabelText('Change (%)'), '-10');
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    const table = within(await bar.findByRole('region', { name: 'Preview' }));
    expect(table.getByRole('status')).toHaveTextContent('2 products: 1 will change, 0 unchanged, 1 refused.');
    const [, refusedRow, changedRow] = table.getAllByRole('row');
    expect(refusedRow).toHaveTextContent(/Silk Frock₹1,199 \(list ₹1,299\)₹1,199 \(list ₹1,299\)Refused/);
    expect(refusedRow).toHaveTextContent('would not be below the new price ₹1,169');
    expect(changedRow).toHaveTextContent('Mulmul Jhabla₹549₹494Changes');
    expect(posted(sent, 'products/bulk/preview')).toEqual([
      { ids: [7, 8], action: { kind: 'price_percent', percent: -10 } },
    ]);
    expect(posted(sent, 'products/bulk/apply')).toEqual([]);

    const listsBefore = sent.filter((request) => request.path === 'products').length;
    await user.click(table.getByRole('button', { name: 'Apply to 1 product' }));
    expect(await screen.findByText('Changed 1 of 2 products; 0 unchanged, 1 refused.')).toBeVisible();
    expect(posted(sent, 'products/bulk/apply')).toEqual(posted(sent, 'products/bulk/preview'));
    await waitFor(() =>
      expect(sent.filter((request) => request.path === 'products').length).toBeGreaterThan(listsBefore),
    );
    expect(screen.queryByRole('region', { name: 'Bulk edit' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Silk Frock' })).not.toBeChecked();
  });

  it('shows errors beside the field: the contract’s before sending, the server’s after', async () => {
    signIn();
    const { sent } = shopApi(2, {
      'POST products/bulk/preview': () =>
        json(400, {
          success: false,
          message: 'The subcategory belongs to another category.',
          errors: { 'action.subcategory_id': ['The subcategory belongs to another category.'] },
        }),
    });
    const { user } = renderRoute('/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Mulmul Jhabla' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk edit' }));
    await user.type(bar.getByLabelText('Change (%)'), '600');
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    expect(bar.getByLabelText('Change (%)')).toHaveAccessibleDescription(
      expect.stringContaining('A price may go up by at most 500 %.'),
    );
    await user.clear(bar.getByLabelText('Change (%)'));
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    expect(bar.getByLabelText('Change (%)')).toHaveAccessibleDescription(expect.stringContaining('Enter a number.'));
    expect(posted(sent, 'products/bulk/preview')).toEqual([]);

    await user.selectOptions(bar.getByLabelText('Action'), 'move_category');
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    expect(bar.getByLabelText('Category')).toHaveAccessibleDescription(expect.stringContaining('Choose a category.'));
    await user.selectOptions(bar.getByLabelText('Category'), '2');
    await user.selectOptions(bar.getByLabelText('Subcategory'), 'Frocks');
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(bar.getByLabelText('Subcategory')).toHaveAccessibleDescription(
        expect.stringContaining('The subcategory belongs to another category.'),
      ),
    );
    expect(posted(sent, 'products/bulk/preview')).toEqual([
      { ids: [7], action: { kind: 'move_category', category_id: 2, subcategory_id: 21 } },
    ]);
  });

  it('“select all matching this filter” sends the list’s filter, not the ids of one page', async () => {
    signIn();
    const { sent } = shopApi(45);
    const { user } = renderRoute('/products?category_id=1&q=jhabla');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 45 matching this filter' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk edit' }));
    expect(bar.getByText('Selected: all 45 products matching this filter')).toBeVisible();
    await user.selectOptions(bar.getByLabelText('Action'), 'archive');
    await user.click(bar.getByRole('button', { name: 'Preview' }));
    await bar.findByRole('region', { name: 'Preview' });
    expect(posted(sent, 'products/bulk/preview')).toEqual([
      { filter: { q: 'jhabla', category_id: '1' }, action: { kind: 'archive' } },
    ]);
  });
});
