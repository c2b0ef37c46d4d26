import type { AdminSizeChart } from '@kapaas/contract';
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
};

const figures = {
  age_min_months: 3,
  age_max_months: 6,
  height_min_cm: 61,
  height_max_cm: 67,
  weight_min_kg: 6.1,
  weight_max_kg: 7.6,
  chest_cm: 44,
  length_cm: 38,
};

const categoryChart: AdminSizeChart = {
  source: 'category',
  chart_id: 5,
  category_id: 1,
  product_id: null,
  rows: [{ size_id: 2, size: '3-6M', ...figures }],
  updated_at: '2026-11-28T09:00:00.000Z',
};

const puts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'PUT').map((request) => ({ path: request.path, body: request.body }));

describe('Catalogue → Size charts', () => {
  it('shows the category’s chart as a table, a row per size, and saves the sizes typed as numbers', async () => {
    signIn();
    const { sent } = stubAdminApi({
      ...choices,
      'GET size-charts/category/1': { success: true, data: categoryChart },
      'PUT size-charts/category/1': (request) => ({
        success: true,
        data: { ...categoryChart, rows: (request.body as { rows: object[] }).rows },
      }),
    });
    const { user } = renderRoute('/size-charts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Size charts' })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['0-3M', '3-6M', '6-12M']);
    expect(screen.getByLabelText('3-6M height from (cm)')).toHaveValue(61);
    expect(screen.getByLabelText('3-6M weight to (kg)')).toHaveValue(7.6);
    expect(screen.getByLabelText('0-3M chest (cm)')).toHaveValue(null);

    await user.clear(screen.getByLabelText('3-6M chest (cm)'));
    await user.type(screen.getByLabelText('3-6M chest (cm)'), '45');
    await user.click(screen.getByRole('button', { name: 'Save the chart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(puts(sent)).toEqual([
      { path: 'size-charts/category/1', body: { rows: [{ size_id: 2, ...figures, chest_cm: 45 }] } },
    ]);
    expect(screen.getByRole('link', { name: 'Size charts' })).toHaveAttribute('href', '/size-charts');
  });

  it('says beside the field what is wrong before asking the API: a max below its min, a size half filled', async () => {
    signIn();
    const { sent } = stubAdminApi({ ...choices, 'GET size-charts/category/1': { success: true, data: categoryChart } });
    const { user } = renderRoute('/size-charts');
    const heightTo = await screen.findByLabelText('3-6M height to (cm)');
    await user.clear(heightTo);
    await user.type(heightTo, '60');
    await user.type(screen.getByLabelText('6-12M age from (months)'), '6');
    await user.click(screen.getByRole('button', { name: 'Save the chart' }));
    await waitFor(() => expect(heightTo).toHaveAccessibleDescription('Must not be less than the minimum.'));
    expect(heightTo).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('6-12M age to (months)')).toHaveAccessibleDescription('Give a number.');
    expect(screen.getByLabelText('0-3M age to (months)')).not.toHaveAttribute('aria-invalid');
    expect(puts(sent)).toEqual([]);
  });

  it('shows the API’s refusal beside the row it names, counted among the sizes typed', async () => {
    signIn();
    stubAdminApi({
      ...choices,
      'GET size-charts/category/1': { success: true, data: categoryChart },
      'PUT size-charts/category/1': json(400, {
        success: false,
        message: 'There is no such size.',
        errors: { 'rows.0.size_id': ['There is no such size.'], 'rows.0.chest_cm': ['At most 200 cm.'] },
      }),
    });
    const { user } = renderRoute('/size-charts');
    await user.click(await screen.findByRole('button', { name: 'Save the chart' }));
    // rows.0 is the first size sent, 3-6M: the second shown.
    expect(await screen.findByLabelText('3-6M chest (cm)')).toHaveAccessibleDescription('At most 200 cm.');
  });
});

describe('a product’s own size chart', () => {
  it('starts from its category’s chart, then can be dropped to fall back on it', async () => {
    signIn();
    const own: AdminSizeChart = { ...categoryChart, source: 'product', chart_id: 9, product_id: jhabla.id };
    let current: AdminSizeChart = { ...categoryChart, product_id: jhabla.id };
    const { sent } = stubAdminApi({
      ...choices,
      [`GET products/${jhabla.id}`]: { success: true, data: jhabla },
      [`GET size-charts/product/${jhabla.id}`]: () => ({ success: true, data: current }),
      [`PUT size-charts/product/${jhabla.id}`]: () => {
        current = own;
        return { success: true, data: own };
      },
      [`DELETE size-charts/product/${jhabla.id}`]: () => {
        current = { ...categoryChart, product_id: jhabla.id };
        return { success: true, data: current };
      },
    });
    const { user } = renderRoute(`/products/${jhabla.id}`);
    const section = within(await screen.findByRole('region', { name: 'Size chart' }));
    expect(await section.findByText(/It shows its category’s chart \(3-6M\)/)).toBeVisible();
    await user.click(section.getByRole('button', { name: 'Give it its own chart, starting from the category’s' }));
    expect(await section.findByText('This product has its own chart, in place of its category’s.')).toBeVisible();
    expect(puts(sent)).toEqual([
      { path: `size-charts/product/${jhabla.id}`, body: { rows: [{ size_id: 2, ...figures }] } },
    ]);
    expect(section.getByLabelText('3-6M length (cm)')).toHaveValue(38);

    await user.click(section.getByRole('button', { name: 'Use the category’s chart' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, drop it' }));
    expect(await section.findByText(/It shows its category’s chart/)).toBeVisible();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });
});
