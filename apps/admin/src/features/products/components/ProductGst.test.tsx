import type { AdminProduct } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { categories, genders, jhabla, patterns, sizes, subcategories } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const choices = {
  'GET categories': page(categories),
  'GET subcategories': page(subcategories),
  'GET sizes': page(sizes),
  'GET patterns': page(patterns),
  'GET genders': page(genders),
  // The product's page shows its size chart below the form (ADR 056): none here.
  ...Object.fromEntries(
    [7, 8].map((id) => [
      `GET size-charts/product/${id}`,
      {
        success: true,
        data: { source: 'none', chart_id: null, category_id: 1, product_id: id, rows: [], updated_at: null },
      },
    ]),
  ),
};

const patches = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'PATCH' && request.path === path).map((request) => request.body);

/** A frock at ₹2,799: between ₹2,625 and ₹2,950, so taxed at 18 %. */
const frock: AdminProduct = {
  ...jhabla,
  id: 8,
  name: 'Silk Frock',
  category_id: 2,
  subcategory_id: 21,
  price: 2799,
  hsn_code: null,
  hsn: '6209',
  in_gst_band: true,
};

describe('a product’s HSN code', () => {
  it('shows the category’s code until the owner gives one, and sends null for “the category’s”', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': (request) => ({ success: true, data: { ...jhabla, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/products/7');
    const hsn = await screen.findByLabelText('HSN code');
    expect(hsn).toHaveValue('');
    expect(hsn).toHaveAttribute('placeholder', '6111');
    expect(hsn).toHaveAccessibleDescription(expect.stringContaining('Leave empty to use the category’s code, 6111.'));

    // Another category, another default.
    // By value: user-event compares an option's innerHTML, where & is written &amp;.
    await user.selectOptions(screen.getByLabelText('Category'), '2');
    expect(hsn).toHaveAttribute('placeholder', '6209');
    await user.selectOptions(screen.getByLabelText('Category'), 'Newborn Essentials');
    await user.selectOptions(screen.getByLabelText('Subcategory'), 'Jhablas');

    await user.type(hsn, '611');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(hsn).toHaveAccessibleDescription(expect.stringContaining('An HSN code has 4, 6 or 8 digits'));
    expect(patches(sent, 'products/7')).toEqual([]);

    await user.type(hsn, '120');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(sent, 'products/7')).toHaveLength(1));
    expect(patches(sent, 'products/7')[0]).toMatchObject({ hsn_code: '611120' });

    await user.clear(screen.getByLabelText('HSN code'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(sent, 'products/7')).toHaveLength(2));
    expect(patches(sent, 'products/7')[1]).toMatchObject({ hsn_code: null });
  });

  it('is a field of a category, sent as typed', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET categories/2': { success: true, data: categories[1] },
      'PATCH categories/2': (request) => ({
        success: true,
        data: { ...categories[1], ...(request.body as object) },
      }),
      'GET categories': page(categories),
    });
    const { user } = renderRoute('/categories/2');
    const hsn = await screen.findByLabelText('HSN code');
    expect(hsn).toHaveValue('6209');
    await user.clear(hsn);
    await user.type(hsn, '6302');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patches(sent, 'categories/2')).toHaveLength(1));
    expect(patches(sent, 'categories/2')[0]).toMatchObject({ hsn_code: '6302' });
  });
});

describe('the GST band on the product list', () => {
  it('marks a product priced in the band, and lists only those when asked', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products': (request) => page(request.query.get('gst_band') === 'true' ? [frock] : [jhabla, frock]) as object,
    });
    const { user } = renderRoute('/products');
    const frockRow = await screen.findByRole('row', { name: /Silk Frock/ });
    expect(within(frockRow).getByTitle(/taxed at 18 %/)).toHaveTextContent(
      'Price it at ₹2,625 or below (5 %), or above ₹2,950.',
    );
    expect(within(screen.getByRole('row', { name: /Mulmul Jhabla/ })).queryByTitle(/taxed at 18 %/)).toBeNull();

    await user.selectOptions(screen.getByLabelText('GST band'), 'Priced in the GST band (₹2,625–₹2,950)');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Mulmul Jhabla/ })).toBeNull());
    const lists = sent.filter((request) => request.method === 'GET' && request.path === 'products');
    expect(lists.at(-1)?.query.get('gst_band')).toBe('true');
  });

  it('warns on the product’s own page', async () => {
    signIn();
    stubAdminApi({ ...choices, 'GET products/8': { success: true, data: frock } });
    renderRoute('/products/8');
    expect(await screen.findByText(/such a piece is taxed at 18 %/)).toBeInTheDocument();
  });
});

// The server's refusal of a code reaches the field like any other.
describe('the server’s word on an HSN code', () => {
  it('is shown beside the field', async () => {
    signIn();
    stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': () =>
        json(400, {
          success: false,
          message: 'The product could not be saved.',
          errors: { hsn_code: ['An HSN code has 4, 6 or 8 digits, e.g. 6111.'] },
        }),
    });
    const { user } = renderRoute('/products/7');
    await user.type(await screen.findByLabelText('HSN code'), '6111');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('HSN code')).toHaveAccessibleDescription(
      expect.stringContaining('An HSN code has 4, 6 or 8 digits, e.g. 6111.'),
    );
  });
});
