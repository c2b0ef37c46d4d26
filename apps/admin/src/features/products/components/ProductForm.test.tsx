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
  'GET products': page([jhabla]),
};

const sentTo = (sent: SentRequest[], method: string, path: string) =>
  sent.find((request) => request.method === method && request.path === path);

describe('the product form', () => {
  it('says what is missing or wrong, on each field, before sending anything', async () => {
    signIn();
    const { sent } = stubAdminApi(choices);
    const { user } = renderRoute('/products/new');
    await user.click(await screen.findByRole('button', { name: 'Create product' }));

    expect(await screen.findByLabelText('Name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('This field is required.');

    await user.type(screen.getByLabelText('Price'), '500');
    await user.type(screen.getByLabelText('Sale price'), '600');
    await user.type(screen.getByLabelText('0-3M'), '-2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Stock cannot be negative.')).toBeInTheDocument();
    expect(screen.getByLabelText('0-3M')).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(sent, 'POST', 'products')).toBeUndefined();
  });

  it('lists only the chosen category’s subcategories, and sends the sizes given stock', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'POST products': (request) => ({ success: true, data: { ...jhabla, ...(request.body as object), id: 8 } }),
      'GET products/8': { success: true, data: { ...jhabla, id: 8, name: 'Haldi Frock' } },
    });
    const { user, router } = renderRoute('/products/new');
    await user.type(await screen.findByLabelText('Name'), 'Haldi Frock');
    await user.selectOptions(screen.getByLabelText('Category'), '2');
    const subcategory = screen.getByLabelText('Subcategory');
    expect(within(subcategory).queryByRole('option', { name: 'Jhablas' })).toBeNull();
    await user.selectOptions(subcategory, 'Frocks');
    await user.type(screen.getByLabelText('Price'), '899');
    await user.type(screen.getByLabelText('0-3M'), '4');
    await user.type(screen.getByLabelText('6-12M'), '0');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/8'));
    expect(await screen.findByText('Product “Haldi Frock” created. It is in the shop now.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(sentTo(sent, 'POST', 'products')?.body).toMatchObject({
      name: 'Haldi Frock',
      category_id: 2,
      subcategory_id: 21,
      price: 899,
      discount_price: null,
      sizes: [
        { size_id: 1, stock: 4 },
        { size_id: 3, stock: 0 },
      ],
    });
  });

  it('shows each size’s stock, what unpaid orders hold, and refuses stock below that', async () => {
    signIn();
    const { sent } = stubAdminApi({ ...choices, 'GET products/7': { success: true, data: jhabla } });
    const { user } = renderRoute('/products/7');
    const held = await screen.findByLabelText('3-6M');
    expect(held).toHaveValue(5);
    expect(screen.getByLabelText('0-3M')).toHaveValue(18);
    expect(screen.getByLabelText('6-12M')).toHaveAttribute('placeholder', 'Not sold');
    const row = held.closest('tr');
    expect(row).not.toBeNull();
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '', '2', '3']);

    await user.clear(held);
    await user.type(held, '1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At least 2: unpaid orders hold them.')).toBeInTheDocument();
    expect(sentTo(sent, 'PATCH', 'products/7')).toBeUndefined();
  });

  it('shows each size’s SKU, sends a changed one alone (not the stock), and a taken one’s refusal beside it', async () => {
    signIn();
    const taken = 'The SKU KP-7-3-6M is already used by Haldi Frock.';
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': () =>
        json(409, { success: false, message: taken, code: 'DUPLICATE_SKU', errors: { 'sizes.0.sku': [taken] } }),
    });
    const { user } = renderRoute('/products/7');
    expect(await screen.findByLabelText('SKU of 0-3M')).toHaveValue('KP-7-0-3M');
    const second = screen.getByLabelText('SKU of 3-6M');
    expect(second).toHaveValue('');
    await user.type(second, 'KP-7-3-6M');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'));
    expect(second).toHaveAccessibleDescription(taken);
    // The SKU alone: no stock, which sales may have moved since the form loaded.
    expect(sentTo(sent, 'PATCH', 'products/7')?.body).toEqual(
      expect.objectContaining({ sizes: [{ size_id: 2, sku: 'KP-7-3-6M' }] }),
    );
  });

  it('clears a SKU emptied by the owner, and refuses a malformed one before sending', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': (request) => ({ success: true, data: { ...jhabla, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/products/7');
    const first = await screen.findByLabelText('SKU of 0-3M');
    await user.clear(first);
    await user.type(first, 'KP 7 ✓');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(/letters, digits/);
    expect(sentTo(sent, 'PATCH', 'products/7')).toBeUndefined();

    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentTo(sent, 'PATCH', 'products/7')).toBeDefined());
    expect(sentTo(sent, 'PATCH', 'products/7')?.body).toMatchObject({ sizes: [{ size_id: 1, sku: null }] });
  });

  it('says stock is below what unpaid orders hold together with the other problems, not after them', async () => {
    signIn();
    const { sent } = stubAdminApi({ ...choices, 'GET products/7': { success: true, data: jhabla } });
    const { user } = renderRoute('/products/7');
    const held = await screen.findByLabelText('3-6M');
    await user.clear(screen.getByLabelText('Price'));
    await user.clear(held);
    await user.type(held, '1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('At least 2: unpaid orders hold them.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('This field is required.');
    expect(sentTo(sent, 'PATCH', 'products/7')).toBeUndefined();
  });

  it('sends only the stock the owner changed, so a save cannot undo the sales made meanwhile', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': (request) => ({ success: true, data: { ...jhabla, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/products/7');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Mulmul Jhabla, white');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The shop shows the change now.')).toBeInTheDocument();
    const renamed = sent.filter((request) => request.method === 'PATCH').at(-1)?.body;
    expect(renamed).toMatchObject({ name: 'Mulmul Jhabla, white', price: 549 });
    expect(renamed).not.toHaveProperty('sizes');

    // One size restocked and one size newly made: only those two are sent, 0-3M keeps what sales left.
    await user.clear(screen.getByLabelText('3-6M'));
    await user.type(screen.getByLabelText('3-6M'), '12');
    await user.type(screen.getByLabelText('6-12M'), '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)?.body).toMatchObject({
      sizes: [
        { size_id: 2, stock: 12 },
        { size_id: 3, stock: 4 },
      ],
    });
  });

  it('puts the server’s field errors on their fields, a size’s stock in its own cell', async () => {
    signIn();
    stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': () =>
        json(400, {
          success: false,
          message: 'The discount price must be below the price.',
          errors: {
            discount_price: ['The discount price must be below the price.'],
            'sizes.1.stock': ['Too many pieces for one size.'],
          },
        }),
    });
    const { user } = renderRoute('/products/7');
    await user.type(await screen.findByLabelText('Sale price'), '549');
    await user.clear(screen.getByLabelText('0-3M'));
    await user.type(screen.getByLabelText('0-3M'), '20');
    await user.clear(screen.getByLabelText('3-6M'));
    await user.type(screen.getByLabelText('3-6M'), '40');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByLabelText('Sale price')).toHaveAccessibleDescription(
      expect.stringContaining('The discount price must be below the price.'),
    );
    expect(screen.getByLabelText('3-6M')).toHaveAccessibleDescription('Too many pieces for one size.');
    expect(screen.getByRole('alert')).toHaveTextContent('The discount price must be below the price.');
  });

  it('takes a weight in grams, says empty uses the shop’s default, refuses 0 beside the field', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': (request) => ({ success: true, data: { ...jhabla, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/products/7');
    const weight = await screen.findByLabelText('Weight (grams)');
    expect(weight).toHaveValue(null);
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('Leave empty to use the shop’s default'));
    await user.type(weight, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(weight).toHaveAccessibleDescription(expect.stringContaining('More than 0 grams.'));
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
    await user.clear(weight);
    await user.type(weight, '110');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The shop shows the change now.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)?.body).toMatchObject({ weight_grams: 110 });
    await user.clear(weight);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)?.body).toMatchObject({ weight_grams: null });
  });

  it('shows the server’s refusal of the weight beside it', async () => {
    signIn();
    stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: { ...jhabla, weight_grams: 95 } },
      'PATCH products/7': () =>
        json(400, {
          success: false,
          message: 'Check the weight.',
          errors: { weight_grams: ['At most 30000 grams (30 kg).'] },
        }),
    });
    const { user } = renderRoute('/products/7');
    const weight = await screen.findByLabelText('Weight (grams)');
    expect(weight).toHaveValue(95);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(weight).toHaveAccessibleDescription(expect.stringContaining('At most 30000 grams (30 kg).')),
    );
  });

  it('edits the vendor, the tags (comma-separated) and, under "Search engines", the SEO title and description', async () => {
    signIn();
    const saved = {
      ...jhabla,
      vendor: 'Kapaas',
      tags: ['summer', 'muslin'],
      seo_title: 'Mulmul Jhabla for newborns',
      seo_description: null,
    };
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: saved },
      'PATCH products/7': (request) => ({ success: true, data: { ...saved, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/products/7');
    expect(await screen.findByLabelText('Vendor')).toHaveValue('Kapaas');
    const tags = screen.getByLabelText('Tags');
    expect(tags).toHaveValue('summer, muslin');
    expect(tags).toHaveAccessibleDescription(expect.stringContaining('Separate tags with commas'));
    // The search engines' fields are in a section the owner opens.
    const section = screen.getByText('Search engines');
    expect(section.tagName).toBe('SUMMARY');
    await user.click(section);
    const title = screen.getByLabelText('SEO title');
    expect(title).toHaveValue('Mulmul Jhabla for newborns');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Leave empty to use the product’s name'));
    const description = screen.getByLabelText('SEO description');
    expect(description).toHaveValue('');

    await user.clear(tags);
    await user.type(tags, 'summer, organic cotton, , gift');
    await user.clear(title);
    await user.type(description, 'A soft mulmul jhabla.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The shop shows the change now.')).toBeInTheDocument();
    expect(sentTo(sent, 'PATCH', 'products/7')?.body).toMatchObject({
      vendor: 'Kapaas',
      tags: ['summer', 'organic cotton', 'gift'],
      seo_title: null,
      seo_description: 'A soft mulmul jhabla.',
    });
  });

  it('refuses a tag or an SEO title too long beside its field before sending, and shows the server’s refusal', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': { success: true, data: jhabla },
      'PATCH products/7': () =>
        json(400, {
          success: false,
          message: 'The vendor is at most 100 characters.',
          errors: { vendor: ['The vendor is at most 100 characters.'] },
        }),
    });
    const { user } = renderRoute('/products/7');
    const tags = await screen.findByLabelText('Tags');
    await user.type(tags, `summer, ${'x'.repeat(41)}`);
    await user.click(screen.getByText('Search engines'));
    const title = screen.getByLabelText('SEO title');
    await user.type(title, 't'.repeat(71));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(tags).toHaveAttribute('aria-invalid', 'true'));
    expect(tags).toHaveAccessibleDescription(expect.stringContaining('A tag is at most 40 characters.'));
    expect(title).toHaveAccessibleDescription(expect.stringContaining('The SEO title is at most 70 characters.'));
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.clear(tags);
    await user.clear(title);
    await user.type(screen.getByLabelText('Vendor'), 'Kapaas');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Vendor')).toHaveAccessibleDescription(
        expect.stringContaining('The vendor is at most 100 characters.'),
      ),
    );
  });

  it('archives a product only after the owner confirms', async () => {
    signIn();
    let saved = jhabla;
    const { sent } = stubAdminApi({
      ...choices,
      'GET products/7': () => ({ success: true, data: saved }),
      'PATCH products/7': () => {
        saved = { ...jhabla, status: 'archived', updated_at: '2026-11-21T00:00:00.000Z' };
        return { success: true, data: saved };
      },
    });
    const { user } = renderRoute('/products/7');
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive “Mulmul Jhabla”?' });
    expect(sentTo(sent, 'PATCH', 'products/7')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, archive' }));
    expect(await screen.findByText('This product is archived: shoppers do not see it.')).toBeInTheDocument();
    expect(sentTo(sent, 'PATCH', 'products/7')?.body).toEqual({ status: 'archived' });
  });
});
